import { describe, expect, test } from "vitest";

import { normalizeForSpeech, splitSentences } from "./speech-text";
import { BLOCK_LEVEL_DB, chaptersFor, layOutSpeech, PAUSES, speechLevelDb } from "./timeline";

const rate = 1000;
const tone = (n: number, level = 0.5) => new Float32Array(n).fill(level);

describe("layOutSpeech", () => {
  test("sentences get the sentence pause, turns the turn pause, a new story the chapter pause", () => {
    const { samples, blocks, duration } = layOutSpeech(
      [
        { speaker: "host1", sentences: [tone(100), tone(200)], chapter: "A" },
        { speaker: "host2", sentences: [tone(50)], chapter: "A" },
        { speaker: "host1", sentences: [tone(10)], chapter: "B" },
      ],
      rate,
      { leadIn: 0.3, tail: 0.5 },
    );
    const expected =
      300 + 100 + PAUSES.sentence * rate + 200 + PAUSES.turn * rate + 50 + PAUSES.chapter * rate + 10 + 500;
    expect(samples.length).toBe(expected);
    expect(duration).toBe(expected / rate);
    const starts = [
      0.3,
      0.3 + 0.3 + PAUSES.sentence + PAUSES.turn,
      0.3 + 0.3 + PAUSES.sentence + PAUSES.turn + 0.05 + PAUSES.chapter,
    ];
    blocks.forEach((b, i) => expect(b.start).toBeCloseTo(starts[i]!, 9));
    // Silence where the pauses are, levelled speech elsewhere (a constant 0.5 becomes 0.1: -20 dBFS).
    expect(samples[0]).toBe(0);
    expect(samples[300]).toBeCloseTo(10 ** (BLOCK_LEVEL_DB / 20));
    expect(samples[300 + 100 + 10]).toBe(0);
  });

  test("each block is levelled to the same speech level; its pauses do not count", () => {
    const quiet = new Float32Array(400);
    quiet.fill(0.05, 0, 100); // 100 ms of speech, 300 ms of silence
    const { samples, blocks } = layOutSpeech(
      [
        { speaker: "host1", sentences: [quiet] },
        { speaker: "host2", sentences: [tone(100, 0.9)] },
      ],
      rate,
      { leadIn: 0, tail: 0 },
    );
    const level = (b: { start: number; end: number }) =>
      speechLevelDb([samples.slice(Math.round(b.start * rate), Math.round(b.end * rate))], rate);
    expect(level(blocks[0]!)).toBeCloseTo(BLOCK_LEVEL_DB, 5);
    expect(level(blocks[1]!)).toBeCloseTo(BLOCK_LEVEL_DB, 5);
    expect(speechLevelDb([new Float32Array(10)], rate)).toBe(-Infinity);
  });

  test("chapters: one per story, the first from 0, the last to the end", () => {
    const blocks = [
      { speaker: "host1", start: 1, end: 2 },
      { speaker: "host1", start: 2.5, end: 3, chapter: "Garden" },
      { speaker: "host2", start: 3.6, end: 4, chapter: "Garden" },
      { speaker: "host1", start: 5, end: 6, chapter: "Winter" },
    ];
    expect(chaptersFor(blocks, 3, 12)).toEqual([
      { title: "Garden", start: 0, end: 8 },
      { title: "Winter", start: 8, end: 12 },
    ]);
    expect(chaptersFor([{ speaker: "host1", start: 0, end: 1 }], 0, 2)).toEqual([]);
  });
});

describe("speech text", () => {
  test("markup, dashes and quotes are tidied; sentences are split", () => {
    expect(normalizeForSpeech("**Grandma’s** garden — roses…  and #tomatoes")).toBe(
      "Grandma's garden, roses... and tomatoes",
    );
    expect(splitSentences("... ! ")).toEqual([]);
    expect(splitSentences("It was 1962. Snow fell! Did it stop? ")).toEqual([
      "It was 1962.",
      "Snow fell!",
      "Did it stop?",
    ]);
  });
});
