// A worker: pdfjs-dist's Node build polyfills globals (JSON.stringify, Array.prototype.push, …) and made
// every request several times slower in the server's thread. Plain JavaScript, so it starts without tsx.
import { parentPort, workerData } from "node:worker_threads";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

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

async function readPdfText(/** @type {Uint8Array} */ bytes) {
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  try {
    const doc = await task.promise;
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      // Marked-content items carry no text.
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

readPdfText(workerData).then(
  (result) => parentPort?.postMessage({ ok: true, result }),
  (error) => parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);
