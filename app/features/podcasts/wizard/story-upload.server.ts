// A part over its limit is counted and dropped, not held in memory, so the answer is the spec's 'File too large'.
import { podcastMessages } from "~/features/podcasts/messages";
import { MAX_PDF_BYTES, type StoryUpload } from "~/features/podcasts/stories.server";
import { MultipartError, readMultipartForm } from "~/lib/multipart.server";

import { PodcastRequestError } from "../errors";

const HARD_CAP_BYTES = 5 * MAX_PDF_BYTES;
const MAX_TEXT_FIELD_BYTES = 1024 * 1024;
const KEPT = new Set(["storyTitle", "storyContent", "pdfFile"]);

async function readMultipart(request: Request) {
  const { form, oversized } = await readMultipartForm(request, {
    maxBodyBytes: HARD_CAP_BYTES,
    maxFileBytes: MAX_PDF_BYTES,
    maxFieldBytes: MAX_TEXT_FIELD_BYTES,
    maxFields: Infinity,
    maxParts: Infinity,
    maxFiles: 1,
    keep: (name) => KEPT.has(name),
    // Read on past a part's limit (so the answer reaches the browser) but keep nothing of it.
    oversized: "drop",
  });
  const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : null);
  const pdf = form.get("pdfFile");
  const file = pdf instanceof File ? { bytes: new Uint8Array(await pdf.arrayBuffer()), name: pdf.name } : null;
  return { storyTitle: text("storyTitle"), storyContent: text("storyContent"), file, oversized: oversized[0] ?? null };
}

export async function readStoryUpload(request: Request): Promise<StoryUpload> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("multipart/form-data")) {
      const { storyTitle, storyContent, file, oversized } = await readMultipart(request);
      if (oversized === "pdfFile") throw new PodcastRequestError(413, podcastMessages.upload.tooLarge, "pdfFile");
      if (oversized)
        throw new PodcastRequestError(
          413,
          oversized === "storyTitle" ? podcastMessages.upload.titleTooLong : podcastMessages.upload.contentTooLong,
          oversized,
        );
      return { storyTitle, storyContent, pdf: file };
    }
    if (type.includes("application/x-www-form-urlencoded")) {
      const form = await request.formData();
      const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : null);
      return { storyTitle: text("storyTitle"), storyContent: text("storyContent"), pdf: null };
    }
    if (type.includes("application/json")) {
      const body = (await request.json()) as unknown;
      const text = (name: string) => {
        const value = body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
        return typeof value === "string" ? value : null;
      };
      return { storyTitle: text("storyTitle"), storyContent: text("storyContent"), pdf: null };
    }
  } catch (error) {
    if (error instanceof PodcastRequestError) throw error;
    if (error instanceof MultipartError && error.status === 413)
      throw new PodcastRequestError(413, podcastMessages.upload.tooLarge, "pdfFile");
    throw new PodcastRequestError(400, podcastMessages.upload.failed);
  }
  throw new PodcastRequestError(415, podcastMessages.upload.failed);
}
