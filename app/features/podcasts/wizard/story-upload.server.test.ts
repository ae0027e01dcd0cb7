import { describe, expect, it } from "vitest";

import { PodcastRequestError } from "../errors";
import { podcastMessages } from "../messages";
import { MAX_PDF_BYTES } from "../stories.server";
import { readStoryUpload } from "./story-upload.server";

const pdf = (bytes: number) => new File([Buffer.alloc(bytes, 0x25)], "story.pdf", { type: "application/pdf" });

function formRequest(entries: Array<[string, string | File]>) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return new Request("http://localhost/api/stories/upload", { method: "POST", body: form });
}

const refusal = (request: Request) =>
  readStoryUpload(request).then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error as PodcastRequestError,
  );

describe("readStoryUpload (multipart)", () => {
  it("reads the typed fields and the PDF", async () => {
    const upload = await readStoryUpload(
      formRequest([
        ["storyTitle", "Bees"],
        ["storyContent", "Grandpa kept bees."],
        ["pdfFile", pdf(1000)],
      ]),
    );
    expect(upload).toMatchObject({
      storyTitle: "Bees",
      storyContent: "Grandpa kept bees.",
      pdf: { name: "story.pdf" },
    });
    expect(upload.pdf!.bytes.byteLength).toBe(1000);
  });

  it("answers 'File too large' for a PDF one byte over 20 MB, and 'Title too long' for a title over its part limit", async () => {
    expect(await refusal(formRequest([["pdfFile", pdf(MAX_PDF_BYTES + 1)]]))).toMatchObject({
      status: 413,
      message: podcastMessages.upload.tooLarge.description,
      field: "pdfFile",
    });
    expect(await refusal(formRequest([["storyTitle", "t".repeat(1024 * 1024 + 1)]]))).toMatchObject({
      status: 413,
      message: podcastMessages.upload.titleTooLong.description,
      field: "storyTitle",
    });
    const exact = await readStoryUpload(formRequest([["pdfFile", pdf(MAX_PDF_BYTES)]]));
    expect(exact.pdf!.bytes.byteLength).toBe(MAX_PDF_BYTES);
  });

  it("stops reading a chunked body without Content-Length past the hard cap: 'File too large'", async () => {
    const boundary = "----hardcap";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="other"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode(head)),
      pull(controller) {
        if (sent >= 300 * 1024 * 1024) return controller.close();
        controller.enqueue(new Uint8Array(1024 * 1024));
        sent += 1024 * 1024;
      },
    });
    const request = new Request("http://localhost/x", {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    expect(await refusal(request)).toMatchObject({ status: 413, message: podcastMessages.upload.tooLarge.description });
    expect(sent).toBeLessThan(5 * MAX_PDF_BYTES + 8 * 1024 * 1024);
  });

  it("answers 'Upload failed' (400) for a broken body", async () => {
    const broken = new Request("http://localhost/x", {
      method: "POST",
      body: "--x\r\nnot a multipart body",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
    });
    expect(await refusal(broken)).toMatchObject({ status: 400, message: podcastMessages.upload.failed.description });
  });
});
