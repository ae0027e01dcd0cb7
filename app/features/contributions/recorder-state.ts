// The voice recorder's rules, pure so the limits are unit-tested with a fake clock (decision 0138).
import { firstSupportedType } from "~/lib/media-capture";

import { MAX_RECORDING_SECONDS } from "./recording-limits";

export const WARNING_FROM_SECONDS = MAX_RECORDING_SECONDS - 60;
export const TICK_MS = 250;
export const DATA_INTERVAL_MS = 1000;

export type RecorderPhase =
  | "idle" // the explanation and the "Record your answer" button
  | "asking" // the browser's own permission question is open
  | "blocked" // no microphone, or permission refused: the file input still works
  | "recording"
  | "paused"
  | "recorded"; // stopped: listen back, record again, or send

export type StopReason = "user" | "limit" | "kept";

export type RecorderState = {
  phase: RecorderPhase;
  closedMs: number;
  segmentStartedAt: number | null;
  blocked: BlockedReason | null;
  stopReason: StopReason | null;
};

export type BlockedReason = "denied" | "noMicrophone" | "inUse" | "failed";

export type RecorderEvent =
  | { type: "ask" }
  | { type: "started"; now: number }
  | { type: "blocked"; reason: BlockedReason }
  | { type: "pause"; now: number }
  | { type: "resume"; now: number }
  | { type: "stop"; now: number }
  | { type: "tick"; now: number }
  | { type: "discard" }
  | { type: "restore"; seconds: number };

export const initialRecorderState: RecorderState = {
  phase: "idle",
  closedMs: 0,
  segmentStartedAt: null,
  blocked: null,
  stopReason: null,
};

const LIMIT_MS = MAX_RECORDING_SECONDS * 1000;

export function elapsedMs(state: RecorderState, now: number) {
  const running = state.segmentStartedAt === null ? 0 : Math.max(0, now - state.segmentStartedAt);
  return Math.min(LIMIT_MS, state.closedMs + running);
}

export const elapsedSeconds = (state: RecorderState, now: number) => Math.floor(elapsedMs(state, now) / 1000);

const close = (state: RecorderState, now: number) => ({ closedMs: elapsedMs(state, now), segmentStartedAt: null });

export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event.type) {
    case "ask":
      return state.phase === "idle" || state.phase === "blocked" ? { ...initialRecorderState, phase: "asking" } : state;
    case "started":
      return state.phase === "asking"
        ? { ...initialRecorderState, phase: "recording", segmentStartedAt: event.now }
        : state;
    case "blocked":
      return state.phase === "asking" ? { ...initialRecorderState, phase: "blocked", blocked: event.reason } : state;
    case "pause":
      return state.phase === "recording" ? { ...state, ...close(state, event.now), phase: "paused" } : state;
    case "resume":
      if (state.phase !== "paused") return state;
      if (state.closedMs >= LIMIT_MS) return { ...state, phase: "recorded", stopReason: "limit" };
      return { ...state, phase: "recording", segmentStartedAt: event.now };
    case "stop":
      return state.phase === "recording" || state.phase === "paused"
        ? { ...state, ...close(state, event.now), phase: "recorded", stopReason: "user" }
        : state;
    case "tick":
      if (state.phase === "recording" && elapsedMs(state, event.now) >= LIMIT_MS)
        return { ...state, closedMs: LIMIT_MS, segmentStartedAt: null, phase: "recorded", stopReason: "limit" };
      return state;
    case "discard":
      return initialRecorderState;
    case "restore":
      return state.phase === "idle"
        ? {
            ...initialRecorderState,
            phase: "recorded",
            closedMs: Math.min(LIMIT_MS, Math.max(0, event.seconds) * 1000),
            stopReason: "kept",
          }
        : state;
  }
}

export function secondsLeftWarning(state: RecorderState, now: number): number | null {
  if (state.phase !== "recording" && state.phase !== "paused") return null;
  const seconds = elapsedSeconds(state, now);
  return seconds >= WARNING_FROM_SECONDS ? Math.max(0, MAX_RECORDING_SECONDS - seconds) : null;
}

/** A few steps rather than every second, so a screen reader announces the warning three times, not sixty. */
export function warningStep(secondsLeft: number | null): 60 | 30 | 10 | null {
  if (secondsLeft === null) return null;
  return secondsLeft > 30 ? 60 : secondsLeft > 10 ? 30 : 10;
}

export function blockedReason(errorName: string | undefined): BlockedReason {
  switch (errorName) {
    case "NotAllowedError":
    case "PermissionDeniedError":
    case "SecurityError":
      return "denied";
    case "NotFoundError":
    case "DevicesNotFoundError":
    case "OverconstrainedError":
      return "noMicrophone";
    case "NotReadableError":
    case "TrackStartError":
      return "inUse";
    default:
      return "failed";
  }
}

const FORMAT_PREFERENCE = ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/mp4", "audio/webm"] as const;

export const chooseAudioType = (isTypeSupported: (type: string) => boolean) =>
  firstSupportedType(FORMAT_PREFERENCE, isTypeSupported);

const EXTENSIONS: Record<string, string> = {
  "audio/webm": "webm",
  "audio/ogg": "ogg",
  "audio/mp4": "m4a",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
};

export function recordingFileName(type: string) {
  const base = type.split(";")[0]!.trim().toLowerCase();
  return `recording.${EXTENSIONS[base] ?? "webm"}`;
}

export const AUTO_RETRIES = 5;

export const retryDelayMs = (attempt: number) => Math.min(15_000, 1000 * 2 ** Math.max(0, attempt - 1));

/** A 500 is not retried unasked: the story may have been saved before the fault. */
export const isRetryableStatus = (status: number) => [0, 408, 429, 502, 503, 504].includes(status);
