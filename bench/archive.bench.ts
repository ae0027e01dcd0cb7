// "Download everything" (decision 0159): the zip writer the archive uses (yazl) against
// fflate's streaming Zip (already installed, under pdfkit) on the same archive: 40 media files of 5 MB
// stored as they are and 300 pages of 5 KB deflated, read as 64 KB stream chunks and written into a
// sink that only counts bytes. Figures: MB/s of archive written and the peak RSS rise while writing
// (the goal: flat, not growing with the archive).
import { randomBytes } from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { ZipFile } from "yazl";

import { byteCounter } from "./lib/byte-counter";
import { figureFor, type BenchContext, type Figures } from "./lib/types";

const MEDIA = 40;
const MEDIA_BYTES = 5 * 1024 * 1024;
const PAGES = 300;
const CHUNK = 64 * 1024;
const media = randomBytes(MEDIA_BYTES);
const page = Buffer.from(`<!doctype html><p>${"Grandpa let everyone steer the blue truck. ".repeat(120)}</p>`);

/** The media file as a storage driver hands it over: a stream of chunks, never one buffer. */
const mediaStream = () =>
  Readable.from(
    (function* () {
      for (let i = 0; i < MEDIA_BYTES; i += CHUNK) yield media.subarray(i, i + CHUNK);
    })(),
  );

function yazlArchive(): Readable {
  const zip = new ZipFile();
  for (let i = 0; i < PAGES; i++) zip.addBuffer(page, `pages/${i}.html`);
  for (let i = 0; i < MEDIA; i++)
    zip.addReadStreamLazy(`media/${i}.mp3`, { compress: false }, (cb) => cb(null, mediaStream()));
  zip.end();
  return zip.outputStream.pipe(new PassThrough());
}

function fflateArchive(): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return out.destroy(error);
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  void (async () => {
    for (let i = 0; i < PAGES; i++) {
      const entry = new ZipDeflate(`pages/${i}.html`, { level: 6 });
      zip.add(entry);
      entry.push(page, true);
    }
    for (let i = 0; i < MEDIA; i++) {
      const entry = new ZipPassThrough(`media/${i}.mp3`);
      zip.add(entry);
      for await (const chunk of mediaStream()) {
        entry.push(chunk as Buffer);
        // Respect the consumer, as a response would: fflate has no back-pressure of its own.
        if (out.writableNeedDrain) await new Promise((resolve) => out.once("drain", resolve));
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  })();
  return out;
}

async function run(make: () => Readable) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const { sink, bytes } = byteCounter();
  const started = performance.now();
  await pipeline(make(), sink);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  return {
    mbPerSecond: bytes() / 1024 / 1024 / seconds,
    peakRiseMb: (peak - before) / 1024 / 1024,
    bytes: bytes(),
  };
}

export default async function archiveBench(ctx: BenchContext): Promise<Figures> {
  await run(yazlArchive); // warm-up
  const fflate = await run(fflateArchive);
  const yazl = await run(yazlArchive);
  const figure = figureFor(ctx);
  return {
    "archive.zip_write_mb_per_s": figure(
      yazl.mbPerSecond,
      "MB/s",
      fflate.mbPerSecond,
      "yazl writing a 200 MB archive, against fflate's streaming Zip (baseline)",
    ),
    "archive.zip_peak_rss_rise_mb": figure(
      yazl.peakRiseMb,
      "MB",
      fflate.peakRiseMb,
      "flat while writing 200 MB (under 64 MB); fflate's rise is the baseline",
    ),
  };
}
