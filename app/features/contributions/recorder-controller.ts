// The voice recorder's behaviour (decisions 0138, 0181, 0216): MediaRecorder, the level meter, pause,
// listen back, record again, a take kept in the browser. voice-recorder.tsx renders the markup (one
// <template> per view), this module puts the views on screen and drives them; the answer form's script
// (answer-form-script.ts) attaches it and sends the take. The rules are recorder-state.ts's, the words
// messages.ts's.
import { watchMicLevel } from "~/lib/mic-level";
import { formatClock } from "~/lib/text-format";

import { forgetRecording, getKeptRecording, keepRecording } from "./components/kept-recording";
import { storyMessages } from "./messages";
import {
  blockedReason,
  chooseAudioType,
  DATA_INTERVAL_MS,
  elapsedSeconds,
  initialRecorderState,
  recorderReducer,
  recordingFileName,
  secondsLeftWarning,
  TICK_MS,
  warningStep,
  type RecorderEvent,
  type RecorderState,
} from "./recorder-state";
import { MAX_RECORDING_SECONDS } from "./recording-limits";

/** The element with `data-recorder="<name>"` under `root`: the one home of the hooks' attribute. */
export const hook = <T extends Element = HTMLElement>(root: ParentNode, name: string) =>
  root.querySelector<T>(`[data-recorder="${name}"]`)!;
/** A fresh copy of the `<template data-recorder="<name>">` under `root`. */
export const clone = (root: ParentNode, name: string) =>
  hook<HTMLTemplateElement>(root, name).content.firstElementChild!.cloneNode(true) as HTMLElement;

export type Take = { file: File; url: string };

export type AttachedRecorder = {
  /** Recording, paused or waiting for the microphone: the form is not to be sent yet. */
  active: () => boolean;
  /** Stops the timer, the meter and the microphone, and empties the section. */
  detach: () => void;
};

/** Writes only a change, as React did: a live region re-set to the same words may be read out again. */
function put(element: HTMLElement, text: string) {
  if (element.textContent !== text) element.textContent = text;
}

/**
 * Drives the recorder's section (voice-recorder.tsx's markup, inside the answer form) with recorderReducer;
 * `onTake` hears each take made, restored or deleted. Null where the browser cannot record sound: the
 * section stays hidden and the form keeps its file input.
 */
export function attachRecorder(section: HTMLElement, onTake: (take: Take | null) => void): AttachedRecorder | null {
  const canRecord =
    typeof window.MediaRecorder === "function" && typeof navigator.mediaDevices?.getUserMedia === "function";
  if (!canRecord) return null;
  // The take kept against a lost tab is filed under the form's collection link and invitation.
  const keepAs = section.closest<HTMLElement>("[data-keep-as]")?.dataset.keepAs ?? "";
  const view = hook<HTMLElement>(section, "view");
  const announcer = hook<HTMLElement>(section, "announcer");
  let state: RecorderState = initialRecorderState;
  let shown: "idle" | "running" | "result" | null = null;
  let now = 0;
  let level: number | null = null;
  let stopLevel: (() => void) | null = null;
  let rec: MediaRecorder | null = null;
  let take: Take | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let detached = false;
  section.hidden = false;

  const announce = (text: string) => (announcer.textContent = text);
  const seconds = () => elapsedSeconds(state, now);

  function dispatch(event: RecorderEvent) {
    const before = state.phase;
    state = recorderReducer(state, event);
    if (state.phase !== before) {
      // The clock, and the 10-minute stop, while recording.
      if (timer) clearInterval(timer);
      timer =
        state.phase === "recording"
          ? setInterval(() => dispatch({ type: "tick", now: (now = performance.now()) }), TICK_MS)
          : null;
      // Stopped by the relative or by the limit: MediaRecorder hands over the last data, then onstop builds the file.
      if (state.phase === "recorded" && rec && rec.state !== "inactive") rec.stop();
    }
    render();
    // Focus follows the controls that replace the pressed button.
    if (state.phase === "recording" && before !== "recording" && document.activeElement === document.body)
      hook(view, "toggle").focus();
  }

  /** The clock and the state move together, at one instant; the live region says what happened. */
  function mark(type: "started" | "pause" | "resume" | "stop", announcement?: string) {
    now = performance.now();
    dispatch({ type, now });
    if (announcement) announce(announcement);
  }

  function setLevelStream(stream: MediaStream | null) {
    stopLevel?.();
    stopLevel = null;
    level = null;
    if (stream)
      stopLevel = watchMicLevel(stream, (next) => {
        level = next;
        render();
      });
  }

  function show(kind: typeof shown) {
    if (kind === shown) return;
    shown = kind;
    view.replaceChildren(...(kind ? [clone(section, kind)] : []));
    if (kind === "idle") hook(view, "start").addEventListener("click", () => void start());
    if (kind === "running") {
      hook(view, "toggle").addEventListener("click", () => (state.phase === "recording" ? pause() : resume()));
      hook(view, "stop").addEventListener("click", () => mark("stop"));
    }
    if (kind === "result") {
      hook(view, "rerecord").addEventListener("click", () => {
        discard();
        void start();
      });
      hook(view, "discard").addEventListener("click", discard);
      listenBack(hook<HTMLAudioElement>(view, "playback"), take!.url);
    }
  }

  function render() {
    const { phase } = state;
    if (phase === "idle" || phase === "asking" || phase === "blocked") {
      show("idle");
      const start = hook<HTMLButtonElement>(view, "start");
      start.disabled = phase === "asking";
      put(
        hook(start, "start-label"),
        phase === "blocked" ? storyMessages.recording.recorder.tryAgain : storyMessages.recording.recorder.start,
      );
      view.querySelector("[role=alert]")?.remove();
      if (phase === "blocked" && state.blocked)
        start.before(
          Object.assign(clone(section, "blocked"), {
            textContent: storyMessages.recording.recorder.blocked[state.blocked],
          }),
        );
      const asking = view.querySelector("[data-asking]");
      if (phase === "asking" && !asking) {
        const waiting = clone(section, "asking");
        waiting.dataset.asking = "";
        start.after(waiting);
      }
      if (phase !== "asking") asking?.remove();
    } else if (phase === "recording" || phase === "paused") {
      show("running");
      const recording = phase === "recording";
      put(
        hook(view, "status"),
        recording ? storyMessages.recording.recorder.recording : storyMessages.recording.recorder.paused,
      );
      const dot = hook(view, "dot").classList;
      dot.toggle("animate-pulse", recording);
      dot.toggle("bg-destructive", recording);
      dot.toggle("bg-muted-foreground", !recording);
      put(
        hook(view, "toggle"),
        recording ? storyMessages.recording.recorder.pause : storyMessages.recording.recorder.resume,
      );
      put(
        hook(view, "clock"),
        storyMessages.recording.recorder.clock(formatClock(seconds()), formatClock(MAX_RECORDING_SECONDS)),
      );
      // The meter rests at 0 while paused: the microphone is still open, but nothing is being kept.
      const meter = hook(view, "meter");
      meter.hidden = level === null;
      const shownLevel = recording ? (level ?? 0) : 0;
      const bar = meter.querySelector<HTMLElement>("[role=meter]")!;
      if (bar.getAttribute("aria-valuenow") !== String(shownLevel)) {
        bar.setAttribute("aria-valuenow", String(shownLevel));
        (bar.firstElementChild as HTMLElement).style.width = `${shownLevel}%`;
      }
      const step = warningStep(secondsLeftWarning(state, now));
      put(
        hook(view, "warning"),
        step === null
          ? ""
          : step === 60
            ? storyMessages.recording.recorder.minuteLeft
            : storyMessages.recording.recorder.secondsLeft(step),
      );
    } else {
      show(take ? "result" : null);
      if (!take) return;
      const note = view.querySelector<HTMLElement>("[data-recorder=note]");
      const noteText =
        state.stopReason === "limit"
          ? storyMessages.recording.recorder.stoppedAtLimit
          : state.stopReason === "kept"
            ? storyMessages.recording.recorder.kept
            : "";
      if (note && noteText) put(note, noteText);
      else note?.remove();
      put(hook(view, "length"), storyMessages.recording.recorder.length(formatClock(seconds())));
    }
  }

  /** A new take on screen: kept in the browser against a lost tab, said, and given focus. */
  function arrived(next: Take) {
    take = next;
    render();
    onTake(take);
    // Brought back on load: said politely, and focus stays where the relative is.
    if (state.stopReason === "kept") return void announce(storyMessages.recording.recorder.kept);
    void keepRecording(keepAs, {
      blob: take.file,
      type: take.file.type,
      durationSeconds: seconds(),
      madeAt: Date.now(),
    });
    const stopped = storyMessages.recording.recorder.stoppedAnnounce(formatClock(seconds()));
    announce(state.stopReason === "limit" ? `${storyMessages.recording.recorder.stoppedAtLimit} ${stopped}` : stopped);
    view.querySelector<HTMLElement>("[data-testid=recorder-result]")?.focus();
  }

  async function start() {
    dispatch({ type: "ask" });
    announce(storyMessages.recording.recorder.asking);
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
    } catch (error) {
      const reason = blockedReason((error as DOMException | undefined)?.name);
      dispatch({ type: "blocked", reason });
      announce(storyMessages.recording.recorder.blocked[reason]);
      return;
    }
    const mimeType = chooseAudioType((type) => MediaRecorder.isTypeSupported(type));
    let made: MediaRecorder;
    try {
      made = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    } catch {
      media.getTracks().forEach((track) => track.stop());
      dispatch({ type: "blocked", reason: "failed" });
      announce(storyMessages.recording.recorder.blocked.failed);
      return;
    }
    const chunks: Blob[] = [];
    made.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    made.onstop = () => {
      media.getTracks().forEach((track) => track.stop());
      setLevelStream(null);
      // A take deleted while MediaRecorder was still handing over its data stays deleted.
      if (rec !== made) return;
      const type = made.mimeType || mimeType || "audio/webm";
      const file = new File(chunks, recordingFileName(type), { type });
      arrived({ file, url: URL.createObjectURL(file) });
    };
    rec = made;
    setLevelStream(media);
    made.start(DATA_INTERVAL_MS);
    mark("started", storyMessages.recording.recorder.started);
  }

  function pause() {
    rec?.pause();
    mark("pause", storyMessages.recording.recorder.pausedAnnounce);
  }

  function resume() {
    rec?.resume();
    mark("resume", storyMessages.recording.recorder.resumedAnnounce);
  }

  function discard() {
    if (take) URL.revokeObjectURL(take.url);
    take = null;
    rec = null;
    onTake(null);
    dispatch({ type: "discard" });
    void forgetRecording(keepAs);
  }

  // A take kept from an earlier visit (the tab was closed or died before sending) comes back as the current one.
  void getKeptRecording(keepAs).then((kept) => {
    if (!kept || detached || state.phase !== "idle") return;
    const file = new File([kept.blob], recordingFileName(kept.type), { type: kept.type });
    take = { file, url: URL.createObjectURL(file) };
    dispatch({ type: "restore", seconds: kept.durationSeconds });
    arrived(take);
  });

  render();
  return {
    active: () => state.phase === "recording" || state.phase === "paused" || state.phase === "asking",
    detach() {
      detached = true;
      if (timer) clearInterval(timer);
      setLevelStream(null);
      // The microphone is let go; a take still being handed over is dropped (onstop sees rec changed).
      const recording = rec;
      rec = null;
      if (recording && recording.state !== "inactive") recording.stop();
      recording?.stream.getTracks().forEach((track) => track.stop());
      if (take) URL.revokeObjectURL(take.url);
      view.replaceChildren();
      section.hidden = true;
    },
  };
}

/**
 * The recorded blob in an <audio>. Chrome's MediaRecorder WebM carries no duration, so the player
 * would show none and its slider could not seek: a seek far past the end makes the browser measure
 * it, then the player is put back to the start.
 */
function listenBack(audio: HTMLAudioElement, url: string) {
  audio.addEventListener("loadedmetadata", () => {
    if (audio.duration !== Infinity) return;
    const back = () => {
      audio.removeEventListener("durationchange", back);
      audio.currentTime = 0;
    };
    audio.addEventListener("durationchange", back);
    audio.currentTime = 1e101;
  });
  audio.src = url;
}
