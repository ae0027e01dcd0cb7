// The streaming multipart reader refuses a form cut off inside a part it ignores (another file field)
// with a 400 — and the cut never escapes as an uncaught stream error, which would end the process.
import { expect, test } from "vitest";

import { readVideoForm, UploadRejected } from "~/features/testimonials/uploads.server";

test("a form cut off inside an ignored file part is a 400, not an uncaught error", async () => {
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  process.on("uncaughtException", record);
  try {
    const boundary = "----cut";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="other"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${"x".repeat(5000)}`;
    const request = new Request("http://127.0.0.1/upload", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const outcome = await readVideoForm(request, { fileField: "chunk", maxFileBytes: 1024 * 1024 }).catch(
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(UploadRejected);
    expect((outcome as UploadRejected).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(uncaught).toEqual([]);
  } finally {
    process.off("uncaughtException", record);
  }
});
