import { useEffect, useState } from "react";
import { LEVEL_INTERVAL_MS, micLevel } from "~/lib/media-capture";

/**
 * For both recorders (the video testimonial and the voice answer). The stream's loudness, 0-100, read by a Web Audio AnalyserNode every LEVEL_INTERVAL_MS.
 * Null when the browser has no Web Audio or the stream no sound track: then no meter is shown.
 */
export function useMicLevel(stream: MediaStream | null): number | null {
  const [level, setLevel] = useState<number | null>(null);
  useEffect(() => {
    const AudioContextClass = typeof window === "undefined" ? undefined : window.AudioContext;
    if (!stream || !AudioContextClass || stream.getAudioTracks().length === 0) {
      setLevel(null);
      return;
    }
    const context = new AudioContextClass();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    // Analysed only, never connected to the speakers: no echo.
    const source = context.createMediaStreamSource(stream);
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    void context.resume().catch(() => {});
    setLevel(0);
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      const next = micLevel(samples);
      setLevel((previous) => (previous === next ? previous : next));
    }, LEVEL_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      source.disconnect();
      void context.close().catch(() => {});
    };
  }, [stream]);
  return level;
}
