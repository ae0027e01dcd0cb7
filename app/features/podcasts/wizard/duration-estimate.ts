// The episode length from each voice's measured pace (decision 0130). Runs in the browser.
import type { IntroOutro } from "~/audio/audio-options";
import { EDGES, pauseBefore, PAUSES } from "~/audio/timeline";

export type SpokenLine = { words: number; sentences: number; wordsPerMinute: number; speed: number; chapter?: string };

export type EpisodeEstimate = { speechSeconds: number; stingSeconds: Record<IntroOutro, number> };

export function speechSeconds(lines: SpokenLine[]): number {
  return lines.reduce((total, line, i) => {
    const voiced = (line.words / (line.wordsPerMinute * line.speed)) * 60;
    const gaps = Math.max(0, line.sentences - 1) * PAUSES.sentence;
    return total + pauseBefore(lines, i) + voiced + gaps;
  }, 0);
}

export function episodeSeconds(estimate: EpisodeEstimate, backgroundMusic: string, introOutro: string): number {
  const edges = backgroundMusic === "none" ? EDGES.plain : EDGES.withMusic;
  const stings = estimate.stingSeconds[introOutro as IntroOutro] ?? 0;
  return estimate.speechSeconds + edges.leadIn + edges.tail + stings;
}

export function formatDurationRange(seconds: number): string {
  const minutes = Number.isFinite(seconds) && seconds > 0 ? seconds / 60 : 0;
  const low = Math.max(1, Math.floor(minutes * 0.85));
  const high = Math.max(low + 1, Math.ceil(minutes * 1.15));
  return `${low}-${high} minutes`;
}
