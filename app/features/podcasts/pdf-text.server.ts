// The type is decided by the bytes, never by the name or the browser's claimed content type.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

const MAGIC = Buffer.from("%PDF-", "latin1");
/** PDF readers accept the header anywhere in the first kilobyte (some writers put junk first). */
const HEADER_WINDOW = 1024;

export function hasPdfSignature(bytes: Uint8Array) {
  return (
    Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, HEADER_WINDOW + MAGIC.length)).indexOf(
      MAGIC,
    ) !== -1
  );
}

export type PdfText = { text: string; title: string | null; pages: number };

function workerEntry() {
  const beside = path.join(path.dirname(fileURLToPath(import.meta.url)), "pdf-text-worker.mjs");
  return fs.existsSync(beside) ? beside : path.resolve("app/features/podcasts/pdf-text-worker.mjs");
}

/** What one PDF may cost (decision 0142); the inflated bytes count every compressed stream, pictures too. */
export const PDF_LIMITS = { maxPages: 1_000, maxInflatedBytes: 256 * 1024 * 1024, timeoutMs: 20_000, heapMb: 256 };

export function extractPdfText(bytes: Uint8Array, { timeoutMs = PDF_LIMITS.timeoutMs } = {}): Promise<PdfText> {
  const { maxPages, maxInflatedBytes, heapMb } = PDF_LIMITS;
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerEntry(), {
      workerData: { bytes, limits: { maxPages, maxInflatedBytes, timeoutMs } },
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
    });
    // A little after the worker's own deadline, which it checks between pages.
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`Reading the PDF took longer than ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs + 1_000);
    worker.once("message", (message: { ok: true; result: PdfText } | { ok: false; message: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (message.ok) resolve(message.result);
      else reject(new Error(message.message));
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The PDF reader stopped (exit ${code})`));
    });
  });
}
