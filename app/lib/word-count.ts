// Word counts for stories (dashboard wordCount, newsletter reading time).

/** A token counts as a word if it has at least one letter or digit in any script. */
const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Words separated by whitespace (any Unicode whitespace, including no-break spaces).
 * Punctuation- or symbol-only tokens such as '—', '...' or '❤️' are not words.
 * Hyphenated words and contractions count once. Scripts written without spaces
 * (Chinese, Japanese, Thai) count per whitespace-separated run, not per word.
 */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/u)) if (HAS_WORD_CHAR.test(token)) count++;
  return count;
}

/** Whole minutes to read `text`, rounded up and at least 1 (even for an empty story). */
export function readingMinutes(text: string, wordsPerMinute = 200): number {
  if (!(wordsPerMinute > 0) || !Number.isFinite(wordsPerMinute)) throw new RangeError("wordsPerMinute must be a positive number");
  return Math.max(1, Math.ceil(countWords(text) / wordsPerMinute));
}
