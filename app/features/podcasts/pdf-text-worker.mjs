// pdfjs-dist's Node build polyfills globals and slows the server's thread, so it runs in a worker; plain
// JavaScript, so it starts without tsx. Its caps: decision 0142.
import { parentPort, workerData } from "node:worker_threads";
import zlib from "node:zlib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** @typedef {{ maxPages: number, maxInflatedBytes: number, timeoutMs: number }} PdfLimits */

function inflatedSize(/** @type {Uint8Array} */ data, /** @type {number} */ budget) {
  return new Promise((resolve) => {
    const inflate = zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: 256 * 1024 });
    let size = 0;
    inflate.on("data", (/** @type {Buffer} */ chunk) => {
      size += chunk.byteLength;
      if (size > budget) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.on("end", () => resolve(size));
    inflate.on("error", () => resolve(size));
    inflate.end(data);
  });
}

const STREAM = /stream\r?\n/g;

/** Inflates every stream once before pdf.js: pdf.js would hold a stream's whole output outside the heap limit. */
async function checkInflatedSize(/** @type {Uint8Array} */ bytes, /** @type {number} */ maxBytes) {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  let total = 0;
  for (const match of text.matchAll(STREAM)) {
    const start = match.index + match[0].length;
    if (text.startsWith("end", match.index - 3)) continue;
    const end = text.indexOf("endstream", start);
    if (end === -1) break;
    const [cmf, flg] = [bytes[start], bytes[start + 1]];
    const isZlib = cmf !== undefined && flg !== undefined && (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0;
    if (!isZlib) continue;
    total += await inflatedSize(bytes.subarray(start, end), maxBytes - total);
    if (total > maxBytes) throw new Error(`The PDF inflates to more than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
}

function tidy(/** @type {string[]} */ pages) {
  return pages
    .map((page) =>
      page
        .split("\n")
        .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
        .join("\n")
        .replace(/\n{3,}/g, "\n\n")
        .trim(),
    )
    .filter(Boolean)
    .join("\n\n");
}

async function readPdfText(/** @type {Uint8Array} */ bytes, /** @type {PdfLimits} */ limits) {
  const deadline = performance.now() + limits.timeoutMs;
  await checkInflatedSize(bytes, limits.maxInflatedBytes);
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    if (doc.numPages > limits.maxPages)
      throw new Error(`The PDF has ${doc.numPages} pages, more than ${limits.maxPages}`);
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      if (performance.now() > deadline)
        throw new Error(`Reading the PDF took longer than ${Math.round(limits.timeoutMs / 1000)} s`);
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
      page.cleanup();
    }
    const meta = await doc.getMetadata().catch(() => null);
    const rawTitle = meta?.info?.Title;
    const title = typeof rawTitle === "string" && rawTitle.trim() ? rawTitle.trim() : null;
    return { text: tidy(pages), title, pages: doc.numPages };
  } finally {
    await task.destroy();
  }
}

readPdfText(workerData.bytes, workerData.limits).then(
  (result) => parentPort?.postMessage({ ok: true, result }),
  (error) => parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);
