// The type is decided by the bytes, never by the name or the browser's claimed content type.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

const MAGIC = Buffer.from("%PDF-", "latin1");
/** PDF readers accept the header anywhere in the first kilobyte (some writers put junk first). */
const HEADER_WINDOW = 1024;

export function hasPdfSignature(bytes: Uint8Array) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, HEADER_WINDOW + MAGIC.length)).indexOf(MAGIC) !== -1;
}

export type PdfText = { text: string; title: string | null; pages: number };

function workerEntry() {
  const beside = path.join(path.dirname(fileURLToPath(import.meta.url)), "pdf-text-worker.mjs");
  return fs.existsSync(beside) ? beside : path.resolve("app/features/podcasts/pdf-text-worker.mjs");
}

/** In a worker thread (pdf-text-worker.mjs says why); a runaway document is stopped after `timeoutMs`. */
export function extractPdfText(bytes: Uint8Array, { timeoutMs = 60_000 } = {}): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerEntry(), { workerData: bytes });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`Reading the PDF took longer than ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
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
