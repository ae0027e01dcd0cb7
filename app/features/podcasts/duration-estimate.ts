// Estimated podcast length shown in the wizard (spec part 2 §9): words at 150 per
// minute, at least 1 minute, plus 2 minutes for the intro/outro unless it is 'none'.

export const NARRATION_WORDS_PER_MINUTE = 150;
export const INTRO_OUTRO_MINUTES = 2;

/**
 * Whole minutes. Narration is rounded up (Math.ceil): the range reads as "at
 * least N minutes", so 151 words must not show as 1 minute. Negative or
 * non-finite word counts are treated as 0.
 */
export function estimateDurationMinutes(wordCount: number, introOutro: string): number {
  const words = Number.isFinite(wordCount) && wordCount > 0 ? wordCount : 0;
  const narration = Math.max(1, Math.ceil(words / NARRATION_WORDS_PER_MINUTE));
  return narration + (introOutro === "none" ? 0 : INTRO_OUTRO_MINUTES);
}

/** '7-12 minutes' for 7: the spec shows the estimate as a range N to N+5. */
export function formatDurationRange(minutes: number): string {
  return `${minutes}-${minutes + 5} minutes`;
}
