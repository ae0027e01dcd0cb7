import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { GENERATION_POLL_MS } from "~/features/podcasts/generation-status";

export type LiveStatus = {
  id: string;
  status: string;
  statusLabel: string;
  progress: number | null;
  errorMessage: string | null;
  scriptSummary: string | null;
  audioUrl: string | null;
};

export const isSettled = (status: string) => status === "complete" || status === "failed" || status === "script_ready";

const liveKeys = ["status", "statusLabel", "progress", "errorMessage", "scriptSummary", "audioUrl"] as const;

export function useLivePodcast<T extends LiveStatus>(fromLoader: T): T {
  const [live, setLive] = useState(fromLoader);
  useEffect(() => setLive(fromLoader), [fromLoader]);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  const running = !isSettled(live.status);
  const id = live.id;
  useEffect(() => {
    if (!running) return;
    const controller = new AbortController();
    const timer = setInterval(async () => {
      try {
        const response = await fetch(`/api/podcasts/${encodeURIComponent(id)}`, {
          headers: { Accept: "application/json" },
          signal: controller.signal,
        });
        if (!response.ok) return;
        const next = (await response.json()) as Partial<LiveStatus>;
        const changes = Object.fromEntries(liveKeys.filter((key) => key in next).map((key) => [key, next[key]]));
        setLive((current) => ({ ...current, ...changes }));
        if (typeof next.status === "string" && isSettled(next.status)) revalidate.current();
      } catch {
        // A missed poll is retried at the next tick.
      }
    }, GENERATION_POLL_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [id, running]);
  return live;
}
