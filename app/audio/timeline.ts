/** Lengths chosen on the episode bench for intelligibility (decision 0167). */
export const PAUSES = {
  sentence: 0.6,
  turn: 0.9,
  chapter: 1.2,
} as const;

export const EDGES = {
  plain: { leadIn: 0.3, tail: 0.6 },
  withMusic: { leadIn: 2, tail: 3 },
} as const;

/** Every block is levelled so hosts and engines sound equally loud and the bed sits the same distance below. */
export const BLOCK_LEVEL_DB = -20;

export type SpokenBlock = { speaker: string; sentences: Float32Array[]; chapter?: string };
export type LaidBlock = { speaker: string; start: number; end: number; chapter?: string };

export const secondsToSamples = (seconds: number, sampleRate: number) => Math.round(seconds * sampleRate);

export function speechLevelDb(sentences: Float32Array[], sampleRate: number): number {
  const frame = Math.max(1, Math.round(sampleRate * 0.02));
  const energies: number[] = [];
  for (const s of sentences) {
    for (let start = 0; start < s.length; start += frame) {
      const end = Math.min(s.length, start + frame);
      let sum = 0;
      for (let i = start; i < end; i++) sum += s[i]! * s[i]!;
      energies.push(sum / (end - start));
    }
  }
  const loudest = Math.max(0, ...energies);
  if (loudest < 1e-12) return -Infinity;
  const voiced = energies.filter((e) => e >= loudest / 1000);
  return 10 * Math.log10(voiced.reduce((a, b) => a + b, 0) / voiced.length);
}

function levelled(sentences: Float32Array[], sampleRate: number): Float32Array[] {
  const level = speechLevelDb(sentences, sampleRate);
  if (!Number.isFinite(level)) return sentences;
  const gain = 10 ** ((BLOCK_LEVEL_DB - level) / 20);
  return sentences.map((s) => s.map((x) => x * gain));
}

export function pauseBefore(blocks: Array<Pick<SpokenBlock, "chapter">>, i: number): number {
  if (i === 0) return 0;
  const prev = blocks[i - 1]!;
  const next = blocks[i]!;
  return next.chapter !== undefined && next.chapter !== prev.chapter ? PAUSES.chapter : PAUSES.turn;
}

export function layOutSpeech(blocks: SpokenBlock[], sampleRate: number, edges: { leadIn: number; tail: number }) {
  const pieces: Array<Float32Array | number> = [secondsToSamples(edges.leadIn, sampleRate)];
  const laid: LaidBlock[] = [];
  let cursor = pieces[0] as number;
  blocks.forEach((block, i) => {
    const pause = secondsToSamples(pauseBefore(blocks, i), sampleRate);
    pieces.push(pause);
    cursor += pause;
    const start = cursor;
    levelled(block.sentences, sampleRate).forEach((pcm, j) => {
      if (j > 0) {
        const gap = secondsToSamples(PAUSES.sentence, sampleRate);
        pieces.push(gap);
        cursor += gap;
      }
      pieces.push(pcm);
      cursor += pcm.length;
    });
    laid.push({ speaker: block.speaker, chapter: block.chapter, start: start / sampleRate, end: cursor / sampleRate });
  });
  const tail = secondsToSamples(edges.tail, sampleRate);
  pieces.push(tail);
  cursor += tail;

  const samples = new Float32Array(cursor);
  let at = 0;
  for (const piece of pieces) {
    if (typeof piece === "number") at += piece;
    else {
      samples.set(piece, at);
      at += piece.length;
    }
  }
  return { samples, sampleRate, blocks: laid, duration: cursor / sampleRate };
}

export type Chapter = { title: string; start: number; end: number };

/** The first chapter starts at 0, so the intro belongs to it. */
export function chaptersFor(blocks: LaidBlock[], offset: number, total: number): Chapter[] {
  const starts: Array<{ title: string; start: number }> = [];
  for (const block of blocks) {
    if (block.chapter === undefined || starts.at(-1)?.title === block.chapter) continue;
    starts.push({ title: block.chapter, start: starts.length === 0 ? 0 : block.start + offset });
  }
  return starts.map((c, i) => ({ ...c, end: starts[i + 1]?.start ?? total }));
}
