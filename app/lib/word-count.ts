const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;

/** Symbol-only tokens ('—', '❤️') are not words; scripts without spaces count per run, not per word. */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/u)) if (HAS_WORD_CHAR.test(token)) count++;
  return count;
}

export function readingMinutes(text: string, wordsPerMinute = 200): number {
  if (!(wordsPerMinute > 0) || !Number.isFinite(wordsPerMinute))
    throw new RangeError("wordsPerMinute must be a positive number");
  return Math.max(1, Math.ceil(countWords(text) / wordsPerMinute));
}
