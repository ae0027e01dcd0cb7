// Intl.Segmenter ends a sentence after every "Mr.", "St." and initial; its pieces are joined again where
// the period belongs to an abbreviation (decision 0153).

const BEFORE_NAME = new Set(
  "mr mrs ms dr st mt ft rev fr sr capt lt col gen sgt cpl maj gov sen rep pres prof hon messrs mme mlle no vs jan feb mar apr jun jul aug sep sept oct nov dec".split(
    " ",
  ),
);
const MAY_END = new Set(
  "jr sr st dr ave rd blvd ln co inc ltd bros etc a.m p.m am pm u.s u.k e.g i.e approx".split(" "),
);

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

const lastAbbreviation = (piece: string) => /(?:^|[\s("'“‘])((?:\p{L}\.)*\p{L}+)\.\s*$/u.exec(piece)?.[1] ?? null;

function continues(before: string, after: string) {
  const next = after.trimStart();
  // A sentence never starts with a lower-case word or a digit: "… Minn. and he …", "… No. 5 …".
  if (/^[\p{Ll}\p{N}]/u.test(next)) return true;
  const written = lastAbbreviation(before);
  if (!written) return false;
  const word = written.toLowerCase();
  if (BEFORE_NAME.has(word)) {
    // "St." and "Dr." after a mid-sentence capitalised word are Street and Drive, which can end one.
    if (
      (word === "st" || word === "dr") &&
      /(?:[\p{Ll},;]\s+\p{Lu}\p{Ll}+|\d+(?:st|nd|rd|th))\s+\p{L}+\.\s*$/u.test(before)
    )
      return false;
    return true;
  }
  if (/^(?:\p{Lu}\.)*\p{Lu}$/u.test(written) && !MAY_END.has(word) && /^\p{Lu}/u.test(next)) return true;
  return MAY_END.has(word) && !/^\p{Lu}/u.test(next);
}

export function sentencesOf(paragraph: string): string[] {
  const text = paragraph.replace(/\s+/g, " ").trim();
  const sentences: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    const last = sentences.at(-1);
    if (last !== undefined && continues(last, segment)) sentences[sentences.length - 1] = last + segment;
    else sentences.push(segment);
  }
  return sentences.map((s) => s.trim()).filter(Boolean);
}

export function paragraphSentences(text: string): string[][] {
  return text
    .split(/\n\s*\n/)
    .map((p) => sentencesOf(p))
    .filter((p) => p.length > 0);
}
