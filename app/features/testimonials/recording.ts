import { firstSupportedType } from "~/lib/media-capture";

import { MAX_SELECTED_QUESTIONS } from "./limits";
import { testimonialMessages } from "./messages";

export const RECORDING_LIMIT_SECONDS = 180;
export const WARNING_FROM_SECONDS = 150;
export const YELLOW_FROM_SECONDS = 120;
export const RED_FROM_SECONDS = 150;
/** A crash loses at most this much of the recording. */
export const DATA_INTERVAL_MS = 100;
export const MIN_QUESTIONS = 1;
export const MAX_QUESTIONS = MAX_SELECTED_QUESTIONS;
export const PREVIEW_WIDTH = 400;
export const PREVIEW_ASPECT = "4 / 5";
/** So no one is caught mid-breath. */
export const COUNTDOWN_SECONDS = 3;

export type ConstraintLevel = "optimal" | "fallback" | "minimal";

export const CONSTRAINT_LEVELS: ReadonlyArray<{ level: ConstraintLevel; constraints: MediaStreamConstraints }> = [
  {
    level: "optimal",
    constraints: {
      video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 }, facingMode: "user" },
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    },
  },
  { level: "fallback", constraints: { video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: true } },
  { level: "minimal", constraints: { video: true, audio: true } },
];

export const FORMAT_PREFERENCE = [
  "video/mp4;codecs=avc1.42E01E,mp4a.40.2",
  "video/webm;codecs=vp9,opus",
  "video/webm;codecs=vp8,opus",
  "video/webm",
] as const;

export const chooseMimeType = (isTypeSupported: (type: string) => boolean) =>
  firstSupportedType(FORMAT_PREFERENCE, isTypeSupported);

export const baseMimeType = (type: string) => type.split(";")[0]!.trim().toLowerCase() || "video/webm";

const EXTENSIONS: Record<string, string> = {
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/x-matroska": "mkv",
  "video/ogg": "ogv",
  "video/x-msvideo": "avi",
  "video/mp2t": "ts",
};
export const extensionFor = (type: string) => EXTENSIONS[baseMimeType(type)] ?? "webm";

export type DeviceClass = "desktop" | "mobile" | "tablet";

export function deviceClass(userAgent: string, maxTouchPoints = 0): DeviceClass {
  const ua = userAgent.toLowerCase();
  if (/ipad|tablet|playbook|silk|kindle/.test(ua) || (/android/.test(ua) && !/mobile/.test(ua))) return "tablet";
  // iPadOS 13+ reports itself as a Mac; touch support gives it away.
  if (/macintosh/.test(ua) && maxTouchPoints > 1) return "tablet";
  if (/mobi|iphone|ipod|android|blackberry|opera mini|iemobile/.test(ua)) return "mobile";
  return "desktop";
}

export const BITRATES: Record<DeviceClass, { videoBitsPerSecond: number; audioBitsPerSecond: number }> = {
  desktop: { videoBitsPerSecond: 2_500_000, audioBitsPerSecond: 128_000 },
  mobile: { videoBitsPerSecond: 1_500_000, audioBitsPerSecond: 96_000 },
  tablet: { videoBitsPerSecond: 2_000_000, audioBitsPerSecond: 112_000 },
};

export function recorderOptions(isTypeSupported: (type: string) => boolean, device: DeviceClass): MediaRecorderOptions {
  const mimeType = chooseMimeType(isTypeSupported);
  return { ...(mimeType ? { mimeType } : {}), ...BITRATES[device] };
}

export const canRecordMore = (elapsedSeconds: number) => elapsedSeconds < RECORDING_LIMIT_SECONDS;
export const limitReached = (elapsedSeconds: number) => elapsedSeconds >= RECORDING_LIMIT_SECONDS;

export function remainingWarning(elapsedSeconds: number): number | null {
  if (elapsedSeconds < WARNING_FROM_SECONDS) return null;
  return Math.max(0, Math.ceil(RECORDING_LIMIT_SECONDS - elapsedSeconds));
}

export type ProgressTone = "normal" | "yellow" | "red";
export function progressTone(elapsedSeconds: number): ProgressTone {
  if (elapsedSeconds >= RED_FROM_SECONDS) return "red";
  if (elapsedSeconds >= YELLOW_FROM_SECONDS) return "yellow";
  return "normal";
}

export const progressPercent = (elapsedSeconds: number) =>
  Math.min(100, Math.max(0, (elapsedSeconds / RECORDING_LIMIT_SECONDS) * 100));

export function elapsedSeconds(closedMs: number, segmentStartedAt: number | null, nowMs: number) {
  return (closedMs + (segmentStartedAt === null ? 0 : Math.max(0, nowMs - segmentStartedAt))) / 1000;
}

export function toggleQuestion(selected: readonly number[], index: number): number[] {
  if (selected.includes(index)) return selected.filter((i) => i !== index);
  if (selected.length >= MAX_QUESTIONS) return [...selected];
  return [...selected, index].sort((a, b) => a - b);
}
export const canStartRecording = (selected: readonly number[]) =>
  selected.length >= MIN_QUESTIONS && selected.length <= MAX_QUESTIONS;

const FINAL_ERRORS = new Set([
  "NotAllowedError",
  "PermissionDeniedError",
  "SecurityError",
  "NotFoundError",
  "DevicesNotFoundError",
]);
export const shouldTryNextLevel = (errorName: string) => !FINAL_ERRORS.has(errorName);

export function cameraErrorMessage(errorName: string | undefined): string {
  switch (errorName) {
    case "NotAllowedError":
    case "PermissionDeniedError":
    case "SecurityError":
      return testimonialMessages.recorder.errors.denied;
    case "NotFoundError":
    case "DevicesNotFoundError":
      return testimonialMessages.recorder.errors.notFound;
    case "NotReadableError":
    case "TrackStartError":
      return testimonialMessages.recorder.errors.inUse;
    default:
      return testimonialMessages.recorder.errors.generic;
  }
}
