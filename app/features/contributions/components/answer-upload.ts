// XHR rather than fetch, for upload progress events; it posts to the page's own action, as the form
// without JavaScript does (decision 0138).
import { AUTO_RETRIES, isRetryableStatus, retryDelayMs } from "~/features/contributions/recorder-state";

export type SendResult =
  | { kind: "sent"; location: string }
  | { kind: "refused"; status: number; errors: Record<string, string[]> }
  | { kind: "failed"; status: number };

export function sendAnswer(
  url: string,
  body: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<SendResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
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

function fieldErrors(html: string, body: FormData): Record<string, string[]> {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const errors: Record<string, string[]> = {};
  for (const name of new Set(body.keys())) {
    const list = doc.querySelector(`[id$="-${CSS.escape(name)}-error"]`);
    const messages = list
      ? Array.from(list.querySelectorAll("li"), (li) => li.textContent?.trim() ?? "").filter(Boolean)
      : [];
    if (messages.length) errors[name] = messages;
  }
  return errors;
}

export type UploadState =
  | { phase: "idle" }
  | { phase: "sending"; progress: number }
  | { phase: "waiting"; retryAt: number; attempt: number }
  | { phase: "failed"; status: number };

/** The body stays in memory until it arrives, so a dropped connection costs a resend, never the recording. */
export function answerUpload({
  onState,
  onSent,
  onRefused,
}: {
  onState: (state: UploadState) => void;
  onSent: (location: string) => void;
  onRefused: (errors: Record<string, string[]>) => void;
}) {
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
    const result = await sendAnswer(
      target,
      body,
      (progress) => onState({ phase: "sending", progress }),
      controller.signal,
    );
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
