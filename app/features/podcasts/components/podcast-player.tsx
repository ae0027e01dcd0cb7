// The native <audio> controls work without JavaScript; once React runs, a custom bar drives the same element.
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatDuration } from "~/lib/text-format";
import { listeningMessages } from "~/features/podcasts/listening-messages";

const m = listeningMessages.player;

type Props = { src: string; fallbackSrc?: string; duration?: number | null; title: string; className?: string };

export function PodcastPlayer({ src, fallbackSrc, duration, title, className }: Props) {
  const hydrated = useHydrated();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [source, setSource] = useState(src);
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [total, setTotal] = useState(duration ?? 0);

  const readMetadata = (audio: HTMLAudioElement) => {
    if (Number.isFinite(audio.duration) && audio.duration > 0) setTotal(audio.duration);
    if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) setReady(true);
  };

  const fallBack = () => {
    if (fallbackSrc && source !== fallbackSrc) setSource(fallbackSrc);
  };

  // Events that fired before hydration attached the listeners are read off the element once.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    readMetadata(audio);
    if (audio.error) fallBack();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => setPlaying(false));
    else audio.pause();
  };

  const seek = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio || !Number.isFinite(seconds)) return;
    audio.currentTime = seconds;
    setElapsed(seconds);
  };

  return (
    <div className={cn("space-y-2", className)}>
      <audio
        ref={audioRef}
        src={source}
        preload="metadata"
        controls={!hydrated}
        className={hydrated ? "hidden" : "w-full"}
        data-testid="podcast-audio"
        aria-label={title}
        onLoadedMetadata={(e) => readMetadata(e.currentTarget)}
        onDurationChange={(e) => readMetadata(e.currentTarget)}
        onCanPlay={() => setReady(true)}
        onTimeUpdate={(e) => setElapsed(e.currentTarget.currentTime)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={(e) => {
          e.currentTarget.currentTime = 0;
          setElapsed(0);
          setPlaying(false);
        }}
        onError={fallBack}
      >
        {m.unsupported}
      </audio>
      {hydrated ? (
        <div role="group" aria-label={`Player: ${title}`} className="flex items-center gap-2 rounded-lg border border-border bg-muted/40 p-3 sm:gap-3" data-ready={ready}>
          <Button variant="default" size="icon" onClick={toggle} aria-label={playing ? m.pause : m.play} className="shrink-0 rounded-full">
            <span aria-hidden="true">{playing ? "❚❚" : "▶"}</span>
          </Button>
          <span className="w-12 shrink-0 text-right font-mono text-sm tabular-nums" data-testid="player-elapsed">
            {formatDuration(elapsed)}
          </span>
          <input
            type="range"
            min={0}
            max={total || 0}
            step={0.1}
            value={Math.min(elapsed, total || 0)}
            onChange={(e) => seek(Number(e.currentTarget.value))}
            aria-label={m.seek}
            aria-valuetext={`${formatDuration(elapsed)} of ${formatDuration(total)}`}
            className="h-2 w-full min-w-0 flex-1 cursor-pointer accent-primary"
            disabled={!total}
          />
          <span className="w-12 shrink-0 font-mono text-sm tabular-nums" data-testid="player-total">
            {formatDuration(total)}
          </span>
        </div>
      ) : null}
    </div>
  );
}
