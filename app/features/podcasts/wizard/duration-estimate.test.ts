import { describe, expect, it } from "vitest";

import { EDGES, PAUSES } from "~/audio/timeline";

import { episodeSeconds, formatDurationRange, speechSeconds, type EpisodeEstimate } from "./duration-estimate";

const line = (words: number, sentences: number, wordsPerMinute = 150, speed = 1, chapter?: string) => ({
  words,
  sentences,
  wordsPerMinute,
  speed,
  chapter,
});

describe("speechSeconds", () => {
  it("reads the words at the voice's measured pace", () => {
    expect(speechSeconds([line(150, 1)])).toBeCloseTo(60);
    expect(speechSeconds([line(300, 1, 200)])).toBeCloseTo(90);
  });

  it("is shorter in proportion to a faster speed, longer for a slower one", () => {
    expect(speechSeconds([line(150, 1, 150, 1.5)])).toBeCloseTo(40);
    expect(speechSeconds([line(150, 1, 150, 0.5)])).toBeCloseTo(120);
  });

  it("adds the renderer's pauses: between sentences, between lines, and a chapter's longer one", () => {
    expect(speechSeconds([line(150, 4)])).toBeCloseTo(60 + 3 * PAUSES.sentence);
    expect(speechSeconds([line(150, 1), line(150, 1)])).toBeCloseTo(120 + PAUSES.turn);
    expect(speechSeconds([line(150, 1, 150, 1, "A"), line(150, 1, 150, 1, "B")])).toBeCloseTo(120 + PAUSES.chapter);
  });

  it("gives each host's lines that host's pace and speed", () => {
    expect(speechSeconds([line(100, 1, 100, 1), line(100, 1, 200, 2)])).toBeCloseTo(60 + PAUSES.turn + 15);
  });

  it("is 0 for no lines", () => {
    expect(speechSeconds([])).toBe(0);
  });
});

describe("episodeSeconds", () => {
  const estimate: EpisodeEstimate = {
    speechSeconds: 100,
    stingSeconds: { standard: 6, minimal: 2.4, none: 0, custom: 6, family: 7 },
  };

  it("adds the edges the music choice lays and the chosen intro/outro's stings", () => {
    expect(episodeSeconds(estimate, "none", "none")).toBeCloseTo(100 + EDGES.plain.leadIn + EDGES.plain.tail);
    expect(episodeSeconds(estimate, "soft-jazz", "standard")).toBeCloseTo(
      100 + EDGES.withMusic.leadIn + EDGES.withMusic.tail + 6,
    );
    expect(episodeSeconds(estimate, "none", "minimal")).toBeCloseTo(100 + EDGES.plain.leadIn + EDGES.plain.tail + 2.4);
  });

  it("adds no sting for an unknown intro/outro", () => {
    expect(episodeSeconds(estimate, "none", "bogus")).toBeCloseTo(100.9);
  });
});

describe("formatDurationRange", () => {
  it("shows the estimate ±15 % in whole minutes", () => {
    expect(formatDurationRange(600)).toBe("8-12 minutes");
    expect(formatDurationRange(240)).toBe("3-5 minutes");
  });

  it("is at least 1-2 minutes", () => {
    expect(formatDurationRange(20)).toBe("1-2 minutes");
    expect(formatDurationRange(0)).toBe("1-2 minutes");
    expect(formatDurationRange(Number.NaN)).toBe("1-2 minutes");
  });
});
