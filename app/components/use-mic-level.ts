import { useEffect, useState } from "react";
import { watchMicLevel } from "~/lib/mic-level";

/**
 * For the video testimonial's recorder (the voice answer's page script calls watchMicLevel itself).
 * The stream's loudness, 0-100; null when the browser has no Web Audio or the stream no sound track:
 * then no meter is shown.
 */
export function useMicLevel(stream: MediaStream | null): number | null {
  const [level, setLevel] = useState<number | null>(null);
  useEffect(() => {
    const stop = stream ? watchMicLevel(stream, setLevel) : null;
    if (!stop) setLevel(null);
    return stop ?? undefined;
  }, [stream]);
  return level;
}
