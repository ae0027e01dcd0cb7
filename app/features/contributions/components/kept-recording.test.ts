import { describe, expect, it } from "vitest";

import {
  forgetRecording,
  getKeptRecording,
  isExpired,
  KEEP_FOR_MS,
  keepRecording,
  keptRecordingKey,
} from "./kept-recording";

describe("the kept take's key", () => {
  it("is the collection's link, with the invitation when there is one", () => {
    expect(keptRecordingKey("abc123", "")).toBe("abc123");
    expect(keptRecordingKey("abc123", "tok")).toBe("abc123?t=tok");
    expect(keptRecordingKey("abc123", "tok")).not.toBe(keptRecordingKey("abc123", "other"));
  });
});

describe("a kept take's age", () => {
  const now = Date.UTC(2026, 10, 27, 12);
  it("is kept for 7 days, then expires", () => {
    expect(KEEP_FOR_MS).toBe(7 * 24 * 3600 * 1000);
    expect(isExpired({ madeAt: now }, now)).toBe(false);
    expect(isExpired({ madeAt: now - KEEP_FOR_MS + 1 }, now)).toBe(false);
    expect(isExpired({ madeAt: now - KEEP_FOR_MS }, now)).toBe(true);
  });
  it("treats a broken date as expired", () => {
    expect(isExpired({ madeAt: Number.NaN }, now)).toBe(true);
  });
});

describe("without IndexedDB (Node here, as in some private windows)", () => {
  it("finds nothing and keeps nothing, quietly", async () => {
    expect(typeof (globalThis as { indexedDB?: unknown }).indexedDB).toBe("undefined");
    const kept = {
      blob: new Blob(["x"], { type: "audio/webm" }),
      type: "audio/webm",
      durationSeconds: 3,
      madeAt: Date.now(),
    };
    await expect(keepRecording("abc123", kept)).resolves.toBeUndefined();
    await expect(getKeptRecording("abc123")).resolves.toBeNull();
    await expect(forgetRecording("abc123")).resolves.toBeUndefined();
  });
});
