// Sends the public answer form with a recording by XHR, for upload progress events (fetch has none
// for request bodies). It posts to the page's own action, as the form without JavaScript does
// (decision 0138), so the server has one way in. Plain DOM, no React: the page's script drives it (decision 0181).
import { AUTO_RETRIES, isRetryableStatus, retryDelayMs } from "~/features/contributions/recorder-state";

export type SendResult =
  /** The action redirected to the thank-you page: where to go. */
  | { kind: "sent"; location: string }
  /** The action refused the answer (400/413): its messages, read from the re-rendered form. */
  | { kind: "refused"; status: number; errors: Record<string, string[]> }
  /** No answer (status 0: the connection dropped) or a server fault. */
  | { kind: "failed"; status: number };

export function sendAnswer(url: string, body: FormData, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<SendResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      // XHR follows the action's redirect; landing on the thank-you page is success.
      const landed = xhr.responseURL ? new URL(xhr.responseURL) : null;
      if (xhr.status >= 200 && xhr.status < 300 && landed?.searchParams.get("submitted") === "1") {
        resolve({ kind: "sent", location: landed.pathname + landed.search });
      } else if (xhr.status === 400 || xhr.status === 413) {
        resolve({ kind: "refused", status: xhr.status, errors: fieldErrors(xhr.responseText, body) });
      } else {
        resolve({ kind: "failed", status: xhr.status });
      }
    };
    xhr.onerror = () => resolve({ kind: "failed", status: 0 });
    xhr.ontimeout = () => resolve({ kind: "failed", status: 0 });
    signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(body);
  });
}

/**
 * The field errors of the re-rendered page: every field's list sits at Conform's `<form id>-<name>-error`
 * (components/forms.tsx), so the messages are exactly those the page without JavaScript shows.
 */
function fieldErrors(html: string, body: FormData): Record<string, string[]> {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const errors: Record<string, string[]> = {};
  for (const name of new Set(body.keys())) {
    const list = doc.querySelector(`[id$="-${CSS.escape(name)}-error"]`);
    const messages = list ? Array.from(list.querySelectorAll("li"), (li) => li.textContent?.trim() ?? "").filter(Boolean) : [];
    if (messages.length) errors[name] = messages;
  }
  return errors;
}

export type UploadState =
  | { phase: "idle" }
  | { phase: "sending"; progress: number }
  /** The connection dropped: the next automatic try is due at `retryAt` (Date.now() clock). */
  | { phase: "waiting"; retryAt: number; attempt: number }
  /** Out of automatic tries, or a fault not safe to resend unasked: "Try again" sends it again. */
  | { phase: "failed"; status: number };

/**
 * One answer, sent until it arrives: the body (the recording inside it) stays in memory, so a
 * dropped connection costs a resend, never the recording. Retries on their own with backoff, at
 * once when the browser says it is back online, and on "Try again". `onState` hears every change.
 */
export function answerUpload({ onState, onSent, onRefused }: { onState: (state: UploadState) => void; onSent: (location: string) => void; onRefused: (errors: Record<string, string[]>) => void }) {
  let body: FormData | null = null;
  let target = "";
  let timer: ReturnType<typeof setTimeout> | null = null;
  let abort: AbortController | null = null;

  async function attempt(n: number) {
    if (!body) return;
    if (timer) clearTimeout(timer);
    timer = null;
    abort?.abort();
    const controller = new AbortController();
    abort = controller;
    onState({ phase: "sending", progress: 0 });
    const result = await sendAnswer(target, body, (progress) => onState({ phase: "sending", progress }), controller.signal);
    if (controller.signal.aborted) return;
    if (result.kind === "sent") {
      body = null;
      onSent(result.location);
    } else if (result.kind === "refused") {
      body = null;
      onState({ phase: "idle" });
      onRefused(result.errors);
    } else if (isRetryableStatus(result.status) && n <= AUTO_RETRIES) {
      const delay = retryDelayMs(n);
      onState({ phase: "waiting", retryAt: Date.now() + delay, attempt: n });
      timer = setTimeout(() => void attempt(n + 1), delay);
    } else {
      onState({ phase: "failed", status: result.status });
    }
  }

  // Back online: no need to wait out the backoff.
  window.addEventListener("online", () => {
    if (body && timer) void attempt(1);
  });

  return {
    send: (url: string, form: FormData) => {
      target = url;
      body = form;
      void attempt(1);
    },
    retry: () => void attempt(1),
  };
}
