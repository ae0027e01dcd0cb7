// Compiled to <build>/node/book-worker.js in production; from source, book-worker.mjs registers tsx.
import fs from "node:fs";
import { parentPort } from "node:worker_threads";

import { BookLayoutError } from "./layout-failure";
import type { FromLayout, ToLayout } from "./layout-thread.server";
import { renderBook } from "./render.server";

const port = parentPort!;
const photoWaits = new Map<number, (bytes: Buffer | null) => void>();
let asked = 0;

const bytesOf = (u: Uint8Array | null) => (u ? Buffer.from(u.buffer, u.byteOffset, u.byteLength) : null);
const send = (message: FromLayout) => port.postMessage(message);

port.on("message", (message: ToLayout) => {
  if (message.type === "photo") {
    photoWaits.get(message.ask)?.(bytesOf(message.bytes));
    photoWaits.delete(message.ask);
    return;
  }
  const { id, input, file } = message;
  renderBook(
    {
      ...input,
      cover: bytesOf(input.cover),
      loadPhoto: (key) =>
        new Promise((resolve) => {
          const ask = ++asked;
          photoWaits.set(ask, resolve);
          send({ type: "photo", id, ask, key });
        }),
      onStory: (done) => send({ type: "story", id, done }),
      onSmallPhoto: (photo) => send({ type: "small", id, photo }),
    },
    fs.createWriteStream(file),
  ).then(
    (pages) => send({ type: "done", id, pages }),
    (error: unknown) =>
      send({
        type: "error",
        id,
        message: error instanceof Error ? error.message : String(error),
        reason: error instanceof BookLayoutError ? error.reason : "other",
      }),
  );
});
