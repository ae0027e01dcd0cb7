import { useEffect, useState } from "react";

import { watchMicLevel } from "~/lib/mic-level";

export function useMicLevel(stream: MediaStream | null): number | null {
  const [level, setLevel] = useState<number | null>(null);
  useEffect(() => {
    const stop = stream ? watchMicLevel(stream, setLevel) : null;
    if (!stop) setLevel(null);
    return stop ?? undefined;
  }, [stream]);
  return level;
}
