import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from "react";

type Session = {
  time: number;
  playFrom: (seconds: number) => void;
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

export const useListeningSession = () => useContext(SessionContext);
