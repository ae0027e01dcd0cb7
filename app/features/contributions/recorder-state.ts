// The public form's voice recorder as pure rules (decision 0138), so the clock, the 9-minute warning
// and the 10-minute stop are unit-tested with a fake clock; the component only wires these to
// MediaRecorder, Web Audio and XHR.
import { firstSupportedType } from "~/lib/media-capture";
import { MAX_RECORDING_SECONDS } from "./recording-limits";

/** The warning shows (and is announced) from here: one minute before the limit. */
export const WARNING_FROM_SECONDS = MAX_RECORDING_SECONDS - 60;
/** How often the visible clock is brought up to date. */
export const TICK_MS = 250;
/** MediaRecorder hands over its data every second, so a long recording is never one huge buffer. */
export const DATA_INTERVAL_MS = 1000;

export type RecorderPhase =
  | "idle" // the explanation and the "Record your answer" button
  | "asking" // the browser's own permission question is open
  | "blocked" // no microphone, or permission refused: the file input still works
  | "recording"
  | "paused"
  | "recorded"; // stopped: listen back, record again, or send

/** "kept": not stopped on this page but brought back from the browser's store after a reload. */
export type StopReason = "user" | "limit" | "kept";

export type RecorderState = {
  phase: RecorderPhase;
  /** Milliseconds recorded in the segments already closed by a pause or stop. */
  closedMs: number;
  /** When the running segment began (the caller's clock); null while not recording. */
  segmentStartedAt: number | null;
  /** Why the recorder could not start (a message key); null otherwise. */
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
  /** A take kept from an earlier visit (kept-recording.ts) becomes the current one. */
  | { type: "restore"; seconds: number };

export const initialRecorderState: RecorderState = { phase: "idle", closedMs: 0, segmentStartedAt: null, blocked: null, stopReason: null };

const LIMIT_MS = MAX_RECORDING_SECONDS * 1000;

/** Milliseconds recorded so far, the running segment included. */
export function elapsedMs(state: RecorderState, now: number) {
  const running = state.segmentStartedAt === null ? 0 : Math.max(0, now - state.segmentStartedAt);
  return Math.min(LIMIT_MS, state.closedMs + running);
}

export const elapsedSeconds = (state: RecorderState, now: number) => Math.floor(elapsedMs(state, now) / 1000);

/** Closes the running segment: its time joins closedMs. */
const close = (state: RecorderState, now: number) => ({ closedMs: elapsedMs(state, now), segmentStartedAt: null });

export function recorderReducer(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event.type) {
    case "ask":
      return state.phase === "idle" || state.phase === "blocked" ? { ...initialRecorderState, phase: "asking" } : state;
    case "started":
      return state.phase === "asking" ? { ...initialRecorderState, phase: "recording", segmentStartedAt: event.now } : state;
    case "blocked":
      return state.phase === "asking" ? { ...initialRecorderState, phase: "blocked", blocked: event.reason } : state;
    case "pause":
      return state.phase === "recording" ? { ...state, ...close(state, event.now), phase: "paused" } : state;
    case "resume":
      if (state.phase !== "paused") return state;
      // Nothing is left to record: resuming would only stop again at once.
      if (state.closedMs >= LIMIT_MS) return { ...state, phase: "recorded", stopReason: "limit" };
      return { ...state, phase: "recording", segmentStartedAt: event.now };
    case "stop":
      return state.phase === "recording" || state.phase === "paused" ? { ...state, ...close(state, event.now), phase: "recorded", stopReason: "user" } : state;
    case "tick":
      // The 10-minute limit: the recorder stops itself; the component sees "recorded" and stops MediaRecorder.
      if (state.phase === "recording" && elapsedMs(state, event.now) >= LIMIT_MS) return { ...state, closedMs: LIMIT_MS, segmentStartedAt: null, phase: "recorded", stopReason: "limit" };
      return state;
    case "discard":
      return initialRecorderState;
    case "restore":
      // Only onto an untouched recorder: a take the relative has started since loading wins.
      return state.phase === "idle" ? { ...initialRecorderState, phase: "recorded", closedMs: Math.min(LIMIT_MS, Math.max(0, event.seconds) * 1000), stopReason: "kept" } : state;
  }
}

/** Seconds left once the warning is due (from 9:00), else null. */
export function secondsLeftWarning(state: RecorderState, now: number): number | null {
  if (state.phase !== "recording" && state.phase !== "paused") return null;
  const seconds = elapsedSeconds(state, now);
  return seconds >= WARNING_FROM_SECONDS ? Math.max(0, MAX_RECORDING_SECONDS - seconds) : null;
}

/**
 * The warning as it is shown and announced: a few steps (60, 30, 10 seconds left) rather than every
 * second, so a screen reader says it three times, not sixty.
 */
export function warningStep(secondsLeft: number | null): 60 | 30 | 10 | null {
  if (secondsLeft === null) return null;
  return secondsLeft > 30 ? 60 : secondsLeft > 10 ? 30 : 10;
}

/** What a getUserMedia refusal means for the relative. */
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

/** Opus in WebM or Ogg where the browser has it (small), else AAC in MP4 (Safari); the server checks the content anyway. */
const FORMAT_PREFERENCE = ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/mp4", "audio/webm"] as const;

export const chooseAudioType = (isTypeSupported: (type: string) => boolean) => firstSupportedType(FORMAT_PREFERENCE, isTypeSupported);

const EXTENSIONS: Record<string, string> = { "audio/webm": "webm", "audio/ogg": "ogg", "audio/mp4": "m4a", "audio/mpeg": "mp3", "audio/wav": "wav" };

/** The uploaded file's name, after the type MediaRecorder actually used. */
export function recordingFileName(type: string) {
  const base = type.split(";")[0]!.trim().toLowerCase();
  return `recording.${EXTENSIONS[base] ?? "webm"}`;
}


/** Automatic tries after a dropped connection before the recorder waits for "Try again". */
export const AUTO_RETRIES = 5;

/** Waits before each automatic retry: 1, 2, 4, 8, 15 s (capped), so a short outage costs seconds. */
export const retryDelayMs = (attempt: number) => Math.min(15_000, 1000 * 2 ** Math.max(0, attempt - 1));

/**
 * Statuses worth sending the same answer again for, unasked: no answer at all (a dropped
 * connection), a timeout, overload, a proxy that could not reach the app. A 500 is not among them:
 * the story may have been saved before the fault, so only the relative's "Try again" resends it.
 */
export const isRetryableStatus = (status: number) => [0, 408, 429, 502, 503, 504].includes(status);
