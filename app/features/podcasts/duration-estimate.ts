export const NARRATION_WORDS_PER_MINUTE = 150;
export const INTRO_OUTRO_MINUTES = 2;

/** Rounded up: the range reads as "at least N minutes", so 151 words must not show as 1 minute. */
export function estimateDurationMinutes(wordCount: number, introOutro: string): number {
  const words = Number.isFinite(wordCount) && wordCount > 0 ? wordCount : 0;
  const narration = Math.max(1, Math.ceil(words / NARRATION_WORDS_PER_MINUTE));
  return narration + (introOutro === "none" ? 0 : INTRO_OUTRO_MINUTES);
}

export function formatDurationRange(minutes: number): string {
  return `${minutes}-${minutes + 5} minutes`;
}
