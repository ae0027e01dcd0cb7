import { Writable } from "node:stream";

/** A sink that counts what it is given and, like a file or a network upload, takes a turn per chunk. */
export function byteCounter() {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      // The writer must not get ahead of its reader: a real destination applies back-pressure.
      setImmediate(done);
    },
  });
  return { sink, bytes: () => bytes };
}
