import { describe, expect, it } from "vitest";

import { firstSupportedType, micLevel } from "./media-capture";

describe("microphone level", () => {
  it("is 0 for silence and grows with loudness, capped at 100", () => {
    expect(micLevel(new Uint8Array(256).fill(128))).toBe(0);
    expect(micLevel([])).toBe(0);
    const quiet = Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 133 : 123));
    const loud = Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 178 : 78));
    expect(micLevel(quiet)).toBeGreaterThan(0);
    expect(micLevel(loud)).toBeGreaterThan(micLevel(quiet));
    expect(micLevel(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 255 : 0)))).toBe(100);
  });
});

describe("the recording type", () => {
  it("is the first preference the browser can write; a check that throws counts as no", () => {
    const preferences = ["audio/webm;codecs=opus", "audio/mp4"];
    expect(firstSupportedType(preferences, (t) => t === "audio/mp4")).toBe("audio/mp4");
    expect(firstSupportedType(preferences, () => true)).toBe("audio/webm;codecs=opus");
    expect(
      firstSupportedType(preferences, () => {
        throw new Error("not in this browser");
      }),
    ).toBeUndefined();
  });
});
