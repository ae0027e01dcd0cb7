// Without JavaScript: the native <audio controls> and chapter links that open the audio at that second.
// With it, custom controls drive the same element: skips, speed, chapters, resume, Media Session, keys.
// Decision 0134. This component is the markup; player-controller.ts is the behaviour, attached once React
// runs (decision 0216). `scripted`: a page left unhydrated (the share page, decision 0174) gets the
// controls in its HTML, hidden, and its script (player-script.ts) attaches the same controller.
import { useEffect, useId, useRef } from "react";

import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { listeningMessages } from "~/features/podcasts/listening/listening-messages";
import { chapterHref, SPEEDS, type PlayerChapter } from "~/features/podcasts/listening/player";
import { attachPlayer } from "~/features/podcasts/listening/player-controller";
import { cn } from "~/lib/cn";
import { formatDuration } from "~/lib/text-format";

import { useListeningSession } from "./listening-session";

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
  /** The page sends no React: render the controls hidden, for player-script.ts. */
  scripted?: boolean;
};

/**
 * The values that change while listening (elapsed time, the slider, Play/Pause, speed, the chapter
 * playing, "Resumed at") are rendered once, as they start, and from then on written by the controller:
 * React never re-renders them, so the two never disagree.
 */
export function PodcastPlayer({
  src,
  fallbackSrc,
  duration,
  title,
  artist = "Storyhearth",
  artworkUrl,
  chapters = [],
  resumeKey = src,
  className,
  chaptersClassName,
  scripted = false,
}: Props) {
  const hydrated = useHydrated();
  const controls = hydrated || scripted;
  const keysId = useId();
  const root = useRef<HTMLDivElement>(null);
  const total = duration ?? 0;
  // The page's transcript follows and seeks through the session; read at call time, it changes every tick.
  const session = useListeningSession();
  const sessionRef = useRef(session);
  sessionRef.current = session;

  useEffect(() => {
    if (!hydrated || !root.current) return;
    const player = attachPlayer(root.current, {
      fallbackSrc,
      onTime: (seconds) => sessionRef.current?.report(seconds),
    });
    if (!player) return;
    sessionRef.current?.attach(player.playFrom);
    return () => {
      sessionRef.current?.attach(null);
      player.detach();
    };
  }, [hydrated, src, resumeKey, fallbackSrc]);

  // One chapter (a single story) is no list worth showing.
  const chapterList =
    chapters.length > 1 ? (
      // Not a heading: the player sits under an h1 on one page and an h2 on another.
      <nav aria-labelledby={`${keysId}-chapters`} data-player="chapters" className={cn("space-y-1", chaptersClassName)}>
        <p id={`${keysId}-chapters`} className="text-sm font-semibold">
          {listeningMessages.player.chapters}
        </p>
        <ol className="space-y-1 text-sm">
          {chapters.map((chapter, i) => (
            <li key={`${chapter.start}-${i}`}>
              <a
                href={chapterHref(src, chapter.start)}
                data-start={chapter.start}
                className="flex min-w-0 gap-3 rounded-md px-2 py-1 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="w-12 shrink-0 font-mono tabular-nums text-muted-foreground">
                  {formatDuration(chapter.start)}
                </span>
                <span className="min-w-0 break-words">{chapter.title}</span>
              </a>
            </li>
          ))}
        </ol>
      </nav>
    ) : null;

  return (
    <div ref={root} data-player="player" className={cn("min-w-0 space-y-3", className)}>
      <div className={hydrated ? "hidden" : undefined} data-player="native">
        <audio
          src={src}
          // Nothing is fetched before play is pressed: the length and chapters come from the server.
          preload="none"
          controls={!hydrated}
          className={hydrated ? "hidden" : "w-full"}
          data-testid="podcast-audio"
          aria-label={title}
        >
          {listeningMessages.player.unsupported}
        </audio>
        {/* While the scripts load, the custom controls' height is kept free under the native bar
            (the page must not move when they take its place); with scripting off there is only the bar. */}
        {hydrated ? null : (
          <div
            aria-hidden="true"
            className="hidden h-[56px] [@media(scripting:enabled)]:block [@media(scripting:enabled)_and_(hover:hover)]:h-[88px]"
          />
        )}
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
          className="space-y-3 rounded-lg border border-border bg-muted/40 p-3"
          data-ready={false}
        >
          <div className="flex items-center gap-2 sm:gap-3">
            <span className="w-12 shrink-0 text-right font-mono text-sm tabular-nums" data-testid="player-elapsed">
              {formatDuration(0)}
            </span>
            <input
              type="range"
              min={0}
              max={total}
              step={1}
              defaultValue={0}
              data-player="seek"
              aria-label={listeningMessages.player.seek}
              aria-valuetext={`${formatDuration(0)} of ${formatDuration(total)}`}
              className="h-2 w-full min-w-0 flex-1 cursor-pointer rounded accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
              disabled={!total}
            />
            <span className="w-12 shrink-0 font-mono text-sm tabular-nums" data-testid="player-total">
              {formatDuration(total)}
            </span>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-2">
              <Button
                variant="outline"
                size="icon"
                data-player="back"
                aria-label={listeningMessages.player.back}
                aria-keyshortcuts="J"
                className="shrink-0 text-xs"
              >
                <span aria-hidden="true">−15</span>
              </Button>
              <Button
                variant="default"
                size="icon"
                data-player="toggle"
                aria-label={listeningMessages.player.play}
                aria-keyshortcuts="K Space"
                className="shrink-0 rounded-full"
              >
                <span aria-hidden="true">▶</span>
              </Button>
              <Button
                variant="outline"
                size="icon"
                data-player="forward"
                aria-label={listeningMessages.player.forward}
                aria-keyshortcuts="L"
                className="shrink-0 text-xs"
              >
                <span aria-hidden="true">+30</span>
              </Button>
            </div>
            <label className="flex items-center gap-2 text-sm">
              {listeningMessages.player.speed}
              <select
                defaultValue="1"
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
          {/* Shown by the controller when it resumes; the status hides while its note does. */}
          <p role="status" className="text-sm has-[>[hidden]]:hidden">
            <span hidden data-player="resumed">
              <span data-player="resumed-text" />{" "}
              <Button variant="link" size="sm" className="h-auto" data-player="start-over">
                {listeningMessages.player.startOver}
              </Button>
            </span>
          </p>
          {/* A touch screen has no keys to press (hover: none is how a phone or tablet says so). */}
          <p id={keysId} className="text-xs text-muted-foreground [@media(hover:none)]:hidden">
            {listeningMessages.player.keys}
          </p>
          {hydrated ? chapterList : null}
        </div>
      ) : null}
      {hydrated ? null : chapterList}
    </div>
  );
}
