// XHR rather than fetch, for upload progress events. Why chunks and two lanes: docs/decisions/0114-chunks-written-in-place.md
import { testimonialMessages } from "~/features/testimonials/messages";
import { chunkCount, chunkRange, makeUploadId, missingChunks, PARALLEL_CHUNKS, shouldUseChunks } from "~/features/testimonials/upload-limits";

const u = testimonialMessages.upload;

export type SubmissionFields = {
  respondentName: string;
  respondentEmail: string;
  responses: Array<{ questionIndex: number; question: string; response: string }>;
  /** The questions answered on video (indices into the campaign's list). */
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

function send(method: string, url: string, body: XMLHttpRequestBodyInit | null, onUpload?: (loaded: number) => void, json = false): Promise<XhrResult> {
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
  if (!video || !shouldUseChunks(video.size)) {
    const form = commonForm(fields);
    if (video) form.set("video", video, fileName);
    const result = await send("POST", `${base}/submit`, form, (loaded) => video && onProgress?.(Math.min(1, loaded / video.size)));
    if (result.status === 201 || result.status === 200) {
      onProgress?.(1);
      return;
    }
    if (result.status === 0) throw new SubmitFailure(u.uploadFailed, 0, "");
    if (result.status !== 413 || !video) throw new SubmitFailure(u.submissionFailed, result.status, message(result));
  }
  await submitInChunks({ ...options, video: video! });
}

async function submitInChunks({ publicId, fields, video, fileName, onProgress, uploadId: earlierId, onUploadId }: SubmitOptions & { video: Blob }) {
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
      if (!retryable(result.status) || attempt >= 4) throw new SubmitFailure(u.chunkFailed, result.status, message(result));
      await sleep(result.retryAfter ? Math.min(60, result.retryAfter) * 1000 : 500 * 2 ** attempt);
    }
  };

  // A resumed attempt first learns what already arrived.
  if (earlierId) await askServer();
  for (let round = 0; !assembled && round < 3; round++) {
    const queue = missingChunks(done, total);
    const lane = async () => {
      try {
        for (let index = queue.shift(); index !== undefined && !assembled; index = queue.shift()) await sendChunk(index);
      } catch (failure) {
        queue.length = 0; // the other lane stops too
        throw failure;
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_CHUNKS }, lane));
    if (!assembled) await askServer();
  }
  const finished = assembled as { videoPath?: string; videoSize?: number; mimeType?: string } | null;
  if (!finished) throw new SubmitFailure(u.chunkFailed, 0, "");

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
  if (result.status !== 201 && result.status !== 200) throw new SubmitFailure(u.submissionFailed, result.status, message(result));
  onProgress?.(1);
}
