import { countWords } from "~/lib/word-count";

import { formatTranscript, type ScriptSegment, type Speaker } from "../script/script";

export type TranscriptTurn = { speaker: string | null; text: string };

// A speaker's name has no "[", so "[Recording — Rose Smith, 1:42] …" is not read as a speaker's turn.
const TURN = /^([^:\n[]{1,40}):\s+([\s\S]+)$/;

export function parseTranscript(transcript: string | null | undefined): TranscriptTurn[] {
  if (!transcript?.trim()) return [];
  return transcript
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((paragraph) => {
      const m = TURN.exec(paragraph);
      return m ? { speaker: m[1]!.trim(), text: m[2]!.trim() } : { speaker: null, text: paragraph };
    });
}

export function transcriptFromScript(
  script: ScriptSegment[] | null | undefined,
  names: Record<Speaker, string>,
): string | null {
  return script?.length ? formatTranscript(script, names) : null;
}

export type TimedTurn = TranscriptTurn & { start: number | null };

const PAUSE_AS_WORDS = 2;
const WORDS_PER_SECOND = 2.5;

function chapterOfLines(lineChapters: Array<string | undefined>, chapters: Array<{ title: string }>): number[] | null {
  let current = 0;
  const found: number[] = [];
  for (const title of lineChapters) {
    if (title !== undefined && chapters[current]?.title !== title) {
      const next = chapters.findIndex((c, k) => k > current && c.title === title);
      if (next === -1) return null;
      current = next;
    }
    found.push(current);
  }
  return found;
}

/** Nothing stores per-line times, so lines share each chapter's time by their word counts (decision 0134). */
export function estimateLineStarts(
  lines: Array<{ text: string }>,
  episode: {
    duration: number | null;
    chapters: Array<{ title: string; start: number }>;
    lineChapters?: Array<string | undefined> | null;
    lineSeconds?: Array<number | undefined> | null;
  },
): Array<number | null> {
  const { duration, chapters } = episode;
  if (!duration || duration <= 0) return lines.map(() => null);
  const byChapter =
    episode.lineChapters?.length === lines.length && chapters.length > 1
      ? chapterOfLines(episode.lineChapters, chapters)
      : null;
  const spanOf = (k: number) =>
    byChapter ? { from: chapters[k]!.start, to: chapters[k + 1]?.start ?? duration } : { from: 0, to: duration };
  const spanIndex = (i: number) => byChapter?.[i] ?? 0;

  const clipSeconds = episode.lineSeconds?.length === lines.length ? episode.lineSeconds : null;
  const weight = lines.map(
    (line, i) =>
      (clipSeconds?.[i] !== undefined ? clipSeconds[i]! * WORDS_PER_SECOND : countWords(line.text)) + PAUSE_AS_WORDS,
  );
  const spanTotal = new Map<number, number>();
  weight.forEach((w, i) => spanTotal.set(spanIndex(i), (spanTotal.get(spanIndex(i)) ?? 0) + w));
  const spanSoFar = new Map<number, number>();
  return lines.map((_, i) => {
    const k = spanIndex(i);
    const before = spanSoFar.get(k) ?? 0;
    spanSoFar.set(k, before + weight[i]!);
    const { from, to } = spanOf(k);
    return Math.round((from + ((to - from) * before) / spanTotal.get(k)!) * 10) / 10;
  });
}

export function timedTranscript(
  transcript: string | null | undefined,
  episode: {
    duration: number | null;
    chapters: Array<{ title: string; start: number }>;
    script?: Array<{ text: string; chapter?: string | null; clip?: { seconds: number } | null }> | null;
  },
): TimedTurn[] {
  const turns = parseTranscript(transcript);
  const lineChapters = episode.script?.map((segment) => segment.chapter ?? undefined) ?? null;
  const lineSeconds = episode.script?.map((segment) => segment.clip?.seconds) ?? null;
  const starts = estimateLineStarts(turns, {
    duration: episode.duration,
    chapters: episode.chapters,
    lineChapters,
    lineSeconds,
  });
  return turns.map((turn, i) => ({ ...turn, start: starts[i] ?? null }));
}
