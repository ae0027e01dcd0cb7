// Books are laid out one at a time in one long-lived worker thread (decision 0180): pdfkit works
// synchronously, and this way at most one book's layout is ever in memory.
import { Worker } from "node:worker_threads";

import { workerScript } from "~/lib/worker-script.server";

import { BookLayoutError, type LayoutFailure } from "./layout-failure";
import type { BookInput, SmallPhoto } from "./render.server";

export type LayoutInput = Omit<BookInput, "cover" | "loadPhoto" | "onStory" | "onSmallPhoto"> & {
  cover: Uint8Array | null;
};
export type ToLayout =
  | { type: "book"; id: number; input: LayoutInput; file: string }
  | { type: "photo"; ask: number; bytes: Uint8Array | null };
export type FromLayout =
  | { type: "photo"; id: number; ask: number; key: string }
  | { type: "story"; id: number; done: number }
  | { type: "small"; id: number; photo: SmallPhoto }
  | { type: "done"; id: number; pages: number }
  | { type: "error"; id: number; message: string; reason: LayoutFailure };

export const LAYOUT_IDLE_MS = 2 * 60_000;
// The old-generation cap fails a runaway book's job instead of the server (sizes in docs/performance.md).
const LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 256 };

let thread: Worker | null = null;
let idle: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();
let books = 0;

function layoutThread() {
  clearTimeout(idle);
  if (!thread) {
    const started = new Worker(workerScript(import.meta.url, "book-worker.mjs", "book-worker").file, {
      resourceLimits: LIMITS,
    });
    started.once("exit", () => {
      if (thread === started) thread = null;
    });
    thread = started;
  }
  thread.ref();
  return thread;
}

function letRest() {
  const resting = thread;
  if (!resting) return;
  resting.unref();
  idle = setTimeout(() => void resting.terminate(), LAYOUT_IDLE_MS).unref();
}

function handOver(bytes: Buffer | null): [Uint8Array | null, ArrayBuffer[]] {
  if (!bytes) return [null, []];
  const own =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? new Uint8Array(bytes.buffer, 0, bytes.byteLength)
      : new Uint8Array(bytes);
  return [own, [own.buffer as ArrayBuffer]];
}

function layOut(input: BookInput, file: string): Promise<number> {
  const worker = layoutThread();
  const id = ++books;
  const { cover, loadPhoto, onStory, onSmallPhoto, ...layout } = input;
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, pages?: number) => {
      if (settled) return;
      settled = true;
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      // A book that failed half-way may leave the thread waiting on it: end the thread, the next book starts a fresh one.
      if (error) void worker.terminate();
      else if (thread === worker) letRest();
      if (error) reject(error);
      else resolve(pages!);
    };
    const onMessage = (message: FromLayout) => {
      if (message.id !== id) return;
      if (message.type === "photo") {
        loadPhoto(message.key).then((bytes) => {
          const [handed, transfer] = handOver(bytes);
          worker.postMessage({ type: "photo", ask: message.ask, bytes: handed } satisfies ToLayout, transfer);
        }, finish);
      } else if (message.type === "story") Promise.resolve(onStory?.(message.done)).catch(finish);
      else if (message.type === "small") onSmallPhoto?.(message.photo);
      else if (message.type === "done") finish(null, message.pages);
      else finish(new BookLayoutError(message.reason));
    };
    const onError = (error: Error & { code?: string }) =>
      finish(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new BookLayoutError("memory") : error);
    const onExit = (code: number) => finish(new Error(`The book's layout thread stopped unexpectedly (exit ${code})`));
    worker.on("message", onMessage);
    worker.once("error", onError);
    worker.once("exit", onExit);
    const [handed, transfer] = handOver(cover);
    worker.postMessage({ type: "book", id, input: { ...layout, cover: handed }, file } satisfies ToLayout, transfer);
  });
}

export function renderBookInThread(input: BookInput, file: string): Promise<number> {
  const turn = queue.then(() => layOut(input, file));
  queue = turn.catch(() => undefined);
  return turn;
}
