import { useCallback, useEffect, useRef, useState } from "react";

import {
  baseMimeType,
  canRecordMore,
  DATA_INTERVAL_MS,
  deviceClass,
  elapsedSeconds,
  limitReached,
  recorderOptions,
} from "~/features/testimonials/recording";

export type RecordingPhase = "idle" | "recording" | "paused" | "stopped";

export function useRecording({ onAutoStop }: { onAutoStop: (blob: Blob) => void }) {
  const [phase, setPhase] = useState<RecordingPhase>("idle");
  const [elapsed, setElapsed] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const parts = useRef<Blob[]>([]);
  const closedMs = useRef(0);
  const segmentStart = useRef<number | null>(null);
  const stopping = useRef<Promise<Blob> | null>(null);
  const autoStop = useRef(onAutoStop);
  autoStop.current = onAutoStop;

  const current = () => elapsedSeconds(closedMs.current, segmentStart.current, Date.now());

  const stop = useCallback((): Promise<Blob> => {
    if (stopping.current) return stopping.current;
    const active = recorder.current;
    if (segmentStart.current !== null) {
      closedMs.current += Date.now() - segmentStart.current;
      segmentStart.current = null;
    }
    setElapsed(closedMs.current / 1000);
    const type = baseMimeType(active?.mimeType || "video/webm");
    stopping.current = new Promise<Blob>((resolve) => {
      if (!active || active.state === "inactive") {
        resolve(new Blob(parts.current, { type }));
        return;
      }
      active.addEventListener("stop", () => resolve(new Blob(parts.current, { type })), { once: true });
      active.stop();
    });
    setPhase("stopped");
    return stopping.current;
  }, []);

  const start = useCallback((stream: MediaStream) => {
    parts.current = [];
    closedMs.current = 0;
    stopping.current = null;
    const options = recorderOptions(
      (type) => MediaRecorder.isTypeSupported(type),
      deviceClass(navigator.userAgent, navigator.maxTouchPoints),
    );
    let made: MediaRecorder;
    try {
      made = new MediaRecorder(stream, options);
    } catch {
      // A browser that rejects the options may still record with its defaults.
      made = new MediaRecorder(stream);
    }
    made.ondataavailable = (event) => {
      if (event.data.size > 0) parts.current.push(event.data);
    };
    made.start(DATA_INTERVAL_MS);
    recorder.current = made;
    segmentStart.current = Date.now();
    setElapsed(0);
    setPhase("recording");
  }, []);

  const pause = useCallback(() => {
    const active = recorder.current;
    if (!active || active.state !== "recording") return;
    active.pause();
    if (segmentStart.current !== null) closedMs.current += Date.now() - segmentStart.current;
    segmentStart.current = null;
    setElapsed(closedMs.current / 1000);
    setPhase("paused");
  }, []);

  const resume = useCallback(() => {
    const active = recorder.current;
    if (!active || active.state !== "paused" || !canRecordMore(closedMs.current / 1000)) return;
    active.resume();
    segmentStart.current = Date.now();
    setPhase("recording");
  }, []);

  const discard = useCallback(() => {
    const active = recorder.current;
    recorder.current = null;
    stopping.current = null;
    if (active && active.state !== "inactive") active.stop();
    parts.current = [];
    closedMs.current = 0;
    segmentStart.current = null;
    setElapsed(0);
    setPhase("idle");
  }, []);

  useEffect(() => {
    if (phase !== "recording") return;
    const timer = setInterval(() => {
      const seconds = current();
      setElapsed(seconds);
      if (limitReached(seconds)) void stop().then((blob) => autoStop.current(blob));
    }, 250);
    return () => clearInterval(timer);
  }, [phase, stop]);

  useEffect(
    () => () => {
      const active = recorder.current;
      if (active && active.state !== "inactive") active.stop();
    },
    [],
  );

  return { phase, elapsed, start, pause, resume, stop, discard };
}
