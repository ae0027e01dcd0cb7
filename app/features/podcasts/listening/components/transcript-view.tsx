// `scripted`: on a page without React (decision 0174) the time buttons come hidden, for player-script.ts.
import { useEffect, useRef } from "react";

import { useHydrated } from "~/components/use-hydrated";
import { listeningMessages } from "~/features/podcasts/listening/listening-messages";
import type { TimedTurn, TranscriptTurn } from "~/features/podcasts/listening/transcript";
import { cn } from "~/lib/cn";
import { formatDuration } from "~/lib/text-format";

import { useListeningSession } from "./listening-session";

type Turn = TranscriptTurn & { start?: number | null };

export function lineAt(turns: Turn[], time: number) {
  let found = -1;
  turns.forEach((turn, i) => {
    if (turn.start != null && turn.start <= time + 0.25) found = i;
  });
  return found;
}

export function TranscriptView({
  turns,
  scrolls = false,
  scripted = false,
  className,
}: {
  turns: Array<TranscriptTurn | TimedTurn>;
  scrolls?: boolean;
  scripted?: boolean;
  className?: string;
}) {
  const hydrated = useHydrated();
  const session = useListeningSession();
  const box = useRef<HTMLDivElement>(null);
  const lines = turns as Turn[];
  const follows = hydrated && session !== null && lines.some((t) => t.start != null);
  const current = follows ? lineAt(lines, session.time) : -1;
  const boxed = scrolls || follows;
  const timeButtons = follows || (scripted && lines.some((t) => t.start != null));

  useEffect(() => {
    const container = box.current;
    const line = container?.querySelector<HTMLElement>("[aria-current]");
    if (!container || !line) return;
    const top = line.offsetTop;
    if (top < container.scrollTop || top + line.offsetHeight > container.scrollTop + container.clientHeight) {
      container.scrollTop = Math.max(0, top - container.clientHeight / 3);
    }
  }, [current]);

  if (!turns.length) return <p className="text-muted-foreground">{listeningMessages.detail.noTranscript}</p>;
  return (
    <div
      ref={box}
      className={cn("space-y-3", boxed && "relative max-h-[28rem] overflow-y-auto pr-1", className)}
      data-testid="transcript"
    >
      {lines.map((turn, i) => (
        <p
          key={i}
          aria-current={i === current ? "true" : undefined}
          className={cn(follows && "rounded-md px-2 py-1", i === current && "bg-muted")}
        >
          {timeButtons && turn.start != null ? (
            <button
              type="button"
              hidden={!follows}
              data-start={turn.start}
              onClick={() => session?.playFrom(turn.start!)}
              aria-label={listeningMessages.player.playFrom(formatDuration(turn.start))}
              className="mr-2 rounded px-1 font-mono text-xs tabular-nums text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {formatDuration(turn.start)}
            </button>
          ) : null}
          {turn.speaker ? <strong>{turn.speaker}: </strong> : null}
          {turn.text}
        </p>
      ))}
    </div>
  );
}
