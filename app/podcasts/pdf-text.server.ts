// Reading a story out of an uploaded PDF with Mozilla's pdf.js (pdfjs-dist, the Node "legacy" build):
// the type is decided by the bytes, never by the name or the browser's claimed content type.
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const MAGIC = Buffer.from("%PDF-", "latin1");
/** PDF readers accept the header anywhere in the first kilobyte (some writers put junk before it). */
const HEADER_WINDOW = 1024;

/** True when the bytes carry the PDF signature `%PDF-`. */
export function hasPdfSignature(bytes: Uint8Array) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, HEADER_WINDOW + MAGIC.length)).indexOf(MAGIC) !== -1;
}

export type PdfText = { text: string; title: string | null; pages: number };

/** Page text with pdf.js's line ends kept; runs of blanks squeezed; blank lines between pages. */
function tidy(pages: string[]) {
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

/** The text and the document title of a PDF; throws when pdf.js cannot read it. */
export async function extractPdfText(bytes: Uint8Array): Promise<PdfText> {
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      // Marked-content items carry no text.
      pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
      page.cleanup();
    }
    const meta = await doc.getMetadata().catch(() => null);
    const rawTitle = (meta?.info as { Title?: unknown } | undefined)?.Title;
    const title = typeof rawTitle === "string" && rawTitle.trim() ? rawTitle.trim() : null;
    return { text: tidy(pages), title, pages: doc.numPages };
  } finally {
    await task.destroy();
  }
}
