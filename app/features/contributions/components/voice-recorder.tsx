// The voice recorder on the public answer form (issue 20, decision 0138). Only with JavaScript and a
// browser that has MediaRecorder; everyone else keeps the form's file input, which stays usable.
import { formatClock } from "~/lib/text-format";
import { useEffect, useReducer, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { LevelMeter } from "~/components/ui/level-meter";
import { useHydrated } from "~/components/use-hydrated";
import { useMicLevel } from "~/components/use-mic-level";
import { storyMessages } from "~/features/contributions/messages";
import {
  blockedReason,
  chooseAudioType,
  DATA_INTERVAL_MS,
  elapsedSeconds,
  initialRecorderState,
  recorderReducer,
  recordingFileName,
  secondsLeftWarning,
  TICK_MS,
  warningStep,
} from "~/features/contributions/recorder-state";
import { MAX_RECORDING_SECONDS } from "~/features/contributions/recording-limits";
import type { UploadState } from "./answer-upload";
import { forgetRecording, getKeptRecording, keepRecording } from "./kept-recording";

const r = storyMessages.recording.recorder;

export type RecorderChange = { file: File | null; active: boolean };

/** True once hydrated in a browser that can record sound; false on the server and without MediaRecorder. */
export function useCanRecord() {
  const hydrated = useHydrated();
  return hydrated && typeof window.MediaRecorder === "function" && typeof navigator.mediaDevices?.getUserMedia === "function";
}

/** The meter rests at 0 while paused: the microphone is still open, but nothing is being kept. */
function useRecordingLevel(stream: MediaStream | null, listening: boolean): number | null {
  const level = useMicLevel(stream);
  return listening ? level : level === null ? null : 0;
}

/** `keepAs`: where a finished take is kept in the browser until it is sent (keptRecordingKey). */
export function VoiceRecorder({ onChange, keepAs }: { onChange: (change: RecorderChange) => void; keepAs: string }) {
  const [state, dispatch] = useReducer(recorderReducer, initialRecorderState);
  const phase = useRef(state.phase);
  phase.current = state.phase;
  const [now, setNow] = useState(0);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [recording, setRecording] = useState<{ file: File; url: string } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const recorder = useRef<MediaRecorder | null>(null);
  const pauseButton = useRef<HTMLButtonElement>(null);
  const result = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const level = useRecordingLevel(stream, state.phase === "recording");
  const active = state.phase === "recording" || state.phase === "paused" || state.phase === "asking";

  useEffect(() => changed.current({ file: recording?.file ?? null, active }), [recording, active]);

  // The clock, and the 10-minute stop, while recording.
  useEffect(() => {
    if (state.phase !== "recording") return;
    const timer = setInterval(() => {
      const t = performance.now();
      setNow(t);
      dispatch({ type: "tick", now: t });
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [state.phase]);

  // Stopped by the relative or by the limit: MediaRecorder hands over the last data, then onstop builds the file.
  useEffect(() => {
    if (state.phase !== "recorded") return;
    if (recorder.current && recorder.current.state !== "inactive") recorder.current.stop();
  }, [state.phase]);

  // Released when the page goes: the microphone light goes out, the object URL is freed.
  const release = useRef<() => void>(() => {});
  release.current = () => {
    if (recorder.current && recorder.current.state !== "inactive") recorder.current.stop();
    stream?.getTracks().forEach((track) => track.stop());
    if (recording) URL.revokeObjectURL(recording.url);
  };
  useEffect(() => () => release.current(), []);

  // A take kept from an earlier visit (the tab was closed or died before sending) comes back as the current one.
  useEffect(() => {
    let gone = false;
    void getKeptRecording(keepAs).then((kept) => {
      if (!kept || gone || phase.current !== "idle") return;
      const file = new File([kept.blob], recordingFileName(kept.type), { type: kept.type });
      dispatch({ type: "restore", seconds: kept.durationSeconds });
      setRecording({ file, url: URL.createObjectURL(file) });
    });
    return () => {
      gone = true;
    };
  }, [keepAs]);

  async function start() {
    dispatch({ type: "ask" });
    setAnnouncement(r.asking);
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
    } catch (error) {
      const reason = blockedReason((error as DOMException | undefined)?.name);
      dispatch({ type: "blocked", reason });
      setAnnouncement(r.blocked[reason]);
      return;
    }
    const mimeType = chooseAudioType((type) => MediaRecorder.isTypeSupported(type));
    let rec: MediaRecorder;
    try {
      rec = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    } catch {
      media.getTracks().forEach((track) => track.stop());
      dispatch({ type: "blocked", reason: "failed" });
      setAnnouncement(r.blocked.failed);
      return;
    }
    const chunks: Blob[] = [];
    rec.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    rec.onstop = () => {
      media.getTracks().forEach((track) => track.stop());
      setStream(null);
      const type = rec.mimeType || mimeType || "audio/webm";
      const file = new File(chunks, recordingFileName(type), { type });
      setRecording({ file, url: URL.createObjectURL(file) });
    };
    recorder.current = rec;
    setStream(media);
    rec.start(DATA_INTERVAL_MS);
    mark("started", r.started);
  }

  /** The clock and the state move together, at one instant; the live region says what happened. */
  function mark(type: "started" | "pause" | "resume" | "stop", announcement?: string) {
    const t = performance.now();
    setNow(t);
    dispatch({ type, now: t });
    if (announcement) setAnnouncement(announcement);
  }

  function pause() {
    recorder.current?.pause();
    mark("pause", r.pausedAnnounce);
  }

  function resume() {
    recorder.current?.resume();
    mark("resume", r.resumedAnnounce);
  }

  function stop() {
    mark("stop");
  }

  function discard() {
    if (recording) URL.revokeObjectURL(recording.url);
    setRecording(null);
    recorder.current = null;
    dispatch({ type: "discard" });
    void forgetRecording(keepAs);
  }

  const seconds = elapsedSeconds(state, now);
  const length = formatClock(seconds);

  // Focus follows the controls that replace the pressed button.
  useEffect(() => {
    if (state.phase === "recording" && document.activeElement === document.body) pauseButton.current?.focus();
  }, [state.phase]);
  useEffect(() => {
    if (!recording) return;
    // Brought back on load: said politely, and focus stays where the relative is.
    if (state.stopReason === "kept") {
      setAnnouncement(r.kept);
      return;
    }
    void keepRecording(keepAs, { blob: recording.file, type: recording.file.type, durationSeconds: seconds, madeAt: Date.now() });
    const stopped = r.stoppedAnnounce(formatClock(seconds));
    setAnnouncement(state.stopReason === "limit" ? `${r.stoppedAtLimit} ${stopped}` : stopped);
    result.current?.focus();
    // Only when a new recording appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recording]);

  const step = warningStep(secondsLeftWarning(state, now));
  const running = state.phase === "recording" || state.phase === "paused";

  return (
    <section aria-labelledby="voice-recorder-heading" className="space-y-3 rounded-md border border-border p-4" data-testid="voice-recorder">
      <h2 id="voice-recorder-heading" className="text-base font-semibold">
        {r.heading}
      </h2>
      {/* Every change of state is read out once, politely. */}
      <p className="sr-only" aria-live="polite" data-testid="recorder-announcer">
        {announcement}
      </p>

      {state.phase === "idle" || state.phase === "asking" || state.phase === "blocked" ? (
        <>
          <p className="text-sm text-muted-foreground">{r.explain}</p>
          {state.phase === "blocked" && state.blocked ? (
            <p className="text-sm text-destructive" role="alert">
              {r.blocked[state.blocked]}
            </p>
          ) : null}
          <Button type="button" onClick={() => void start()} disabled={state.phase === "asking"}>
            <MicIcon />
            {state.phase === "blocked" ? r.tryAgain : r.start}
          </Button>
          {state.phase === "asking" ? <p className="text-sm text-muted-foreground">{r.asking}</p> : null}
        </>
      ) : null}

      {running ? (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="flex items-center gap-2 font-medium">
              <span aria-hidden="true" className={state.phase === "recording" ? "inline-block h-3 w-3 animate-pulse rounded-full bg-destructive" : "inline-block h-3 w-3 rounded-full bg-muted-foreground"} />
              {state.phase === "recording" ? r.recording : r.paused}
            </p>
            <p className="font-mono text-lg tabular-nums" data-testid="recorder-clock">
              {r.clock(length, formatClock(MAX_RECORDING_SECONDS))}
            </p>
          </div>
          {level !== null ? <LevelMeter level={level} label={r.level} hint={r.levelHint} testId="voice-level" /> : null}
          {/* Changes at 60, 30 and 10 seconds left only, so it is announced three times, not every second. */}
          <p aria-live="polite" className="text-sm font-medium text-destructive">
            {step === null ? "" : step === 60 ? r.minuteLeft : r.secondsLeft(step)}
          </p>
          <div className="flex flex-wrap gap-2">
            {state.phase === "recording" ? (
              <Button ref={pauseButton} type="button" variant="outline" onClick={pause}>
                {r.pause}
              </Button>
            ) : (
              <Button ref={pauseButton} type="button" variant="outline" onClick={resume}>
                {r.resume}
              </Button>
            )}
            <Button type="button" onClick={stop}>
              {r.stop}
            </Button>
          </div>
        </>
      ) : null}

      {state.phase === "recorded" && recording ? (
        <div ref={result} tabIndex={-1} className="space-y-3 focus:outline-none" data-testid="recorder-result">
          {state.stopReason === "limit" ? <p className="text-sm font-medium">{r.stoppedAtLimit}</p> : null}
          {state.stopReason === "kept" ? <p className="text-sm font-medium">{r.kept}</p> : null}
          <p className="text-sm font-medium">{r.length(length)}</p>
          <ListenBack url={recording.url} />
          <p className="text-sm text-muted-foreground">{r.sentWithForm}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                discard();
                void start();
              }}
              aria-describedby="voice-rerecord-hint"
            >
              {r.rerecord}
            </Button>
            <Button type="button" variant="ghost" onClick={discard}>
              {r.discard}
            </Button>
          </div>
          <p id="voice-rerecord-hint" className="text-xs text-muted-foreground">
            {r.rerecordHint}
          </p>
        </div>
      ) : null}
    </section>
  );
}

/**
 * The recorded blob in an <audio>. Chrome's MediaRecorder WebM carries no duration, so the player
 * would show none and its slider could not seek: a seek far past the end makes the browser measure
 * it, then the player is put back to the start.
 */
function ListenBack({ url }: { url: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const measure = () => {
      if (element.duration !== Infinity) return;
      const back = () => {
        element.removeEventListener("durationchange", back);
        element.currentTime = 0;
      };
      element.addEventListener("durationchange", back);
      element.currentTime = 1e101;
    };
    element.addEventListener("loadedmetadata", measure);
    return () => element.removeEventListener("loadedmetadata", measure);
  }, [url]);
  return <audio ref={audio} controls preload="metadata" src={url} className="w-full" aria-label={r.listen} data-testid="recorder-playback" />;
}

/** The upload's progress and its retries, under the form's button. */
export function UploadStatus({ state, onRetry }: { state: UploadState; onRetry: () => void }) {
  const [clock, setClock] = useState(() => Date.now());
  useEffect(() => {
    if (state.phase !== "waiting") return;
    const timer = setInterval(() => setClock(Date.now()), 500);
    return () => clearInterval(timer);
  }, [state.phase]);
  if (state.phase === "idle") return null;
  const percent = state.phase === "sending" ? Math.round(state.progress * 100) : null;
  const waitSeconds = state.phase === "waiting" ? Math.max(0, Math.ceil((state.retryAt - clock) / 1000)) : 0;
  return (
    <div className="space-y-2" data-testid="upload-status">
      {state.phase === "sending" ? (
        <>
          <label htmlFor="answer-upload-progress" className="block text-sm font-medium">
            {r.uploading}
          </label>
          <progress id="answer-upload-progress" max={100} value={percent ?? 0} className="h-2 w-full" aria-valuetext={r.progress(percent ?? 0)}>
            {r.progress(percent ?? 0)}
          </progress>
        </>
      ) : null}
      {/* The retry state is announced once; the countdown beside it is not re-read every second. */}
      <div role="status">
        {state.phase === "waiting" ? <p className="text-sm font-medium text-destructive">{r.retrying}</p> : null}
        {state.phase === "failed" ? <p className="text-sm font-medium text-destructive">{state.status === 0 ? r.offline : r.failed(state.status)}</p> : null}
      </div>
      {state.phase === "waiting" ? (
        <p aria-hidden="true" className="text-sm text-muted-foreground">
          {waitSeconds > 0 ? r.nextTry(waitSeconds) : r.tryingNow}
        </p>
      ) : null}
      {state.phase === "waiting" || state.phase === "failed" ? (
        <Button type="button" variant="outline" onClick={onRetry}>
          {r.tryAgain}
        </Button>
      ) : null}
    </div>
  );
}

function MicIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="9" y="3" width="6" height="12" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </svg>
  );
}
