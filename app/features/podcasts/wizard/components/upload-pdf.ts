// XMLHttpRequest, because its upload events give the real progress.
import { podcastMessages, type TitledMessage } from "~/features/podcasts/messages";
import { checkPdfFile, PDF_HEAD_BYTES } from "~/features/podcasts/pdf-file-check";

export type UploadResult = { ok: true; storyId: string; storyTitle: string } | { ok: false; error: TitledMessage };

export async function checkChosenFile(file: File | null | undefined) {
  if (!file) return checkPdfFile(null);
  const head = new Uint8Array(await file.slice(0, PDF_HEAD_BYTES).arrayBuffer());
  return checkPdfFile({ size: file.size, head });
}

export function uploadPdf(file: File, onProgress: (fraction: number) => void): Promise<UploadResult> {
  const failed = podcastMessages.upload.failed;
  return new Promise((resolve) => {
    const form = new FormData();
    form.set("pdfFile", file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/stories/upload");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText || "{}") as Record<string, unknown>;
      } catch {
        body = {};
      }
      if (xhr.status === 201 && typeof body.storyId === "string") {
        resolve({ ok: true, storyId: body.storyId, storyTitle: String(body.storyTitle ?? "") });
        return;
      }
      const title = typeof body.title === "string" ? body.title : failed.title;
      const description = typeof body.message === "string" ? body.message : failed.description;
      resolve({ ok: false, error: { title, description } });
    };
    xhr.onerror = () => resolve({ ok: false, error: failed });
    xhr.send(form);
  });
}
