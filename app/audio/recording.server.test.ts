import { describe, expect, test } from "vitest";

import { speechBounds } from "./recording.server";

describe("speechBounds", () => {
  test("trims a silence from the start and one that runs to the end, keeping a margin", () => {
    const events = "lavfi.silence_start=0\nlavfi.silence_end=2.0\nlavfi.silence_start=12.5\nlavfi.silence_end=20\n";
    expect(speechBounds(events, 20)).toEqual({ start: 1.85, end: 12.65 });
  });

  test("a trailing silence with no end (ffmpeg reports it only at EOF, in the log) is trimmed too", () => {
    expect(speechBounds("silence_start: 0\nsilence_end: 1\nsilence_start: 8\n", 10)).toEqual({
      start: 0.85,
      end: 8.15,
    });
  });

  test("pauses in the middle are kept", () => {
    expect(speechBounds("lavfi.silence_start=3\nlavfi.silence_end=5\n", 10)).toEqual({ start: 0, end: 10 });
  });

  test("a recording that is silence throughout is kept whole, not emptied", () => {
    expect(speechBounds("lavfi.silence_start=0\n", 6)).toEqual({ start: 0, end: 6 });
  });
});
