// The public answer form without React (decision 0181): the page is server HTML that works as it is (a
// plain multipart post, the server's checks and messages); this script, the page's only one, adds what
// JavaScript gave it: the voice recorder (voice-recorder.tsx's markup; MediaRecorder, level meter,
// pause, listen back, record again, a take kept in the browser), the over-size refusal before a byte
// is sent, the recording's upload with progress and retries, "Submitting..." and focus on the first
// field in error. The rules are their modules': recorder-state.ts, recording-limits.ts,
// answer-upload.ts, kept-recording.ts; this file is the wiring.
import { formatClock } from "~/lib/text-format";
import { watchMicLevel } from "~/lib/mic-level";
import { ANSWER_KEY_FIELD } from "./answer-fields";
import { answerUpload, type UploadState } from "./components/answer-upload";
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
import { isTooLargeRecording, MAX_RECORDING_SECONDS, RECORDING_FIELD } from "./recording-limits";

const rm = storyMessages.recording;
const r = rm.recorder;

const hook = <T extends Element = HTMLElement>(root: ParentNode, name: string) => root.querySelector<T>(`[data-recorder="${name}"]`)!;
const clone = (root: ParentNode, name: string) => hook<HTMLTemplateElement>(root, name).content.firstElementChild!.cloneNode(true) as HTMLElement;

/** A random key for one answer (decision 0138); getRandomValues works outside secure contexts too. */
const answerKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");

type Take = { file: File; url: string };

/** Writes only a change, as React did: a live region re-set to the same words may be read out again. */
function put(element: HTMLElement, text: string) {
  if (element.textContent !== text) element.textContent = text;
}

function enhance(form: HTMLFormElement) {
  const section = hook<HTMLElement>(form, "section");
  const submit = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  const submitLabel = submit.textContent ?? "";
  const notice = hook<HTMLElement>(form, "notice");
  const keepAs = form.dataset.keepAs ?? "";
  const fileInput = form.elements.namedItem(RECORDING_FIELD) as HTMLInputElement;
  const fileField = fileInput.parentElement!;
  let replacement: HTMLElement | null = null;

  // ---- Errors, as conform shows them: a list at `<form id>-<name>-error`, the control marked and focused.
  const errorsHolder = (name: string) =>
    name === RECORDING_FIELD && replacement ? replacement : (form.elements.namedItem(name) as HTMLElement | null)?.parentElement ?? null;
  const fieldNames = () => [...new Set([...form.querySelectorAll<HTMLInputElement>("[id][name]")].map((el) => el.name).concat(RECORDING_FIELD))];
  function showErrors(errors: Record<string, string[]>) {
    for (const name of fieldNames()) {
      const errorId = `${form.id}-${name}-error`;
      document.getElementById(errorId)?.remove();
      const messages = errors[name] ?? [];
      const control = form.elements.namedItem(name) as HTMLElement | null;
      if (control instanceof HTMLElement && control.id) {
        const described = (control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((id) => id && id !== errorId);
        if (messages.length) described.unshift(errorId);
        if (described.length) control.setAttribute("aria-describedby", described.join(" "));
        else control.removeAttribute("aria-describedby");
        if (messages.length) control.setAttribute("aria-invalid", "true");
        else control.removeAttribute("aria-invalid");
      }
      const holder = errorsHolder(name);
      if (!messages.length || !holder) continue;
      const list = clone(section, "errors");
      list.id = errorId;
      const item = list.firstElementChild!;
      list.replaceChildren(...messages.map((message) => Object.assign(item.cloneNode() as HTMLElement, { textContent: message })));
      holder.append(list);
    }
    focusFirstError();
  }
  function focusFirstError() {
    for (const element of form.elements) {
      if (element instanceof HTMLElement && element.getAttribute("aria-invalid") === "true") return element.focus();
    }
  }
  function setNotice(text: string) {
    notice.textContent = text;
    notice.hidden = !text;
  }
  function setSubmitting(on: boolean) {
    submit.disabled = on;
    submit.textContent = on ? storyMessages.public.submitting : submitLabel;
  }
  // Back from the browser's cache after a plain post: the button is usable again.
  window.addEventListener("pageshow", (event) => event.persisted && setSubmitting(false));

  // ---- The upload of a recording made on the page (decision 0138): XHR for its progress, retried.
  const status = hook<HTMLElement>(form, "upload");
  const sending = hook<HTMLElement>(status, "upload-sending");
  const progress = hook<HTMLProgressElement>(status, "upload-progress");
  const message = hook<HTMLElement>(status, "upload-message");
  const countdown = hook<HTMLElement>(status, "upload-countdown");
  const retry = hook<HTMLButtonElement>(status, "upload-retry");
  let countdownTimer: ReturnType<typeof setInterval> | null = null;
  function showUpload(state: UploadState) {
    setSubmitting(state.phase === "sending" || state.phase === "waiting");
    status.hidden = state.phase === "idle";
    sending.hidden = state.phase !== "sending";
    if (state.phase === "sending") {
      const percent = Math.round(state.progress * 100);
      progress.value = percent;
      progress.setAttribute("aria-valuetext", r.progress(percent));
      progress.textContent = r.progress(percent);
    }
    message.textContent = state.phase === "waiting" ? r.retrying : state.phase === "failed" ? (state.status === 0 ? r.offline : r.failed(state.status)) : "";
    retry.hidden = state.phase !== "waiting" && state.phase !== "failed";
    countdown.hidden = state.phase !== "waiting";
    if (countdownTimer) clearInterval(countdownTimer);
    countdownTimer = null;
    if (state.phase === "waiting") {
      const tick = () => {
        const seconds = Math.max(0, Math.ceil((state.retryAt - Date.now()) / 1000));
        countdown.textContent = seconds > 0 ? r.nextTry(seconds) : r.tryingNow;
      };
      tick();
      countdownTimer = setInterval(tick, 500);
    }
  }
  const upload = answerUpload({
    onState: showUpload,
    onSent: (location) => {
      // Arrived: the copy kept in the browser against a lost tab is no longer needed (not awaited: the store may hang).
      void forgetRecording(keepAs);
      window.location.assign(location);
    },
    onRefused: showErrors,
  });
  retry.addEventListener("click", () => upload.retry());

  // ---- The recorder: only where the browser can record sound.
  let take: Take | null = null;
  let recorderActive = () => false;
  const canRecord = typeof window.MediaRecorder === "function" && typeof navigator.mediaDevices?.getUserMedia === "function";
  if (canRecord) {
    const recorder = startRecorder(section, keepAs, (next) => {
      take = next;
      // The file input gives way to a take, and comes back when it is deleted; its errors go along.
      const errors = document.getElementById(`${form.id}-${RECORDING_FIELD}-error`);
      if (take && !replacement) {
        replacement = clone(section, "replaces-file");
        fileField.replaceWith(replacement);
        if (errors) replacement.append(errors);
      } else if (!take && replacement) {
        replacement.replaceWith(fileField);
        replacement = null;
        if (errors) fileField.append(errors);
      }
    });
    recorderActive = recorder.active;
  }

  form.addEventListener("submit", (event) => {
    setNotice("");
    if (recorderActive()) {
      event.preventDefault();
      setNotice(r.finishFirst);
      return;
    }
    // Refused here, before a byte is sent: 60 MB on a phone's line is minutes for nothing. The
    // server refuses by the same rule for a page without JavaScript.
    const chosen = take?.file ?? (replacement ? undefined : fileInput.files?.[0]);
    if (chosen && isTooLargeRecording(chosen.size)) {
      event.preventDefault();
      showErrors({ [RECORDING_FIELD]: [rm.tooLarge] });
      return;
    }
    if (!take) return setSubmitting(true);
    event.preventDefault();
    const body = new FormData(form);
    body.set(RECORDING_FIELD, take.file);
    body.set(ANSWER_KEY_FIELD, answerKey());
    upload.send(form.action, body);
  });

  // An answer the server sent back with errors: the first field in error has focus, as conform gave it.
  focusFirstError();
}

/** The recorder's section, driven by recorderReducer; `onTake` hears each take made, restored or deleted. */
function startRecorder(section: HTMLElement, keepAs: string, onTake: (take: Take | null) => void) {
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
  section.hidden = false;

  const announce = (text: string) => (announcer.textContent = text);
  const seconds = () => elapsedSeconds(state, now);

  function dispatch(event: RecorderEvent) {
    const before = state.phase;
    state = recorderReducer(state, event);
    if (state.phase !== before) {
      // The clock, and the 10-minute stop, while recording.
      if (timer) clearInterval(timer);
      timer = state.phase === "recording" ? setInterval(() => dispatch({ type: "tick", now: (now = performance.now()) }), TICK_MS) : null;
      // Stopped by the relative or by the limit: MediaRecorder hands over the last data, then onstop builds the file.
      if (state.phase === "recorded" && rec && rec.state !== "inactive") rec.stop();
    }
    render();
    // Focus follows the controls that replace the pressed button.
    if (state.phase === "recording" && before !== "recording" && document.activeElement === document.body) hook(view, "toggle").focus();
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
      put(hook(start, "start-label"), phase === "blocked" ? r.tryAgain : r.start);
      view.querySelector("[role=alert]")?.remove();
      if (phase === "blocked" && state.blocked) start.before(Object.assign(clone(section, "blocked"), { textContent: r.blocked[state.blocked] }));
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
      put(hook(view, "status"), recording ? r.recording : r.paused);
      const dot = hook(view, "dot").classList;
      dot.toggle("animate-pulse", recording);
      dot.toggle("bg-destructive", recording);
      dot.toggle("bg-muted-foreground", !recording);
      put(hook(view, "toggle"), recording ? r.pause : r.resume);
      put(hook(view, "clock"), r.clock(formatClock(seconds()), formatClock(MAX_RECORDING_SECONDS)));
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
      put(hook(view, "warning"), step === null ? "" : step === 60 ? r.minuteLeft : r.secondsLeft(step));
    } else {
      show(take ? "result" : null);
      if (!take) return;
      const note = view.querySelector<HTMLElement>("[data-recorder=note]");
      const noteText = state.stopReason === "limit" ? r.stoppedAtLimit : state.stopReason === "kept" ? r.kept : "";
      if (note && noteText) put(note, noteText);
      else note?.remove();
      put(hook(view, "length"), r.length(formatClock(seconds())));
    }
  }

  /** A new take on screen: kept in the browser against a lost tab, said, and given focus. */
  function arrived(next: Take) {
    take = next;
    render();
    onTake(take);
    // Brought back on load: said politely, and focus stays where the relative is.
    if (state.stopReason === "kept") return void announce(r.kept);
    void keepRecording(keepAs, { blob: take.file, type: take.file.type, durationSeconds: seconds(), madeAt: Date.now() });
    const stopped = r.stoppedAnnounce(formatClock(seconds()));
    announce(state.stopReason === "limit" ? `${r.stoppedAtLimit} ${stopped}` : stopped);
    view.querySelector<HTMLElement>("[data-testid=recorder-result]")?.focus();
  }

  async function start() {
    dispatch({ type: "ask" });
    announce(r.asking);
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
    } catch (error) {
      const reason = blockedReason((error as DOMException | undefined)?.name);
      dispatch({ type: "blocked", reason });
      announce(r.blocked[reason]);
      return;
    }
    const mimeType = chooseAudioType((type) => MediaRecorder.isTypeSupported(type));
    let made: MediaRecorder;
    try {
      made = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    } catch {
      media.getTracks().forEach((track) => track.stop());
      dispatch({ type: "blocked", reason: "failed" });
      announce(r.blocked.failed);
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
    mark("started", r.started);
  }

  function pause() {
    rec?.pause();
    mark("pause", r.pausedAnnounce);
  }

  function resume() {
    rec?.resume();
    mark("resume", r.resumedAnnounce);
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
    if (!kept || state.phase !== "idle") return;
    const file = new File([kept.blob], recordingFileName(kept.type), { type: kept.type });
    take = { file, url: URL.createObjectURL(file) };
    dispatch({ type: "restore", seconds: kept.durationSeconds });
    arrived(take);
  });

  render();
  return { active: () => state.phase === "recording" || state.phase === "paused" || state.phase === "asking" };
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

const form = document.querySelector<HTMLFormElement>("form[data-keep-as]");
if (form) enhance(form);
// What the root sets after hydration, and what the tests' visit() waits for.
document.documentElement.dataset.hydrated = "true";
