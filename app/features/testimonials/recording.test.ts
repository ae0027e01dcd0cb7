import { describe, expect, it } from "vitest";

import { formatClock } from "~/lib/text-format";

import { testimonialMessages } from "./messages";
import {
  BITRATES,
  cameraErrorMessage,
  canRecordMore,
  canStartRecording,
  chooseMimeType,
  CONSTRAINT_LEVELS,
  deviceClass,
  elapsedSeconds,
  extensionFor,
  limitReached,
  progressPercent,
  progressTone,
  recorderOptions,
  remainingWarning,
  shouldTryNextLevel,
  toggleQuestion,
} from "./recording";

describe("format preference", () => {
  it("takes MP4/AAC first, then WebM VP9/Opus, VP8/Opus, plain WebM", () => {
    const all = () => true;
    expect(chooseMimeType(all)).toBe("video/mp4;codecs=avc1.42E01E,mp4a.40.2");
    expect(chooseMimeType((t) => t.startsWith("video/webm"))).toBe("video/webm;codecs=vp9,opus");
    expect(chooseMimeType((t) => t === "video/webm;codecs=vp8,opus" || t === "video/webm")).toBe(
      "video/webm;codecs=vp8,opus",
    );
    expect(chooseMimeType((t) => t === "video/webm")).toBe("video/webm");
  });

  it("lets the browser choose when it supports none, and survives a throwing check", () => {
    expect(chooseMimeType(() => false)).toBeUndefined();
    expect(
      chooseMimeType(() => {
        throw new Error("no");
      }),
    ).toBeUndefined();
  });

  it("names files by container", () => {
    expect(extensionFor("video/mp4;codecs=avc1")).toBe("mp4");
    expect(extensionFor("video/webm;codecs=vp8,opus")).toBe("webm");
    expect(extensionFor("video/quicktime")).toBe("mov");
    expect(extensionFor("video/x-matroska")).toBe("mkv");
  });
});

describe("device class and bitrates", () => {
  it("tells desktop, mobile and tablet apart", () => {
    expect(deviceClass("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126")).toBe("desktop");
    expect(deviceClass("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148")).toBe("mobile");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126 Mobile Safari/537.36")).toBe("mobile");
    expect(deviceClass("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe("tablet");
    expect(deviceClass("Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/126 Safari/537.36")).toBe("tablet");
    expect(deviceClass("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605", 5)).toBe("tablet");
    expect(deviceClass("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605", 0)).toBe("desktop");
  });

  it("uses the spec's bitrates", () => {
    expect(BITRATES.desktop).toEqual({ videoBitsPerSecond: 2_500_000, audioBitsPerSecond: 128_000 });
    expect(BITRATES.mobile).toEqual({ videoBitsPerSecond: 1_500_000, audioBitsPerSecond: 96_000 });
    expect(BITRATES.tablet).toEqual({ videoBitsPerSecond: 2_000_000, audioBitsPerSecond: 112_000 });
    expect(recorderOptions((t) => t === "video/webm", "tablet")).toEqual({
      mimeType: "video/webm",
      videoBitsPerSecond: 2_000_000,
      audioBitsPerSecond: 112_000,
    });
    expect(recorderOptions(() => false, "mobile")).toEqual({
      videoBitsPerSecond: 1_500_000,
      audioBitsPerSecond: 96_000,
    });
  });
});

describe("camera", () => {
  it("tries optimal 1280x720@30, then 640x480, then plain true/true", () => {
    expect(CONSTRAINT_LEVELS.map((l) => l.level)).toEqual(["optimal", "fallback", "minimal"]);
    const [optimal, fallback, minimal] = CONSTRAINT_LEVELS;
    expect(optimal!.constraints.video).toMatchObject({
      width: { ideal: 1280 },
      height: { ideal: 720 },
      frameRate: { ideal: 30 },
    });
    expect(fallback!.constraints.video).toMatchObject({ width: { ideal: 640 }, height: { ideal: 480 } });
    expect(minimal!.constraints).toEqual({ video: true, audio: true });
  });

  it("gives every failure the spec's message", () => {
    expect(cameraErrorMessage("NotAllowedError")).toBe(
      "Camera and microphone access was denied. Please allow access in your browser settings and try again.",
    );
    expect(cameraErrorMessage("NotFoundError")).toBe(
      "No camera or microphone found. Please ensure your devices are connected.",
    );
    expect(cameraErrorMessage("NotReadableError")).toBe("Camera is already in use by another application.");
    expect(cameraErrorMessage("OverconstrainedError")).toBe("Unable to access camera and microphone.");
    expect(cameraErrorMessage(undefined)).toBe(testimonialMessages.recorder.errors.generic);
  });

  it("does not retry a lower level after a refusal or a missing device", () => {
    expect(shouldTryNextLevel("NotAllowedError")).toBe(false);
    expect(shouldTryNextLevel("NotFoundError")).toBe(false);
    expect(shouldTryNextLevel("OverconstrainedError")).toBe(true);
    expect(shouldTryNextLevel("NotReadableError")).toBe(true);
  });
});

describe("the 3-minute limit", () => {
  it("counts time across pauses", () => {
    expect(elapsedSeconds(0, 1_000, 6_000)).toBe(5);
    expect(elapsedSeconds(5_000, null, 99_000)).toBe(5);
    expect(elapsedSeconds(5_000, 10_000, 12_500)).toBe(7.5);
  });

  it("stops at 180 s and refuses to start again there", () => {
    expect(canRecordMore(179.9)).toBe(true);
    expect(canRecordMore(180)).toBe(false);
    expect(limitReached(180)).toBe(true);
    expect(limitReached(179)).toBe(false);
  });

  it("counts down from 150 s", () => {
    expect(remainingWarning(149.9)).toBeNull();
    expect(remainingWarning(150)).toBe(30);
    expect(remainingWarning(170.2)).toBe(10);
    expect(remainingWarning(200)).toBe(0);
  });

  it("turns the bar yellow at 120 s and red at 150 s", () => {
    expect(progressTone(119.9)).toBe("normal");
    expect(progressTone(120)).toBe("yellow");
    expect(progressTone(149.9)).toBe("yellow");
    expect(progressTone(150)).toBe("red");
    expect(progressPercent(90)).toBe(50);
    expect(progressPercent(400)).toBe(100);
    expect(formatClock(125.7)).toBe("2:05");
  });
});

describe("question selection", () => {
  it("allows one or two questions", () => {
    expect(canStartRecording([])).toBe(false);
    let chosen = toggleQuestion([], 3);
    expect(canStartRecording(chosen)).toBe(true);
    chosen = toggleQuestion(chosen, 1);
    expect(chosen).toEqual([1, 3]);
    expect(toggleQuestion(chosen, 0)).toEqual([1, 3]);
    expect(toggleQuestion(chosen, 3)).toEqual([1]);
  });
});
