// The server's rules in the server's order, so the browser refuses what the server would.
import { MAX_PDF_MB, podcastMessages, type TitledMessage } from "./messages";

export const MAX_PDF_BYTES = MAX_PDF_MB * 1024 * 1024;
export const PDF_HEAD_BYTES = 1024 + 5;

const MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

export function hasPdfMagic(head: Uint8Array) {
  outer: for (let i = 0; i + MAGIC.length <= head.length; i++) {
    for (let j = 0; j < MAGIC.length; j++) if (head[i + j] !== MAGIC[j]) continue outer;
    return true;
  }
  return false;
}

export function checkPdfFile(file: { size: number; head: Uint8Array } | null): TitledMessage | null {
  if (!file || file.size === 0) return podcastMessages.upload.noFile;
  if (file.size > MAX_PDF_BYTES) return podcastMessages.upload.tooLarge;
  if (!hasPdfMagic(file.head)) return podcastMessages.upload.invalidType;
  return null;
}
