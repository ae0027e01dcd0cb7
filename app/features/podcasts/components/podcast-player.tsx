// Without JavaScript: the native <audio controls> and chapter links that open the audio at that second.
// With it, custom controls drive the same element: skips, speed, chapters, resume, Media Session, keys.
// Decision 0134. `scripted`: a page left unhydrated (the share page, decision 0174) gets the controls in its
// HTML, hidden, and app/features/podcasts/player-script.ts shows and drives them.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatDuration } from "~/lib/text-format";
import { listeningMessages } from "~/features/podcasts/listening-messages";
import {
  chapterAt,
  chapterHref,
  clampTime,
  forgetPosition,
  nextChapterStart,
  parseTimeFragment,
  previousChapterStart,
  savedPosition,
  SAVE_EVERY_MS,
  savedSpeed,
  savePosition,
  saveSpeed,
  SKIP_BACK,
  SKIP_FORWARD,
  SPEEDS,
  type PlayerChapter,
} from "~/features/podcasts/player";
import { useListeningSession } from "./listening-session";

const m = listeningMessages.player;

type Props = {
  src: string;
  fallbackSrc?: string;
  duration?: number | null;
  title: string;
  /** For the lock screen: the family, or the product. */
  artist?: string;
  artworkUrl?: string | null;
  chapters?: PlayerChapter[];
  /** What the remembered position is filed under; the audio URL unless given. */
  resumeKey?: string;
  className?: string;
  /** Extra classes for the chapter list (a page that keeps the player in view caps its height). */
  chaptersClassName?: string;
  /** The page sends no React: render the controls hidden, with `data-player` hooks for player-script.ts. */
  scripted?: boolean;
};

export function PodcastPlayer({ src, fallbackSrc, duration, title, artist = "Storyhearth", artworkUrl, chapters = [], resumeKey = src, className, chaptersClassName, scripted = false }: Props) {
  const hydrated = useHydrated();
  const controls = hydrated || scripted;
  const keysId = useId();
  const session = useListeningSession();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [source, setSource] = useState(src);
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [total, setTotal] = useState(duration ?? 0);
  const [speed, setSpeed] = useState(1);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  // A seek asked for before the metadata arrived is applied when it does.
  const pendingSeek = useRef<number | null>(null);
  const lastSave = useRef(0);
  const reportRef = useRef(session?.report);
  reportRef.current = session?.report;

  const totalNow = () => {
    const d = audioRef.current?.duration;
    return d && Number.isFinite(d) && d > 0 ? d : total;
  };

  const show = (seconds: number) => {
    setElapsed(seconds);
    reportRef.current?.(seconds);
  };

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio || !Number.isFinite(seconds)) return;
    const to = clampTime(seconds, totalNow());
    if (audio.readyState < HTMLMediaElement.HAVE_METADATA) pendingSeek.current = to;
    audio.currentTime = to;
    show(to);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reads the element, not state
  }, []);

  const play = () => {
    const audio = audioRef.current;
    if (audio?.paused) void audio.play().catch(() => setPlaying(false));
  };

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) play();
    else audio.pause();
  };

  const skip = (by: number) => seek((audioRef.current?.currentTime ?? 0) + by);

  const playFrom = useCallback(
    (seconds: number) => {
      seek(seconds);
      setResumedAt(null);
      play();
    },
    [seek],
  );

  const startOver = () => {
    seek(0);
    forgetPosition(resumeKey);
    setResumedAt(null);
  };

  const changeSpeed = (value: number) => {
    const audio = audioRef.current;
    if (audio) {
      audio.playbackRate = value;
      audio.defaultPlaybackRate = value;
    }
    setSpeed(value);
    saveSpeed(value);
  };

  const remember = (force = false) => {
    const audio = audioRef.current;
    if (!audio || (!force && Date.now() - lastSave.current < SAVE_EVERY_MS)) return;
    lastSave.current = Date.now();
    savePosition(resumeKey, audio.currentTime, totalNow());
  };

  const readMetadata = (audio: HTMLAudioElement) => {
    if (Number.isFinite(audio.duration) && audio.duration > 0) setTotal(audio.duration);
    if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) {
      setReady(true);
      if (pendingSeek.current !== null) {
        audio.currentTime = pendingSeek.current;
        pendingSeek.current = null;
      }
    }
  };

  const fallBack = () => {
    if (fallbackSrc && source !== fallbackSrc) setSource(fallbackSrc);
  };

  // On mount: events that fired before hydration, the remembered speed, then where to start: a `#t=`
  // in the address first, else where this listener stopped last time.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    readMetadata(audio);
    if (audio.error) fallBack();
    const rate = savedSpeed();
    if (rate !== 1) changeSpeed(rate);
    const fromLink = parseTimeFragment(window.location.hash);
    const resume = fromLink === null ? savedPosition(resumeKey, totalNow()) : null;
    if (fromLink !== null) seek(fromLink);
    else if (resume !== null) {
      seek(resume);
      setResumedAt(resume);
    }
    const onHash = () => {
      const at = parseTimeFragment(window.location.hash);
      if (at !== null) playFrom(at);
    };
    const onLeave = () => remember(true);
    window.addEventListener("hashchange", onHash);
    window.addEventListener("pagehide", onLeave);
    return () => {
      window.removeEventListener("hashchange", onHash);
      window.removeEventListener("pagehide", onLeave);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  // The page's transcript seeks through the session.
  useEffect(() => {
    session?.attach(playFrom);
    return () => session?.attach(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- attach is stable in effect; the session object changes every tick
  }, [playFrom, Boolean(session)]);

  // The lock screen, notification and headphone buttons (Media Session), taken by whichever player plays.
  const mediaActions = useRef({ toggle, skip, seek, chapters, play });
  mediaActions.current = { toggle, skip, seek, chapters, play };
  const claimMediaSession = () => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    const media = navigator.mediaSession;
    if (typeof MediaMetadata !== "undefined") {
      media.metadata = new MediaMetadata({ title, artist, album: "Storyhearth", artwork: artworkUrl ? [{ src: artworkUrl, sizes: "1400x1400", type: "image/jpeg" }] : [] });
    }
    const now = () => audioRef.current?.currentTime ?? 0;
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler | null]> = [
      ["play", () => mediaActions.current.play()],
      ["pause", () => audioRef.current?.pause()],
      ["seekbackward", (d) => mediaActions.current.skip(-(d.seekOffset ?? SKIP_BACK))],
      ["seekforward", (d) => mediaActions.current.skip(d.seekOffset ?? SKIP_FORWARD)],
      ["seekto", (d) => (d.seekTime === undefined ? undefined : mediaActions.current.seek(d.seekTime))],
      ["previoustrack", chapters.length > 1 ? () => mediaActions.current.seek(previousChapterStart(mediaActions.current.chapters, now())) : null],
      [
        "nexttrack",
        chapters.length > 1
          ? () => {
              const next = nextChapterStart(mediaActions.current.chapters, now());
              if (next !== null) mediaActions.current.seek(next);
            }
          : null,
      ],
    ];
    for (const [action, handler] of handlers) {
      try {
        media.setActionHandler(action, handler);
      } catch {
        // an action this browser does not know
      }
    }
  };
  const updatePositionState = (audio: HTMLAudioElement) => {
    if (typeof navigator === "undefined" || !navigator.mediaSession?.setPositionState) return;
    if (!Number.isFinite(audio.duration) || audio.duration <= 0) return;
    try {
      navigator.mediaSession.setPositionState({ duration: audio.duration, playbackRate: audio.playbackRate, position: Math.min(audio.currentTime, audio.duration) });
    } catch {
      // a position past a changing duration: the next update fixes it
    }
  };

  // Space/K play and pause, J and L skip; inside the player only, and not where a key has its own job.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement;
    const tag = target.tagName;
    if (tag === "SELECT") return;
    const key = e.key.toLowerCase();
    if (key === "k" || (key === " " && tag !== "BUTTON")) toggle();
    else if (key === "j") skip(-SKIP_BACK);
    else if (key === "l") skip(SKIP_FORWARD);
    else return;
    e.preventDefault();
  };

  const current = chapterAt(chapters, elapsed);
  const jumpTo = (e: MouseEvent<HTMLAnchorElement>, start: number) => {
    e.preventDefault();
    playFrom(start);
  };

  // One chapter (a single story) is no list worth showing.
  const chapterList = chapters.length > 1 ? (
    // Not a heading: the player sits under an h1 on one page and an h2 on another.
    <nav aria-labelledby={`${keysId}-chapters`} data-player="chapters" className={cn("space-y-1", chaptersClassName)}>
      <p id={`${keysId}-chapters`} className="text-sm font-semibold">
        {m.chapters}
      </p>
      <ol className="space-y-1 text-sm">
        {chapters.map((chapter, i) => (
          <li key={`${chapter.start}-${i}`}>
            <a
              href={chapterHref(source, chapter.start)}
              data-start={chapter.start}
              onClick={hydrated ? (e) => jumpTo(e, chapter.start) : undefined}
              aria-current={hydrated && i === current ? "true" : undefined}
              className={cn(
                "flex min-w-0 gap-3 rounded-md px-2 py-1 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                hydrated && i === current && "bg-muted font-semibold",
              )}
            >
              <span className="w-12 shrink-0 font-mono tabular-nums text-muted-foreground">{formatDuration(chapter.start)}</span>
              <span className="min-w-0 break-words">{chapter.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  ) : null;

  return (
    <div className={cn("min-w-0 space-y-3", className)}>
      <div className={hydrated ? "hidden" : undefined} data-player="native">
        <audio
          ref={audioRef}
          src={source}
          // Nothing is fetched before play is pressed: the length and chapters come from the server.
          preload="none"
          controls={!hydrated}
          className={hydrated ? "hidden" : "w-full"}
          data-testid="podcast-audio"
          aria-label={title}
          onLoadedMetadata={(e) => readMetadata(e.currentTarget)}
          onDurationChange={(e) => {
            readMetadata(e.currentTarget);
            updatePositionState(e.currentTarget);
          }}
          onCanPlay={() => setReady(true)}
          onTimeUpdate={(e) => {
            show(e.currentTarget.currentTime);
            remember();
          }}
          onSeeked={(e) => updatePositionState(e.currentTarget)}
          onRateChange={(e) => updatePositionState(e.currentTarget)}
          onPlay={(e) => {
            setPlaying(true);
            claimMediaSession();
            updatePositionState(e.currentTarget);
            if (navigator.mediaSession) navigator.mediaSession.playbackState = "playing";
          }}
          onPause={() => {
            setPlaying(false);
            remember(true);
            if (navigator.mediaSession) navigator.mediaSession.playbackState = "paused";
          }}
          onEnded={(e) => {
            forgetPosition(resumeKey);
            e.currentTarget.currentTime = 0;
            show(0);
            setPlaying(false);
          }}
          onError={fallBack}
        >
          {m.unsupported}
        </audio>
        {/* While the scripts load, the custom controls' height is kept free under the native bar
            (the page must not move when they take its place); with scripting off there is only the bar. */}
        {hydrated ? null : <div aria-hidden="true" className="hidden h-[56px] [@media(scripting:enabled)]:block [@media(scripting:enabled)_and_(hover:hover)]:h-[88px]" />}
      </div>
      {controls ? (
        <div
          hidden={!hydrated}
          data-player="controls"
          data-title={title}
          data-artist={artist}
          data-artwork={artworkUrl ?? undefined}
          data-resume-key={resumeKey}
          role="group"
          aria-label={`Player: ${title}`}
          aria-describedby={keysId}
          onKeyDown={onKeyDown}
          className="space-y-3 rounded-lg border border-border bg-muted/40 p-3"
          data-ready={ready}
        >
          <div className="flex items-center gap-2 sm:gap-3">
            <span className="w-12 shrink-0 text-right font-mono text-sm tabular-nums" data-testid="player-elapsed">
              {formatDuration(elapsed)}
            </span>
            <input
              type="range"
              min={0}
              max={total || 0}
              step={1}
              value={Math.min(elapsed, total || 0)}
              onChange={(e) => seek(Number(e.currentTarget.value))}
              data-player="seek"
              aria-label={m.seek}
              aria-valuetext={`${formatDuration(elapsed)} of ${formatDuration(total)}`}
              className="h-2 w-full min-w-0 flex-1 cursor-pointer rounded accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
              disabled={!total}
            />
            <span className="w-12 shrink-0 font-mono text-sm tabular-nums" data-testid="player-total">
              {formatDuration(total)}
            </span>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-2">
              <Button variant="outline" size="icon" onClick={() => skip(-SKIP_BACK)} data-player="back" aria-label={m.back} aria-keyshortcuts="J" className="shrink-0 text-xs">
                <span aria-hidden="true">−15</span>
              </Button>
              <Button variant="default" size="icon" onClick={toggle} data-player="toggle" aria-label={playing ? m.pause : m.play} aria-keyshortcuts="K Space" className="shrink-0 rounded-full">
                <span aria-hidden="true">{playing ? "❚❚" : "▶"}</span>
              </Button>
              <Button variant="outline" size="icon" onClick={() => skip(SKIP_FORWARD)} data-player="forward" aria-label={m.forward} aria-keyshortcuts="L" className="shrink-0 text-xs">
                <span aria-hidden="true">+30</span>
              </Button>
            </div>
            <label className="flex items-center gap-2 text-sm">
              {m.speed}
              <select
                value={String(speed)}
                onChange={(e) => changeSpeed(Number(e.currentTarget.value))}
                data-player="speed"
                className="h-9 rounded-md border border-border bg-card px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {SPEEDS.map((s) => (
                  <option key={s} value={String(s)}>
                    {s}×
                  </option>
                ))}
              </select>
            </label>
          </div>
          <p role="status" className="text-sm empty:hidden">
            {scripted && !hydrated ? (
              <span hidden data-player="resumed">
                <span data-player="resumed-text" />{" "}
                <Button variant="link" size="sm" className="h-auto" data-player="start-over">
                  {m.startOver}
                </Button>
              </span>
            ) : resumedAt !== null ? (
              <>
                {m.resumed(formatDuration(resumedAt))}{" "}
                <Button variant="link" size="sm" className="h-auto" onClick={startOver}>
                  {m.startOver}
                </Button>
              </>
            ) : null}
          </p>
          {/* A touch screen has no keys to press (hover: none is how a phone or tablet says so). */}
          <p id={keysId} className="text-xs text-muted-foreground [@media(hover:none)]:hidden">
            {m.keys}
          </p>
          {hydrated ? chapterList : null}
        </div>
      ) : null}
      {hydrated ? null : chapterList}
    </div>
  );
}
