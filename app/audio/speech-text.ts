// What every engine reads: no markup, numbers and abbreviations written out; the transcript keeps the spelling.
import { sayAs } from "./say-as";
import { sentencesOf } from "./sentences";

export function normalizeForSpeech(text: string): string {
  const plain = text
    .normalize("NFC")
    .replace(/[*_#`~]+(?!\s*\d)/g, " ")
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/[\u201C\u201D\u00AB\u00BB]/g, '"')
    .replace(/\u2026/g, "...")
    .replace(/\s+/g, " ");
  return (
    sayAs(plain)
      // A dash between words is a pause; say it as a comma (a dash between numbers was a range, said "to").
      .replace(/\s*[\u2013\u2014]\s*/g, ", ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

export function splitSentences(text: string): string[] {
  return sentencesOf(text).filter((s) => /[\p{L}\p{N}]/u.test(s));
}
