// The voice recorder on the public answer form (decision 0138) as server markup (decision 0181): one
// <template> per view, which recorder-controller.ts puts on screen and drives (decision 0216); the
// answer form's script attaches it, and so does this component when React runs and a page takes the
// take. Templates, not hidden blocks: what is not on screen is not in the page either, for tests and
// assistive technology alike. Classes, labels and structure stay here; the hooks are `data-recorder`.
import { useEffect, useRef } from "react";

import { ErrorList } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { LevelMeter } from "~/components/ui/level-meter";
import { storyMessages } from "~/features/contributions/messages";
import { attachRecorder, type Take } from "~/features/contributions/recorder-controller";
import { MAX_RECORDING_SECONDS } from "~/features/contributions/recording-limits";
import { formatClock } from "~/lib/text-format";

/**
 * Hidden until the controller finds MediaRecorder: without it the form keeps its file input only.
 * Rendered by React, it records only where `onTake` is given: a form that cannot send a take offers none.
 */
export function VoiceRecorder({ onTake }: { onTake?: (take: Take | null) => void }) {
  const section = useRef<HTMLElement>(null);
  const onTakeRef = useRef(onTake);
  onTakeRef.current = onTake;
  const takes = Boolean(onTake);
  useEffect(() => {
    if (!takes || !section.current) return;
    return attachRecorder(section.current, (take) => onTakeRef.current?.(take))?.detach;
  }, [takes]);

  return (
    <section
      ref={section}
      hidden
      aria-labelledby="voice-recorder-heading"
      className="space-y-3 rounded-md border border-border p-4"
      data-testid="voice-recorder"
      data-recorder="section"
    >
      <h2 id="voice-recorder-heading" className="text-base font-semibold">
        {storyMessages.recording.recorder.heading}
      </h2>
      {/* Every change of state is read out once, politely. */}
      <p className="sr-only" aria-live="polite" data-testid="recorder-announcer" data-recorder="announcer" />
      <div data-recorder="view" />

      <template data-recorder="idle">
        <div className="space-y-3">
          <p className="text-sm text-muted-foreground">{storyMessages.recording.recorder.explain}</p>
          <Button data-recorder="start">
            <MicIcon />
            <span data-recorder="start-label">{storyMessages.recording.recorder.start}</span>
          </Button>
        </div>
      </template>

      <template data-recorder="running">
        <div className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="flex items-center gap-2 font-medium">
              <span
                aria-hidden="true"
                data-recorder="dot"
                className="inline-block h-3 w-3 animate-pulse rounded-full bg-destructive"
              />
              <span data-recorder="status">{storyMessages.recording.recorder.recording}</span>
            </p>
            <p className="font-mono text-lg tabular-nums" data-testid="recorder-clock" data-recorder="clock">
              {storyMessages.recording.recorder.clock(formatClock(0), formatClock(MAX_RECORDING_SECONDS))}
            </p>
          </div>
          <div hidden data-recorder="meter">
            <LevelMeter
              level={0}
              label={storyMessages.recording.recorder.level}
              hint={storyMessages.recording.recorder.levelHint}
              testId="voice-level"
            />
          </div>
          {/* Changes at 60, 30 and 10 seconds left only, so it is announced three times, not every second. */}
          <p aria-live="polite" className="text-sm font-medium text-destructive" data-recorder="warning" />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" data-recorder="toggle">
              {storyMessages.recording.recorder.pause}
            </Button>
            <Button data-recorder="stop">{storyMessages.recording.recorder.stop}</Button>
          </div>
        </div>
      </template>

      <template data-recorder="result">
        <div tabIndex={-1} className="space-y-3 focus:outline-none" data-testid="recorder-result">
          <p className="text-sm font-medium" data-recorder="note" />
          <p className="text-sm font-medium" data-recorder="length" />
          <audio
            controls
            preload="metadata"
            className="w-full"
            aria-label={storyMessages.recording.recorder.listen}
            data-testid="recorder-playback"
            data-recorder="playback"
          />
          <p className="text-sm text-muted-foreground">{storyMessages.recording.recorder.sentWithForm}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" aria-describedby="voice-rerecord-hint" data-recorder="rerecord">
              {storyMessages.recording.recorder.rerecord}
            </Button>
            <Button variant="ghost" data-recorder="discard">
              {storyMessages.recording.recorder.discard}
            </Button>
          </div>
          <p id="voice-rerecord-hint" className="text-xs text-muted-foreground">
            {storyMessages.recording.recorder.rerecordHint}
          </p>
        </div>
      </template>

      {/* What a refusal looks like, and what stands in for the file input while a take is kept. */}
      <template data-recorder="blocked">
        <p className="text-sm text-destructive" role="alert" />
      </template>
      <template data-recorder="asking">
        <p className="text-sm text-muted-foreground">{storyMessages.recording.recorder.asking}</p>
      </template>
      <template data-recorder="replaces-file">
        <div className="space-y-1" data-errors-for="recording">
          <p className="text-sm text-muted-foreground">{storyMessages.recording.recorder.fileInputReplaced}</p>
        </div>
      </template>
      <template data-recorder="errors">
        <ErrorList errors={["-"]} />
      </template>
    </section>
  );
}

/** The upload's progress and its retries, under the form's button: shown and filled by the script. */
export function UploadStatus() {
  return (
    <div hidden className="space-y-2" data-testid="upload-status" data-recorder="upload">
      <div hidden className="space-y-2" data-recorder="upload-sending">
        <label htmlFor="answer-upload-progress" className="block text-sm font-medium">
          {storyMessages.recording.recorder.uploading}
        </label>
        <progress
          id="answer-upload-progress"
          max={100}
          value={0}
          className="h-2 w-full"
          aria-valuetext={storyMessages.recording.recorder.progress(0)}
          data-recorder="upload-progress"
        >
          {storyMessages.recording.recorder.progress(0)}
        </progress>
      </div>
      {/* The retry state is announced once; the countdown beside it is not re-read every second. */}
      <div role="status">
        <p className="text-sm font-medium text-destructive" data-recorder="upload-message" />
      </div>
      <p hidden aria-hidden="true" className="text-sm text-muted-foreground" data-recorder="upload-countdown" />
      <Button hidden variant="outline" data-recorder="upload-retry">
        {storyMessages.recording.recorder.tryAgain}
      </Button>
    </div>
  );
}

function MicIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="9" y="3" width="6" height="12" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </svg>
  );
}
