import { LEVEL_INTERVAL_MS, micLevel } from "~/lib/media-capture";

export function watchMicLevel(stream: MediaStream, onLevel: (level: number) => void): (() => void) | null {
  const AudioContextClass = typeof window === "undefined" ? undefined : window.AudioContext;
  if (!AudioContextClass || stream.getAudioTracks().length === 0) return null;
  const context = new AudioContextClass();
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  // Analysed only, never connected to the speakers: no echo.
  const source = context.createMediaStreamSource(stream);
  source.connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  void context.resume().catch(() => {});
  onLevel(0);
  let last = 0;
  const timer = setInterval(() => {
    analyser.getByteTimeDomainData(samples);
    const next = micLevel(samples);
    if (next !== last) onLevel((last = next));
  }, LEVEL_INTERVAL_MS);
  return () => {
    clearInterval(timer);
    source.disconnect();
    void context.close().catch(() => {});
  };
}
