import { describe, expect, it } from "vitest";

import { formatClock } from "~/lib/text-format";

import {
  blockedReason,
  chooseAudioType,
  elapsedSeconds,
  initialRecorderState,
  isRetryableStatus,
  recorderReducer,
  recordingFileName,
  retryDelayMs,
  secondsLeftWarning,
  warningStep,
  type RecorderEvent,
  type RecorderState,
} from "./recorder-state";
import { MAX_RECORDING_SECONDS } from "./recording-limits";

const run = (events: RecorderEvent[], from: RecorderState = initialRecorderState) =>
  events.reduce(recorderReducer, from);
const s = (seconds: number) => seconds * 1000;

describe("the recorder's clock", () => {
  it("counts only the time spent recording, not the pauses", () => {
    const state = run([
      { type: "ask" },
      { type: "started", now: 0 },
      { type: "pause", now: s(3) },
      { type: "resume", now: s(60) },
    ]);
    expect(state.phase).toBe("recording");
    expect(elapsedSeconds(state, s(62))).toBe(5);
    const stopped = recorderReducer(state, { type: "stop", now: s(64) });
    expect(stopped).toMatchObject({ phase: "recorded", stopReason: "user" });
    expect(elapsedSeconds(stopped, s(1000))).toBe(7);
  });

  it("shows m:ss", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(9.9)).toBe("0:09");
    expect(formatClock(61)).toBe("1:01");
    expect(formatClock(600)).toBe("10:00");
  });

  it("ignores events that do not fit the phase", () => {
    expect(recorderReducer(initialRecorderState, { type: "pause", now: 1 })).toBe(initialRecorderState);
    expect(recorderReducer(initialRecorderState, { type: "started", now: 1 })).toBe(initialRecorderState);
    const recorded = run([{ type: "ask" }, { type: "started", now: 0 }, { type: "stop", now: s(2) }]);
    expect(recorderReducer(recorded, { type: "resume", now: s(3) })).toBe(recorded);
  });

  it("starts again from nothing after a discard", () => {
    const recorded = run([
      { type: "ask" },
      { type: "started", now: 0 },
      { type: "stop", now: s(4) },
      { type: "discard" },
    ]);
    expect(recorded).toEqual(initialRecorderState);
  });

  it("explains a refused microphone and lets the relative ask again", () => {
    const blocked = run([{ type: "ask" }, { type: "blocked", reason: blockedReason("NotAllowedError") }]);
    expect(blocked).toMatchObject({ phase: "blocked", blocked: "denied" });
    expect(recorderReducer(blocked, { type: "ask" }).phase).toBe("asking");
    expect(blockedReason("NotFoundError")).toBe("noMicrophone");
    expect(blockedReason("NotReadableError")).toBe("inUse");
    expect(blockedReason(undefined)).toBe("failed");
  });
});

describe("the 10-minute limit", () => {
  it("warns from 9:00 with the seconds left, and stops by itself at 10:00", () => {
    let state = run([{ type: "ask" }, { type: "started", now: 0 }]);
    expect(MAX_RECORDING_SECONDS).toBe(600);
    expect(secondsLeftWarning(state, s(539))).toBeNull();
    expect(secondsLeftWarning(state, s(540))).toBe(60);
    expect(secondsLeftWarning(state, s(570.5))).toBe(30);
    state = recorderReducer(state, { type: "tick", now: s(599.9) });
    expect(state.phase).toBe("recording");
    state = recorderReducer(state, { type: "tick", now: s(600) });
    expect(state).toMatchObject({ phase: "recorded", stopReason: "limit", closedMs: s(600) });
    expect(secondsLeftWarning(state, s(600))).toBeNull();
  });

  it("steps the warning at 60, 30 and 10 seconds left", () => {
    expect([null, 60, 31, 30, 11, 10, 1, 0].map((n) => warningStep(n))).toEqual([null, 60, 60, 30, 30, 10, 10, 10]);
  });

  it("counts paused time out of the limit, and never shows more than 10:00", () => {
    let state = run([
      { type: "ask" },
      { type: "started", now: 0 },
      { type: "pause", now: s(500) },
      { type: "resume", now: s(2000) },
    ]);
    expect(secondsLeftWarning(state, s(2039))).toBeNull();
    expect(secondsLeftWarning(state, s(2040))).toBe(60);
    // A late tick (a sleeping tab) still stops at exactly the limit.
    state = recorderReducer(state, { type: "tick", now: s(5000) });
    expect(state.phase).toBe("recorded");
    expect(elapsedSeconds(state, s(9000))).toBe(600);
  });

  it("a pause that lands on the limit does not resume past it", () => {
    const state = run([{ type: "ask" }, { type: "started", now: 0 }, { type: "pause", now: s(700) }]);
    expect(elapsedSeconds(state, s(700))).toBe(600);
    expect(recorderReducer(state, { type: "resume", now: s(800) })).toMatchObject({
      phase: "recorded",
      stopReason: "limit",
    });
  });
});

describe("formats, meter and retries", () => {
  it("prefers Opus, falls back to AAC, and names the file after the type used", () => {
    expect(chooseAudioType((t) => t.startsWith("audio/webm"))).toBe("audio/webm;codecs=opus");
    expect(chooseAudioType((t) => t === "audio/mp4")).toBe("audio/mp4");
    expect(
      chooseAudioType(() => {
        throw new Error("old browser");
      }),
    ).toBeUndefined();
    expect(recordingFileName("audio/webm;codecs=opus")).toBe("recording.webm");
    expect(recordingFileName("audio/mp4")).toBe("recording.m4a");
    expect(recordingFileName("")).toBe("recording.webm");
  });

  it("backs off 1, 2, 4, 8, 15 s and retries only what is safe to send again", () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
    expect(isRetryableStatus(0)).toBe(true);
    expect(isRetryableStatus(503)).toBe(true);
    expect(isRetryableStatus(500)).toBe(false);
    expect(isRetryableStatus(400)).toBe(false);
  });
});

describe("a take kept from an earlier visit", () => {
  it("comes back as a finished take of its length, marked as kept", () => {
    const state = recorderReducer(initialRecorderState, { type: "restore", seconds: 42 });
    expect(state).toMatchObject({ phase: "recorded", stopReason: "kept" });
    expect(elapsedSeconds(state, s(1000))).toBe(42);
    expect(run([{ type: "discard" }, { type: "ask" }, { type: "started", now: 0 }], state)).toMatchObject({
      phase: "recording",
      stopReason: null,
      closedMs: 0,
    });
  });
  it("never replaces a take the relative has started since the page loaded", () => {
    const started = run([{ type: "ask" }, { type: "started", now: 0 }]);
    expect(recorderReducer(started, { type: "restore", seconds: 42 })).toBe(started);
  });
  it("is capped at the 10-minute limit", () => {
    expect(elapsedSeconds(recorderReducer(initialRecorderState, { type: "restore", seconds: 99_999 }), 0)).toBe(
      MAX_RECORDING_SECONDS,
    );
  });
});
