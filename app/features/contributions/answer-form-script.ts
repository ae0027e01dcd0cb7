// The public answer form without React (decision 0181): the page is server HTML that works as it is (a
// plain multipart post, the server's checks and messages); this script, the page's only one, adds what
// JavaScript gave it: the voice recorder (recorder-controller.ts on voice-recorder.tsx's markup), the
// over-size refusal before a byte is sent, the recording's upload with progress and retries,
// "Submitting..." and focus on the first field in error. The rules are their modules':
// recorder-controller.ts, recording-limits.ts, answer-upload.ts, kept-recording.ts; this file is the wiring.
import { ANSWER_KEY_FIELD } from "./answer-fields";
import { answerUpload, type UploadState } from "./components/answer-upload";
import { forgetRecording } from "./components/kept-recording";
import { storyMessages } from "./messages";
import { attachRecorder, clone, hook, type Take } from "./recorder-controller";
import { isTooLargeRecording, RECORDING_FIELD } from "./recording-limits";

const FORGET_WAIT_MS = 2000;

/** A random key for one answer (decision 0138); getRandomValues works outside secure contexts too. */
const answerKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");

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
    name === RECORDING_FIELD && replacement
      ? replacement
      : ((form.elements.namedItem(name) as HTMLElement | null)?.parentElement ?? null);
  const fieldNames = () => [
    ...new Set([...form.querySelectorAll<HTMLInputElement>("[id][name]")].map((el) => el.name).concat(RECORDING_FIELD)),
  ];
  function showErrors(errors: Record<string, string[]>) {
    for (const name of fieldNames()) {
      const errorId = `${form.id}-${name}-error`;
      document.getElementById(errorId)?.remove();
      const messages = errors[name] ?? [];
      const control = form.elements.namedItem(name) as HTMLElement | null;
      if (control instanceof HTMLElement && control.id) {
        const described = (control.getAttribute("aria-describedby") ?? "")
          .split(/\s+/)
          .filter((id) => id && id !== errorId);
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
      list.replaceChildren(
        ...messages.map((message) => Object.assign(item.cloneNode() as HTMLElement, { textContent: message })),
      );
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
      progress.setAttribute("aria-valuetext", storyMessages.recording.recorder.progress(percent));
      progress.textContent = storyMessages.recording.recorder.progress(percent);
    }
    message.textContent =
      state.phase === "waiting"
        ? storyMessages.recording.recorder.retrying
        : state.phase === "failed"
          ? state.status === 0
            ? storyMessages.recording.recorder.offline
            : storyMessages.recording.recorder.failed(state.status)
          : "";
    retry.hidden = state.phase !== "waiting" && state.phase !== "failed";
    countdown.hidden = state.phase !== "waiting";
    if (countdownTimer) clearInterval(countdownTimer);
    countdownTimer = null;
    if (state.phase === "waiting") {
      const tick = () => {
        const seconds = Math.max(0, Math.ceil((state.retryAt - Date.now()) / 1000));
        countdown.textContent =
          seconds > 0 ? storyMessages.recording.recorder.nextTry(seconds) : storyMessages.recording.recorder.tryingNow;
      };
      tick();
      countdownTimer = setInterval(tick, 500);
    }
  }
  const upload = answerUpload({
    onState: showUpload,
    onSent: (location) => {
      // Arrived: the copy kept against a lost tab is forgotten before the page leaves, since leaving aborts an
      // unfinished IndexedDB transaction and the sent take would be offered again; bounded, as a store may hang.
      const leave = () => window.location.assign(location);
      void Promise.race([forgetRecording(keepAs), new Promise((done) => setTimeout(done, FORGET_WAIT_MS))]).then(leave);
    },
    onRefused: showErrors,
  });
  retry.addEventListener("click", () => upload.retry());

  // ---- The recorder (recorder-controller.ts): only where the browser can record sound.
  let take: Take | null = null;
  const recorder = attachRecorder(section, (next) => {
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

  form.addEventListener("submit", (event) => {
    setNotice("");
    if (recorder?.active()) {
      event.preventDefault();
      setNotice(storyMessages.recording.recorder.finishFirst);
      return;
    }
    // Refused here, before a byte is sent: 60 MB on a phone's line is minutes for nothing. The
    // server refuses by the same rule for a page without JavaScript.
    const chosen = take?.file ?? (replacement ? undefined : fileInput.files?.[0]);
    if (chosen && isTooLargeRecording(chosen.size)) {
      event.preventDefault();
      showErrors({ [RECORDING_FIELD]: [storyMessages.recording.tooLarge] });
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

const form = document.querySelector<HTMLFormElement>("form[data-keep-as]");
if (form) enhance(form);
// What the root sets after hydration, and what the tests' visit() waits for.
document.documentElement.dataset.hydrated = "true";
