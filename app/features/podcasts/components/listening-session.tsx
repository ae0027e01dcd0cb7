// Lets a page's transcript follow its player and seek it, wherever on the page each one sits.
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from "react";

type Session = {
  /** The player's position in seconds. */
  time: number;
  /** Moves the player there and plays. */
  playFrom: (seconds: number) => void;
  /** For the player: report the position, and take the playFrom requests. */
  report: (seconds: number) => void;
  attach: (playFrom: ((seconds: number) => void) | null) => void;
};

const SessionContext = createContext<Session | null>(null);

export function ListeningSession({ children }: { children: ReactNode }) {
  const [time, setTime] = useState(0);
  const player = useRef<((seconds: number) => void) | null>(null);
  const session = useMemo<Session>(
    () => ({
      time,
      playFrom: (seconds) => player.current?.(seconds),
      report: setTime,
      attach: (playFrom) => {
        player.current = playFrom;
      },
    }),
    [time],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** Null outside a ListeningSession: the player then plays alone, the transcript is plain text. */
export const useListeningSession = () => useContext(SessionContext);
