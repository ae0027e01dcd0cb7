// XHR rather than fetch, for upload progress events. Why chunks: decision 0114; why the bucket takes them itself: decision 0145.
import { testimonialMessages } from "~/features/testimonials/messages";
import {
  chunkCount,
  chunkRange,
  makeUploadId,
  missingChunks,
  PARALLEL_CHUNKS,
  shouldUseChunks,
} from "~/features/testimonials/upload-limits";

import { isTicket, partsToSend, urlIsFresh } from "./direct-upload-plan";

export type SubmissionFields = {
  respondentName: string;
  respondentEmail: string;
  responses: Array<{ questionIndex: number; question: string; response: string }>;
  selectedQuestions: number[];
  consentTimestamp: string;
};

export type SubmitOptions = {
  publicId: string;
  fields: SubmissionFields;
  video: Blob | null;
  fileName: string;
  onProgress?: (fraction: number) => void;
  uploadId?: string;
  onUploadId?: (id: string) => void;
};

export class SubmitFailure extends Error {
  constructor(
    readonly kind: string,
    readonly status: number,
    readonly detail: string,
  ) {
    super(`${kind}${status ? ` (${status})` : ""}${detail ? `: ${detail}` : ""}`);
  }
}

type XhrResult = { status: number; body: Record<string, unknown>; retryAfter: number | null };

function send(
  method: string,
  url: string,
  body: XMLHttpRequestBodyInit | null,
  onUpload?: (loaded: number) => void,
  json = false,
): Promise<XhrResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader("Accept", "application/json");
    if (json) xhr.setRequestHeader("Content-Type", "application/json");
    if (onUpload) xhr.upload.onprogress = (e) => onUpload(e.loaded);
    xhr.onload = () => {
      let parsed: Record<string, unknown> = {};
      try {
        parsed = JSON.parse(xhr.responseText || "{}") as Record<string, unknown>;
      } catch {
        parsed = {};
      }
      const retry = Number(xhr.getResponseHeader("Retry-After"));
      resolve({ status: xhr.status, body: parsed, retryAfter: Number.isFinite(retry) && retry > 0 ? retry : null });
    };
    xhr.onerror = () => resolve({ status: 0, body: {}, retryAfter: null });
    xhr.send(body);
  });
}

const message = (r: XhrResult) => (typeof r.body.message === "string" ? r.body.message : "");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const retryable = (status: number) => status === 0 || status === 429 || status >= 500;

function commonForm(fields: SubmissionFields) {
  const form = new FormData();
  form.set("respondentName", fields.respondentName);
  form.set("respondentEmail", fields.respondentEmail);
  form.set("responses", JSON.stringify(fields.responses));
  form.set("selectedQuestions", JSON.stringify(fields.selectedQuestions));
  form.set("consentGiven", "true");
  form.set("consentTimestamp", fields.consentTimestamp);
  return form;
}

export async function submitTestimonial(options: SubmitOptions): Promise<void> {
  const { publicId, fields, video, fileName, onProgress } = options;
  const base = `/api/testimonials/public/${encodeURIComponent(publicId)}`;
  // An earlier attempt's chunked upload (an "up_" id) stays on the server; else the bucket may take the video.
  if (video && !(options.uploadId && !isTicket(options.uploadId))) {
    const direct = await directStart({ ...options, video });
    if (direct) {
      await submitDirect({ ...options, video }, direct);
      return;
    }
  }
  if (!video || !shouldUseChunks(video.size)) {
    const form = commonForm(fields);
    if (video) form.set("video", video, fileName);
    const result = await send(
      "POST",
      `${base}/submit`,
      form,
      (loaded) => video && onProgress?.(Math.min(1, loaded / video.size)),
    );
    if (result.status === 201 || result.status === 200) {
      onProgress?.(1);
      return;
    }
    if (result.status === 0) throw new SubmitFailure(testimonialMessages.upload.uploadFailed, 0, "");
    if (result.status !== 413 || !video)
      throw new SubmitFailure(testimonialMessages.upload.submissionFailed, result.status, message(result));
  }
  await submitInChunks({ ...options, video: video! });
}

async function submitInChunks({
  publicId,
  fields,
  video,
  fileName,
  onProgress,
  uploadId: earlierId,
  onUploadId,
}: SubmitOptions & { video: Blob }) {
  const base = `/api/testimonials/public/${encodeURIComponent(publicId)}`;
  const uploadId = earlierId ?? makeUploadId();
  onUploadId?.(uploadId);
  const total = chunkCount(video.size);
  const done = new Set<number>();
  let assembled: { videoPath?: string; videoSize?: number; mimeType?: string } | null = null;

  const sending = new Map<number, number>();
  const report = () => {
    let bytes = 0;
    for (const i of done) bytes += chunkRange(i, video.size).end - chunkRange(i, video.size).start;
    for (const loaded of sending.values()) bytes += loaded;
    onProgress?.(Math.min(1, bytes / video.size));
  };

  const askServer = async () => {
    const status = await send("GET", `${base}/upload-status?uploadId=${encodeURIComponent(uploadId)}`, null);
    if (status.status !== 200) return;
    for (const i of (status.body.receivedChunks as number[] | undefined) ?? []) done.add(i);
    if (status.body.allChunksReceived === true) assembled = status.body as typeof assembled;
  };

  const sendChunk = async (index: number) => {
    const { start, end } = chunkRange(index, video.size);
    for (let attempt = 1; ; attempt++) {
      const form = new FormData();
      form.set("uploadId", uploadId);
      form.set("chunkIndex", String(index));
      form.set("totalChunks", String(total));
      form.set("fileName", fileName);
      form.set("chunk", video.slice(start, end), fileName);
      const result = await send("POST", `${base}/upload-chunk`, form, (loaded) => {
        sending.set(index, loaded);
        report();
      });
      sending.delete(index);
      if (result.status === 200) {
        done.add(index);
        if (result.body.allChunksReceived === true) assembled = result.body as typeof assembled;
        report();
        return;
      }
      if (!retryable(result.status) || attempt >= 4)
        throw new SubmitFailure(testimonialMessages.upload.chunkFailed, result.status, message(result));
      await sleep(result.retryAfter ? Math.min(60, result.retryAfter) * 1000 : 500 * 2 ** attempt);
    }
  };

  if (earlierId) await askServer();
  for (let round = 0; !assembled && round < 3; round++) {
    const queue = missingChunks(done, total);
    const lane = async () => {
      try {
        for (let index = queue.shift(); index !== undefined && !assembled; index = queue.shift())
          await sendChunk(index);
      } catch (failure) {
        queue.length = 0; // the other lane stops too
        throw failure;
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_CHUNKS }, lane));
    if (!assembled) await askServer();
  }
  const finished = assembled as { videoPath?: string; videoSize?: number; mimeType?: string } | null;
  if (!finished) throw new SubmitFailure(testimonialMessages.upload.chunkFailed, 0, "");

  const result = await send(
    "POST",
    `${base}/submit-chunked`,
    JSON.stringify({
      ...fields,
      responses: JSON.stringify(fields.responses),
      consentGiven: true,
      uploadId,
      videoPath: finished.videoPath,
      videoSize: finished.videoSize ?? video.size,
      videoMimeType: finished.mimeType ?? video.type,
    }),
    undefined,
    true,
  );
  if (result.status !== 201 && result.status !== 200)
    throw new SubmitFailure(testimonialMessages.upload.submissionFailed, result.status, message(result));
  onProgress?.(1);
}

type DirectStatus = { completed: boolean; totalParts: number; receivedParts: number[]; missingParts: number[] };
type Direct = { ticket: string; status: DirectStatus | null };

const resumeKey = (publicId: string, fileName: string, size: number) =>
  `storyhearth:direct-upload:${publicId}:${fileName}:${size}`;
const remembered = {
  get: (key: string) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key: string, value: string | null) => {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch {
      // Storage refused (private mode, full): resuming after a reload is lost, nothing else.
    }
  },
};

async function directStart({
  publicId,
  video,
  fileName,
  uploadId,
  onUploadId,
}: SubmitOptions & { video: Blob }): Promise<Direct | null> {
  const base = `/api/testimonials/public/${encodeURIComponent(publicId)}`;
  const key = resumeKey(publicId, fileName, video.size);
  for (const earlier of [uploadId, remembered.get(key)]) {
    if (!earlier || !isTicket(earlier)) continue;
    const status = await send("GET", `${base}/direct-upload?ticket=${encodeURIComponent(earlier)}`, null);
    if (status.status === 200) {
      onUploadId?.(earlier);
      return { ticket: earlier, status: status.body as unknown as DirectStatus };
    }
    if (status.status === 0) throw new SubmitFailure(testimonialMessages.upload.uploadFailed, 0, "");
    remembered.set(key, null);
  }
  const start = await send(
    "POST",
    `${base}/direct-upload`,
    JSON.stringify({ intent: "start", fileName, size: video.size, type: video.type }),
    undefined,
    true,
  );
  if (start.status === 0) throw new SubmitFailure(testimonialMessages.upload.uploadFailed, 0, "");
  if (start.status !== 200)
    throw new SubmitFailure(testimonialMessages.upload.submissionFailed, start.status, message(start));
  if (start.body.mode !== "direct" || typeof start.body.ticket !== "string") return null;
  onUploadId?.(start.body.ticket);
  remembered.set(key, start.body.ticket);
  return { ticket: start.body.ticket, status: null };
}

// No headers of ours, so only the signed ones travel.
function putPart(url: string, body: Blob, onUpload: (loaded: number) => void): Promise<number> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.upload.onprogress = (e) => onUpload(e.loaded);
    xhr.onload = () => resolve(xhr.status);
    xhr.onerror = () => resolve(0);
    xhr.send(body);
  });
}

async function submitDirect(
  { publicId, fields, video, fileName, onProgress }: SubmitOptions & { video: Blob },
  { ticket, status: earlier }: Direct,
) {
  const base = `/api/testimonials/public/${encodeURIComponent(publicId)}`;
  const total = chunkCount(video.size);
  const done = new Set<number>(earlier?.receivedParts ?? []);
  let completed = earlier?.completed === true;
  const urls = new Map<number, { url: string; expiresAt: number }>();
  const sending = new Map<number, number>();
  const report = () => {
    let bytes = 0;
    for (const n of done) bytes += chunkRange(n - 1, video.size).end - chunkRange(n - 1, video.size).start;
    for (const loaded of sending.values()) bytes += loaded;
    onProgress?.(Math.min(1, bytes / video.size));
  };
  report();

  let signing: Promise<void> | null = null;
  const urlFor = async (partNumber: number) => {
    while (!urlIsFresh(urls.get(partNumber), Date.now())) {
      signing ??= (async () => {
        const wanted = partsToSend(total, done).filter((n) => !urlIsFresh(urls.get(n), Date.now()));
        const result = await send(
          "POST",
          `${base}/direct-upload`,
          JSON.stringify({ intent: "sign", ticket, partNumbers: wanted.slice(0, 50) }),
          undefined,
          true,
        );
        if (result.status !== 200)
          throw new SubmitFailure(testimonialMessages.upload.chunkFailed, result.status, message(result));
        const expiresAt = Number(result.body.expiresAt);
        for (const [n, url] of Object.entries(result.body.urls as Record<string, string>))
          urls.set(Number(n), { url, expiresAt });
      })().finally(() => {
        signing = null;
      });
      await signing;
    }
    return urls.get(partNumber)!.url;
  };

  const sendPart = async (partNumber: number) => {
    const { start, end } = chunkRange(partNumber - 1, video.size);
    for (let attempt = 1; ; attempt++) {
      const status = await putPart(await urlFor(partNumber), video.slice(start, end), (loaded) => {
        sending.set(partNumber, loaded);
        report();
      });
      sending.delete(partNumber);
      if (status >= 200 && status < 300) {
        done.add(partNumber);
        report();
        return;
      }
      if (status === 403) urls.delete(partNumber);
      else if (!retryable(status)) throw new SubmitFailure(testimonialMessages.upload.chunkFailed, status, "");
      if (attempt >= 5) throw new SubmitFailure(testimonialMessages.upload.chunkFailed, status, "");
      await sleep(500 * 2 ** attempt);
    }
  };

  for (let round = 0; !completed && round < 3; round++) {
    const queue = partsToSend(total, done);
    const lane = async () => {
      try {
        for (let n = queue.shift(); n !== undefined; n = queue.shift()) await sendPart(n);
      } catch (failure) {
        queue.length = 0;
        throw failure;
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_CHUNKS }, lane));
    const finished = await send(
      "POST",
      `${base}/direct-upload`,
      JSON.stringify({ intent: "complete", ticket }),
      undefined,
      true,
    );
    if (finished.status === 200) completed = true;
    else if (finished.status === 409 && Array.isArray(finished.body.missingParts)) {
      for (const n of finished.body.missingParts as number[]) done.delete(n);
    } else if (retryable(finished.status)) await sleep(1000);
    else throw new SubmitFailure(testimonialMessages.upload.submissionFailed, finished.status, message(finished));
  }
  if (!completed) throw new SubmitFailure(testimonialMessages.upload.chunkFailed, 0, "");

  const result = await send(
    "POST",
    `${base}/submit-chunked`,
    JSON.stringify({
      ...fields,
      responses: JSON.stringify(fields.responses),
      consentGiven: true,
      directUpload: ticket,
    }),
    undefined,
    true,
  );
  if (result.status !== 201 && result.status !== 200)
    throw new SubmitFailure(testimonialMessages.upload.submissionFailed, result.status, message(result));
  remembered.set(resumeKey(publicId, fileName, video.size), null);
  onProgress?.(1);
}
