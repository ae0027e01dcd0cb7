// pdfjs reads the stored PDF by byte ranges, so a 300-photo book is never loaded whole to show its cover.
import { createCanvas } from "@napi-rs/canvas";

import { notFound } from "~/lib/http.server";
import { getStorage } from "~/lib/storage/storage.server";

export const PREVIEW_PAGES = 4;
const PREVIEW_WIDTH = 600;
const CHUNK = 256 * 1024;

async function readRange(key: string, begin: number, end: number) {
  const file = await getStorage().read(key, { start: begin, end: end - 1 });
  if (!file) throw new Error(`The book ${key} is gone.`);
  const parts: Buffer[] = [];
  for await (const chunk of file.stream) parts.push(Buffer.from(chunk as Buffer));
  return new Uint8Array(Buffer.concat(parts));
}

export async function renderPreviewPage(key: string, n: number): Promise<Buffer | null> {
  const size = await getStorage().size(key);
  if (size === null) return null;
  const { getDocument, PDFDataRangeTransport } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const transport = new PDFDataRangeTransport(size, null);
  transport.requestDataRange = (begin: number, end: number) => {
    readRange(key, begin, end).then(
      (bytes) => transport.onDataRange(begin, bytes),
      () => transport.abort(),
    );
  };
  const task = getDocument({
    range: transport,
    rangeChunkSize: CHUNK,
    disableAutoFetch: true,
    disableStream: true,
    disableFontFace: true,
    isEvalSupported: false,
  });
  try {
    const doc = await task.promise;
    if (n < 1 || n > doc.numPages) return null;
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: PREVIEW_WIDTH / page.getViewport({ scale: 1 }).width });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: canvas.getContext("2d") as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    return canvas.toBuffer("image/png");
  } finally {
    await task.destroy();
  }
}

export async function previewResponse(
  book: { status: string; fileKey: string | null } | undefined,
  page: string | undefined,
) {
  const n = Number(page);
  if (!book?.fileKey || book.status !== "done" || !Number.isInteger(n) || n < 1 || n > PREVIEW_PAGES) throw notFound();
  const png = await renderPreviewPage(book.fileKey, n);
  if (!png) throw notFound();
  // A made book never changes (a new one has a new id), so the browser keeps its pages.
  return new Response(new Uint8Array(png), {
    headers: { "Content-Type": "image/png", "Cache-Control": "private, max-age=31536000, immutable" },
  });
}
