export function normalizeForSpeech(text: string): string {
  return (
    text
      .normalize("NFC")
      // Markdown-ish emphasis and headings carry no words.
      .replace(/[*_#`~]+/g, " ")
      .replace(/[\u2018\u2019\u02BC]/g, "'")
      .replace(/[\u201C\u201D\u00AB\u00BB]/g, '"')
      // A dash between words is a pause; say it as a comma.
      .replace(/\s*[\u2013\u2014]\s*/g, ", ")
      .replace(/\u2026/g, "...")
      .replace(/\s+/g, " ")
      .trim()
  );
}

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** For engines that do not split by themselves (espeak). */
export function splitSentences(text: string): string[] {
  return [...segmenter.segment(text)].map((s) => s.segment.trim()).filter((s) => /[\p{L}\p{N}]/u.test(s));
}
