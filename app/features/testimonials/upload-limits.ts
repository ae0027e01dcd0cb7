// Upload limits and chunk arithmetic for testimonial videos, shared by the browser client and the
// server routes so both sides agree on every number (spec §9).
export const MB = 1024 * 1024;
/** Largest accepted video (DESIGN.md settles the spec's 400/500 MB conflict on 500 MB). */
export const MAX_VIDEO_BYTES = 500 * MB;
/** Above this the review step shows 'Large File Size Detected'. */
export const LARGE_VIDEO_BYTES = 300 * MB;
/** Files above this skip the standard upload and go in chunks. */
export const CHUNKED_THRESHOLD_BYTES = 30 * MB;
/** 15 MB chunks: 15,728,640 bytes. */
export const CHUNK_BYTES = 15 * MB;
/** The most chunks one upload may have: ceil(500 MB / 15 MB) = 34. */
export const MAX_CHUNKS = Math.ceil(MAX_VIDEO_BYTES / CHUNK_BYTES);
/**
 * Chunks the browser client has in flight at once: the next chunk travels while the server finishes
 * the one before (its round trip and disk work), so the connection is not idle between chunks.
 */
export const PARALLEL_CHUNKS = 2;
/** Room for multipart boundaries and the small text fields around a file part. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const isTooLarge = (bytes: number) => bytes > MAX_VIDEO_BYTES;
export const isLargeVideo = (bytes: number) => bytes > LARGE_VIDEO_BYTES;
export const shouldUseChunks = (bytes: number) => bytes > CHUNKED_THRESHOLD_BYTES;

/** Size in MB with two decimals, as the review step shows it. */
export const formatMegabytes = (bytes: number) => (bytes / MB).toFixed(2);

export const chunkCount = (bytes: number) => Math.max(1, Math.ceil(bytes / CHUNK_BYTES));

/** Byte range [start, end) of chunk `index` of a file of `bytes` bytes. */
export function chunkRange(index: number, bytes: number) {
  const start = index * CHUNK_BYTES;
  return { start, end: Math.min(bytes, start + CHUNK_BYTES) };
}

/** Upload ids are client-made: letters, digits, '-' and '_' only, so one can never name a path. */
const UPLOAD_ID = /^[A-Za-z0-9_-]{8,100}$/;
export const isValidUploadId = (value: string) => UPLOAD_ID.test(value);

/** A fresh upload id (browser or server), 128 random bits in base36 pieces. */
export function makeUploadId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `up_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** A plain file name: no folders, no '..', no control characters, at most 255 characters. */
export function isPlainFileName(name: string) {
  // eslint-disable-next-line no-control-regex
  return name.length > 0 && name.length <= 255 && !/[/\\\u0000-\u001f]/.test(name) && name !== "." && !name.includes("..");
}

/** The chunk indexes of 0..total-1 that are not in `received`, in order. */
export function missingChunks(received: Iterable<number>, total: number) {
  const have = new Set(received);
  return Array.from({ length: total }, (_, i) => i).filter((i) => !have.has(i));
}
