import { describe, expect, test } from "vitest";

import { hasPdfSignature } from "~/features/podcasts/pdf-text.server";

import { podcastMessages } from "./messages";
import { checkPdfFile, hasPdfMagic, MAX_PDF_BYTES, PDF_HEAD_BYTES } from "./pdf-file-check";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("the browser's PDF check mirrors the server's", () => {
  test("the signature anywhere in the first kilobyte, as the server reads it", () => {
    const samples = [
      bytes("%PDF-1.7\n..."),
      bytes(`${" ".repeat(1024)}%PDF-1.4`),
      bytes(`${" ".repeat(1025)}%PDF-1.4`),
      bytes("%PDF"),
      bytes("plain words"),
      new Uint8Array(),
    ];
    for (const sample of samples) {
      const head = sample.slice(0, PDF_HEAD_BYTES);
      expect(hasPdfMagic(head)).toBe(hasPdfSignature(sample));
    }
  });

  test("nothing chosen, too large, then the wrong type, in the server's order", () => {
    const pdf = bytes("%PDF-1.4\n");
    expect(checkPdfFile(null)).toEqual(podcastMessages.upload.noFile);
    expect(checkPdfFile({ size: 0, head: new Uint8Array() })).toEqual(podcastMessages.upload.noFile);
    expect(checkPdfFile({ size: MAX_PDF_BYTES + 1, head: bytes("no") })).toEqual(podcastMessages.upload.tooLarge);
    expect(checkPdfFile({ size: 12, head: bytes("plain words.") })).toEqual(podcastMessages.upload.invalidType);
    expect(checkPdfFile({ size: MAX_PDF_BYTES, head: pdf })).toBeNull();
    expect(MAX_PDF_BYTES).toBe(20 * 1024 * 1024);
  });
});
