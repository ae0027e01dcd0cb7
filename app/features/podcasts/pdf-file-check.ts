// The browser's check of a chosen PDF before it is uploaded: the same rules, in the same order, as
// the server's (app/models/story.server.ts): at most 20 MB, then a PDF by its bytes (%PDF- within
// the first kilobyte), never by its name or claimed type.
import { MAX_PDF_MB, podcastMessages, type TitledMessage } from "./messages";

export const MAX_PDF_BYTES = MAX_PDF_MB * 1024 * 1024;
/** How many leading bytes the signature check reads. */
export const PDF_HEAD_BYTES = 1024 + 5;

const MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

export function hasPdfMagic(head: Uint8Array) {
  outer: for (let i = 0; i + MAGIC.length <= head.length; i++) {
    for (let j = 0; j < MAGIC.length; j++) if (head[i + j] !== MAGIC[j]) continue outer;
    return true;
  }
  return false;
}

/** The spec's message for a file the server would refuse, or null. */
export function checkPdfFile(file: { size: number; head: Uint8Array } | null): TitledMessage | null {
  const u = podcastMessages.upload;
  if (!file || file.size === 0) return u.noFile;
  if (file.size > MAX_PDF_BYTES) return u.tooLarge;
  if (!hasPdfMagic(file.head)) return u.invalidType;
  return null;
}
