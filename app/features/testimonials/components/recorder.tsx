import { useEffect, useRef, useState } from "react";

import { ErrorList } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { LevelMeter } from "~/components/ui/level-meter";
import { useMicLevel } from "~/components/use-mic-level";
import { testimonialMessages } from "~/features/testimonials/messages";
import {
  canRecordMore,
  canStartRecording,
  COUNTDOWN_SECONDS,
  MAX_QUESTIONS,
  PREVIEW_ASPECT,
  PREVIEW_WIDTH,
  progressPercent,
  progressTone,
  RECORDING_LIMIT_SECONDS,
  remainingWarning,
  toggleQuestion,
} from "~/features/testimonials/recording";
import { chosenFileProblem } from "~/features/testimonials/upload-limits";
import { cn } from "~/lib/cn";
import { formatClock } from "~/lib/text-format";

import { CameraError, openCamera, stopStream } from "./camera";
import { useRecording } from "./use-recording";

export type RecorderQuestion = { question: string; hint: string };
type Props = {
  title: string;
  description: string | null;
  questions: RecorderQuestion[];
  onComplete: (video: Blob, selectedQuestions: number[], notice?: string) => void;
  onBack: () => void;
};

const TONE_CLASS = { normal: "bg-primary", yellow: "bg-yellow-500", red: "bg-red-600" } as const;

export function Recorder({ title, description, questions, onComplete, onBack }: Props) {
  const [selected, setSelected] = useState<number[]>([]);
  const [view, setView] = useState<"select" | "camera">("select");
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [displayError, setDisplayError] = useState<string | null>(null);
  const [countdown, setCountdown] = useState<number | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const [liveStream, setLiveStream] = useState<MediaStream | null>(null);
  const micLevel = useMicLevel(liveStream);
  const preview = useRef<HTMLVideoElement>(null);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const release = () => {
    stopStream(stream.current);
    stream.current = null;
    setLiveStream(null);
    setCountdown(null);
  };
  const finish = (blob: Blob, notice?: string) => {
    release();
    onComplete(blob, selectedRef.current, notice);
  };
  const recording = useRecording({
    onAutoStop: (blob) => finish(blob, testimonialMessages.recorder.errors.limitReached),
  });
  const startRecorder = recording.start;

  useEffect(() => () => stopStream(stream.current), []);

  const startRecording = async () => {
    if (!canStartRecording(selected) || !canRecordMore(recording.elapsed)) return;
    setError(null);
    setDisplayError(null);
    setStarting(true);
    try {
      const opened = await openCamera();
      stream.current = opened.stream;
      setLiveStream(opened.stream);
    } catch (e) {
      setStarting(false);
      setError(e instanceof CameraError ? e.message : testimonialMessages.recorder.errors.generic);
      return;
    }
    setView("camera");
    setStarting(false);
  };

  useEffect(() => {
    if (view !== "camera") return;
    const live = stream.current;
    if (!live) {
      setError(testimonialMessages.recorder.errors.noStream);
      setView("select");
      return;
    }
    const video = preview.current;
    if (video) {
      try {
        video.srcObject = live;
        void video.play().catch(() => setDisplayError(testimonialMessages.recorder.errors.display));
      } catch {
        setDisplayError(testimonialMessages.recorder.errors.display);
      }
    }
    setCountdown(COUNTDOWN_SECONDS);
  }, [view]);

  useEffect(() => {
    if (countdown === null) return;
    if (countdown > 0) {
      const timer = setTimeout(() => setCountdown((n) => (n === null ? null : n - 1)), 1000);
      return () => clearTimeout(timer);
    }
    setCountdown(null);
    const live = stream.current;
    if (!live) return;
    try {
      startRecorder(live);
    } catch {
      stopStream(live);
      stream.current = null;
      setLiveStream(null);
      setError(testimonialMessages.recorder.errors.startFailed);
      setView("select");
    }
  }, [countdown, startRecorder]);

  const stop = async () => finish(await recording.stop());

  const exit = () => {
    recording.discard();
    release();
    setView("select");
  };

  if (view === "select") {
    return (
      <section aria-labelledby="recorder-select" className="space-y-4">
        <div>
          <h2 id="recorder-select" className="text-2xl font-semibold">
            {testimonialMessages.recorder.selectTitle}
          </h2>
          <p className="text-muted-foreground">{testimonialMessages.recorder.selectHint}</p>
          <p className="sr-only">
            {title}
            {description ? `: ${description}` : ""}
          </p>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm text-muted-foreground" aria-live="polite">
            {testimonialMessages.recorder.selectedCount(selected.length)}
          </legend>
          {questions.map((q, i) => {
            const checked = selected.includes(i);
            return (
              <label
                key={i}
                className={cn(
                  "flex cursor-pointer gap-3 rounded-lg border border-border p-3",
                  checked && "border-primary bg-primary/5",
                )}
              >
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={checked}
                  disabled={!checked && selected.length >= MAX_QUESTIONS}
                  onChange={() => setSelected((s) => toggleQuestion(s, i))}
                />
                <span>
                  <span className="block font-medium">{q.question}</span>
                  <span className="block text-sm text-muted-foreground">{q.hint}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
        {error ? (
          <div role="alert" className="space-y-3 rounded-md border border-destructive p-3 text-sm">
            <ErrorList errors={[error]} />
            <CaptureFallback onFile={(file) => onComplete(file, selectedRef.current)} />
          </div>
        ) : null}
        <div className="flex flex-row-reverse justify-between gap-2">
          <Button
            type="button"
            onClick={() => void startRecording()}
            disabled={!canStartRecording(selected) || starting}
          >
            {starting ? testimonialMessages.recorder.starting : testimonialMessages.recorder.start}
          </Button>
          <Button type="button" variant="outline" onClick={onBack}>
            {testimonialMessages.flow.back}
          </Button>
        </div>
      </section>
    );
  }

  const seconds = recording.elapsed;
  const tone = progressTone(seconds);
  const warning = remainingWarning(seconds);
  const counting = countdown !== null;
  return (
    <section aria-label={testimonialMessages.recorder.recording} className="space-y-4">
      <div
        className="relative mx-auto overflow-hidden rounded-lg bg-black"
        style={{ width: "100%", maxWidth: PREVIEW_WIDTH, aspectRatio: PREVIEW_ASPECT }}
      >
        <video
          ref={preview}
          muted
          playsInline
          autoPlay
          aria-label={testimonialMessages.recorder.preview}
          className="h-full w-full -scale-x-100 object-cover"
          data-testid="recorder-preview"
        />
        {counting ? (
          <span
            aria-hidden="true"
            className="absolute inset-0 flex items-center justify-center bg-black/40 font-serif text-8xl font-bold text-white"
            data-testid="countdown"
          >
            {countdown}
          </span>
        ) : null}
      </div>
      {/* Always in the page, so each number (and the start) is heard as it changes. */}
      <p className="sr-only" aria-live="assertive" data-testid="recorder-announcer">
        {counting
          ? testimonialMessages.recorder.countdown(countdown)
          : recording.phase === "recording"
            ? testimonialMessages.recorder.started
            : ""}
      </p>
      {displayError ? <ErrorList errors={[displayError]} /> : null}
      {micLevel !== null ? (
        <LevelMeter
          level={micLevel}
          label={testimonialMessages.recorder.micLevel}
          hint={testimonialMessages.recorder.micHint}
          testId="mic-level"
        />
      ) : null}
      {counting ? (
        <div className="flex justify-center">
          <Button type="button" variant="outline" onClick={() => setCountdown(0)}>
            {testimonialMessages.recorder.skipCountdown}
          </Button>
        </div>
      ) : null}
      <ul className="space-y-2">
        {selected.map((i) => (
          <li key={i} className="rounded-md bg-muted p-3">
            <p className="font-medium">{questions[i]?.question}</p>
            <p className="text-sm text-muted-foreground">{questions[i]?.hint}</p>
          </li>
        ))}
      </ul>
      <div className="space-y-1">
        <div className="flex items-center justify-between text-sm">
          <span className="flex items-center gap-2 font-medium">
            <span
              aria-hidden="true"
              className={cn(
                "inline-block h-2.5 w-2.5 rounded-full",
                recording.phase === "recording" ? "animate-pulse bg-red-600" : "bg-muted-foreground",
              )}
            />
            {recording.phase === "paused"
              ? testimonialMessages.recorder.paused
              : testimonialMessages.recorder.recording}
          </span>
          <span data-testid="recording-clock">
            {formatClock(seconds)} / {formatClock(RECORDING_LIMIT_SECONDS)}
          </span>
        </div>
        <div
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label={testimonialMessages.recorder.recordingTime}
          aria-valuemin={0}
          aria-valuemax={RECORDING_LIMIT_SECONDS}
          aria-valuenow={Math.floor(seconds)}
          aria-valuetext={testimonialMessages.recorder.timeOf(
            formatClock(seconds),
            formatClock(RECORDING_LIMIT_SECONDS),
          )}
        >
          <div
            className={cn("h-full transition-all", TONE_CLASS[tone])}
            data-tone={tone}
            style={{ width: `${progressPercent(seconds)}%` }}
          />
        </div>
        {warning !== null ? (
          <p role="status" className="text-sm font-medium text-red-600">
            {testimonialMessages.recorder.remaining(warning)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        {recording.phase === "paused" ? (
          <Button type="button" variant="outline" onClick={recording.resume} disabled={!canRecordMore(seconds)}>
            {testimonialMessages.recorder.resume}
          </Button>
        ) : (
          <Button type="button" variant="outline" onClick={recording.pause} disabled={recording.phase !== "recording"}>
            {testimonialMessages.recorder.pause}
          </Button>
        )}
        <Button
          type="button"
          variant="destructive"
          onClick={() => void stop()}
          disabled={recording.phase === "stopped" || recording.phase === "idle"}
        >
          {testimonialMessages.recorder.stop}
        </Button>
        <Button type="button" variant="ghost" onClick={exit}>
          {testimonialMessages.recorder.exit}
        </Button>
      </div>
    </section>
  );
}

function CaptureFallback({ onFile }: { onFile: (file: File) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="space-y-1">
      <label className="block space-y-1">
        <span className="font-medium">{testimonialMessages.recorder.fallbackLabel}</span>
        <input
          type="file"
          accept="video/*"
          capture="user"
          className="block w-full text-sm"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (!file) return;
            const found = chosenFileProblem(file);
            setProblem(
              found === "too-large"
                ? `${testimonialMessages.validation.fileTooLarge.title}: ${testimonialMessages.validation.fileTooLarge.description}`
                : found
                  ? testimonialMessages.validation.notAVideo
                  : null,
            );
            if (found) e.currentTarget.value = "";
            else onFile(file);
          }}
        />
      </label>
      {problem ? <ErrorList errors={[problem]} /> : null}
    </div>
  );
}
