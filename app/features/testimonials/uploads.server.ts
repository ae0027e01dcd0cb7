// Testimonial video uploads: the form streamed to disk, resumable chunks under DATA_DIR/uploads/<uploadId>/, clean-up.
// Temporary files and the assembly lock carry the process's tag, so a killed process's leftovers are recognised.
import { randomBytes, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";

import { env } from "~/lib/env.server";
import { FileRegionWriter } from "~/lib/file-region-writer.server";
import {
  MultipartError,
  readMultipartToDisk,
  type FilePlacement,
  type IncomingFile,
  type MultipartFailure,
} from "~/lib/multipart.server";
import { processGone, processTag } from "~/lib/process-owner.server";
import { storageKeys } from "~/lib/storage/keys";
import { assertSafeKey, getStorage } from "~/lib/storage/storage.server";

import { testimonialMessages } from "./messages";
import { extensionFor } from "./recording";
import {
  CHUNK_BYTES,
  isValidUploadId,
  MAX_VIDEO_BYTES,
  missingChunks,
  MULTIPART_OVERHEAD_BYTES,
} from "./upload-limits";
import { checkVideo } from "./video.server";

export class UploadRejected extends Error {
  fields: Record<string, string> = {};
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "UploadRejected";
  }
}

export const dataRoot = () => path.resolve(env().DATA_DIR);
export const uploadsRoot = () => path.join(dataRoot(), "uploads");
// The leading '.' keeps this folder apart from upload ids.
const incomingDir = () => path.join(uploadsRoot(), ".incoming");

function uploadDir(uploadId: string) {
  if (!isValidUploadId(uploadId)) throw new UploadRejected(400, testimonialMessages.api.badUploadId);
  return path.join(uploadsRoot(), uploadId);
}

const removeQuietly = (target: string) => fs.rm(target, { recursive: true, force: true }).catch(() => {});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const incomingTemp = (suffix = "") =>
  path.join(incomingDir(), `${processTag}-${randomBytes(12).toString("hex")}${suffix}`);
const incomingOwner = (name: string) => name.split("-", 1)[0] ?? "";

export type { FilePlacement, IncomingFile } from "~/lib/multipart.server";

const REFUSALS: Record<MultipartFailure, { status: number; message: (part?: string) => string }> = {
  "not-multipart": { status: 415, message: () => testimonialMessages.api.badForm },
  malformed: { status: 400, message: () => testimonialMessages.api.badForm },
  "body-too-large": { status: 413, message: () => testimonialMessages.api.fileTooLarge },
  "file-too-large": { status: 413, message: () => testimonialMessages.api.fileTooLarge },
  "field-too-long": { status: 413, message: (part) => `${part} is too long` },
  "too-many-fields": { status: 413, message: () => "Too many form fields" },
  "too-many-parts": { status: 413, message: () => "Too many form parts" },
};

export async function readVideoForm(
  request: Request,
  options: {
    fileField: string;
    maxFileBytes: number;
    placeFile?: (fields: Record<string, string>, fileName: string) => Promise<FilePlacement | null>;
  },
): Promise<{ fields: Record<string, string>; file: IncomingFile | null }> {
  await fs.mkdir(incomingDir(), { recursive: true });
  try {
    return await readMultipartToDisk(request, {
      ...options,
      maxBodyBytes: options.maxFileBytes + MULTIPART_OVERHEAD_BYTES,
      tempPath: () => incomingTemp(".part"),
    });
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    const refusal = REFUSALS[error.reason];
    throw Object.assign(new UploadRejected(refusal.status, refusal.message(error.part)), { fields: error.fields });
  }
}

export const discardIncoming = (file: IncomingFile | null) =>
  file && !file.placed && file.path ? removeQuietly(file.path) : Promise.resolve();

export const responseVideoKey = (campaignId: string, responseId: string, mimeType: string) =>
  storageKeys.testimonialVideo(campaignId, responseId, extensionFor(mimeType));

// With the staged file gone but `key` stored, an earlier attempt of this submission already moved
// it (keys name the response, and a retried submission keeps its id).
export async function publishStagedVideo(stagedPath: string, key: string) {
  const alreadyStored = async () => (await getStorage().size(key)) !== null;
  if (env().STORAGE_DRIVER !== "local") {
    try {
      await fs.access(stagedPath);
    } catch {
      if (await alreadyStored()) return;
      throw new UploadRejected(409, testimonialMessages.api.uploadNotFound);
    }
    await getStorage().put(key, createReadStream(stagedPath));
    await removeQuietly(stagedPath);
    return;
  }
  assertSafeKey(key);
  const target = path.join(dataRoot(), key);
  await fs.mkdir(path.dirname(target), { recursive: true });
  try {
    await fs.rename(stagedPath, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    if (await alreadyStored()) return;
    throw new UploadRejected(409, testimonialMessages.api.uploadNotFound);
  }
}

export async function withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T | null> {
  if (env().STORAGE_DRIVER === "local") return fn(path.join(dataRoot(), key));
  const stored = await getStorage().read(key);
  if (!stored) return null;
  await fs.mkdir(incomingDir(), { recursive: true });
  const temp = incomingTemp(".probe");
  try {
    await pipeline(stored.stream, createWriteStream(temp));
    return await fn(temp);
  } finally {
    await removeQuietly(temp);
  }
}

export async function requireVideo(stagedPath: string) {
  const facts = await checkVideo(stagedPath);
  if (!facts) {
    await removeQuietly(stagedPath);
    throw new UploadRejected(400, testimonialMessages.api.notAVideo);
  }
  return facts;
}

// Chunk i is written straight into the video at its own offset, so a complete set already is the video.
// A chunk's marker is written only after all its bytes are: a chunk cut off has none and is sent again.

/** `responseId` is fixed at the first chunk, so a retried submission is the same response. */
type Manifest = { campaignId: string; totalChunks: number; fileName: string; createdAt: number; responseId?: string };
export type AssembledUpload = {
  videoPath: string;
  videoSize: number;
  mimeType: string;
  duration: number | null;
  fileName: string;
};

const MANIFEST = "manifest.json";
const RESULT = "result.json";
const LOCK = "assemble.lock";
const VIDEO = "video";
const CHUNK_NAME = /^\d+$/;

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await fs.readFile(file, "utf8")) as T;
  } catch {
    return null;
  }
}

const asideOf = (file: string) => `${file}.${processTag}-${randomBytes(6).toString("hex")}`;

async function writeWhole(file: string, text: string) {
  const aside = asideOf(file);
  await fs.writeFile(aside, text);
  await fs.rename(aside, file);
}

// Written aside then hard-linked into place, which fails if the name is taken: never seen half-written.
async function createWhole(file: string, text: string): Promise<boolean> {
  const aside = asideOf(file);
  try {
    await fs.writeFile(aside, text);
    await fs.link(aside, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await removeQuietly(aside);
  }
}

async function ensureManifest(dir: string, manifest: Manifest) {
  const file = path.join(dir, MANIFEST);
  let existing = await readJson<Manifest>(file);
  if (!existing) {
    await fs.mkdir(dir, { recursive: true });
    if (await createWhole(file, JSON.stringify(manifest))) return manifest;
    existing = await readJson<Manifest>(file);
  }
  if (!existing || existing.campaignId !== manifest.campaignId || existing.totalChunks !== manifest.totalChunks) {
    throw new UploadRejected(409, testimonialMessages.api.uploadMismatch);
  }
  return existing;
}

async function receivedChunks(dir: string) {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names
    .filter((n) => CHUNK_NAME.test(n))
    .map(Number)
    .sort((a, b) => a - b);
}

type ChunkFields = { uploadId: string; chunkIndex: number; totalChunks: number; fileName?: string | undefined };

async function openUpload(campaignId: string, chunk: ChunkFields, fileName: string) {
  const dir = uploadDir(chunk.uploadId);
  const manifest = await ensureManifest(dir, {
    campaignId,
    totalChunks: chunk.totalChunks,
    fileName: chunk.fileName ?? fileName,
    createdAt: Date.now(),
    responseId: randomUUID(),
  });
  const done = await readJson<AssembledUpload>(path.join(dir, RESULT));
  return { dir, manifest, done };
}

export function chunkPlacement(campaignId: string, parse: (fields: Record<string, string>) => ChunkFields | null) {
  return async (fields: Record<string, string>, fileName: string): Promise<FilePlacement | null> => {
    const chunk = parse(fields);
    if (!chunk) return null;
    const { dir, done } = await openUpload(campaignId, chunk, fileName || "video");
    return done ? null : { file: path.join(dir, VIDEO), start: chunk.chunkIndex * CHUNK_BYTES };
  };
}

export type ChunkOutcome =
  | { allChunksReceived: false; chunkIndex: number; receivedChunks: number; totalChunks: number }
  | ({ allChunksReceived: true } & AssembledUpload);

export async function saveChunk(campaignId: string, chunk: ChunkFields, incoming: IncomingFile): Promise<ChunkOutcome> {
  try {
    const last = chunk.chunkIndex === chunk.totalChunks - 1;
    if (incoming.size > CHUNK_BYTES) throw new UploadRejected(413, testimonialMessages.api.chunkTooLarge);
    if (incoming.size === 0 || (!last && incoming.size !== CHUNK_BYTES))
      throw new UploadRejected(400, testimonialMessages.api.chunkWrongSize);
    const { dir, manifest, done } = await openUpload(campaignId, chunk, incoming.fileName || "video");
    if (done) return { allChunksReceived: true, ...done };
    if (!incoming.placed) {
      await pipeline(
        createReadStream(incoming.path),
        new FileRegionWriter(path.join(dir, VIDEO), { start: chunk.chunkIndex * CHUNK_BYTES, maxBytes: CHUNK_BYTES }),
      );
    }
    await writeWhole(path.join(dir, String(chunk.chunkIndex)), String(incoming.size));
    const received = await receivedChunks(dir);
    if (received.length >= manifest.totalChunks)
      return { allChunksReceived: true, ...(await assemble(chunk.uploadId, dir, manifest)) };
    // A copy of a chunk that raced the assembly (its markers are gone by now) still gets the result.
    const assembled = await readJson<AssembledUpload>(path.join(dir, RESULT));
    if (assembled) return { allChunksReceived: true, ...assembled };
    return {
      allChunksReceived: false,
      chunkIndex: chunk.chunkIndex,
      receivedChunks: received.length,
      totalChunks: manifest.totalChunks,
    };
  } finally {
    await discardIncoming(incoming);
  }
}

const ASSEMBLY_LOCK_STALE_MS = 10 * 60_000;
const ASSEMBLY_WAIT_MS = 120_000;

const assembling = new Map<string, Promise<AssembledUpload>>();

// One process assembles, holding assemble.lock; the others wait for result.json. A lock left by a
// killed process is taken over, so a crash never strands an upload whose chunks all arrived.
function assemble(uploadId: string, dir: string, manifest: Manifest): Promise<AssembledUpload> {
  let running = assembling.get(uploadId);
  if (!running) {
    running = assembleOnce(uploadId, dir, manifest).finally(() => assembling.delete(uploadId));
    assembling.set(uploadId, running);
  }
  return running;
}

async function assembleOnce(uploadId: string, dir: string, manifest: Manifest): Promise<AssembledUpload> {
  const deadline = Date.now() + ASSEMBLY_WAIT_MS;
  for (;;) {
    const done = await readJson<AssembledUpload>(path.join(dir, RESULT));
    if (done) return done;
    if (await takeAssemblyLock(dir)) {
      try {
        // Another process may have finished between our look at the result and taking the lock.
        return (
          (await readJson<AssembledUpload>(path.join(dir, RESULT))) ?? (await finishVideo(uploadId, dir, manifest))
        );
      } finally {
        await removeQuietly(path.join(dir, LOCK));
      }
    }
    if (Date.now() > deadline) throw new UploadRejected(503, "The upload is still being assembled; ask again shortly");
    await sleep(100);
  }
}

async function takeAssemblyLock(dir: string): Promise<boolean> {
  const lock = path.join(dir, LOCK);
  // The lock appears with its owner already in it; one killed before naming its owner would hold the upload until stale.
  try {
    if (await createWhole(lock, processTag)) return true;
  } catch (error) {
    // The folder is gone: the assembler before us refused the file and removed the upload.
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new UploadRejected(400, testimonialMessages.api.notAVideo);
    throw error;
  }
  const [holder, stat] = await Promise.all([
    fs.readFile(lock, "utf8").catch(() => ""),
    fs.stat(lock).catch(() => null),
  ]);
  if (processGone(holder) || (stat && Date.now() - stat.mtimeMs > ASSEMBLY_LOCK_STALE_MS)) {
    await removeQuietly(lock);
  }
  return false;
}

async function videoLength(dir: string, totalChunks: number) {
  let length = 0;
  for (let i = 0; i < totalChunks; i++) {
    const size = Number(await fs.readFile(path.join(dir, String(i)), "utf8"));
    if (!Number.isSafeInteger(size) || size <= 0 || size > CHUNK_BYTES)
      throw new Error(`chunk marker ${i} of ${dir} is unreadable`);
    length += size;
  }
  return length;
}

// Cut to the chunks' length: a last chunk sent longer before could have left bytes past the end.
async function finishVideo(uploadId: string, dir: string, manifest: Manifest): Promise<AssembledUpload> {
  const video = path.join(dir, VIDEO);
  const size = await videoLength(dir, manifest.totalChunks);
  if (size > MAX_VIDEO_BYTES) {
    await removeQuietly(dir);
    throw new UploadRejected(413, testimonialMessages.api.fileTooLarge);
  }
  await fs.truncate(video, size);
  const facts = await checkVideo(video);
  if (!facts) {
    await removeQuietly(dir);
    throw new UploadRejected(400, testimonialMessages.api.notAVideo);
  }
  const result: AssembledUpload = {
    videoPath: storageKeys.upload(uploadId, VIDEO),
    videoSize: facts.size,
    mimeType: facts.mimeType,
    duration: facts.duration,
    fileName: manifest.fileName,
  };
  await writeWhole(path.join(dir, RESULT), JSON.stringify(result));
  await Promise.all(Array.from({ length: manifest.totalChunks }, (_, i) => removeQuietly(path.join(dir, String(i)))));
  return result;
}

export type UploadStatus = {
  uploadId: string;
  totalChunks: number;
  receivedChunks: number[];
  missingChunks: number[];
  allChunksReceived: boolean;
} & Partial<AssembledUpload>;

// Every chunk there but no video means the assembly was interrupted, so it runs again here.
export async function uploadStatus(campaignId: string, uploadId: string): Promise<UploadStatus | null> {
  const dir = uploadDir(uploadId);
  const manifest = await readJson<Manifest>(path.join(dir, MANIFEST));
  if (!manifest || manifest.campaignId !== campaignId) return null;
  const received = await receivedChunks(dir);
  const result =
    (await readJson<AssembledUpload>(path.join(dir, RESULT))) ??
    (received.length === manifest.totalChunks ? await assemble(uploadId, dir, manifest) : null);
  if (result) {
    const all = Array.from({ length: manifest.totalChunks }, (_, i) => i);
    return {
      uploadId,
      totalChunks: manifest.totalChunks,
      receivedChunks: all,
      missingChunks: [],
      allChunksReceived: true,
      ...result,
    };
  }
  return {
    uploadId,
    totalChunks: manifest.totalChunks,
    receivedChunks: received,
    missingChunks: missingChunks(received, manifest.totalChunks),
    allChunksReceived: false,
  };
}

export async function assembledUpload(
  campaignId: string,
  uploadId: string,
): Promise<AssembledUpload & { stagedPath: string; responseId: string }> {
  const dir = uploadDir(uploadId);
  const manifest = await readJson<Manifest>(path.join(dir, MANIFEST));
  if (!manifest || manifest.campaignId !== campaignId)
    throw new UploadRejected(404, testimonialMessages.api.uploadNotFound);
  const result = await readJson<AssembledUpload>(path.join(dir, RESULT));
  if (!result) throw new UploadRejected(409, testimonialMessages.api.uploadIncomplete);
  return { ...result, stagedPath: path.join(dir, VIDEO), responseId: manifest.responseId ?? randomUUID() };
}

export const forgetUpload = (uploadId: string) => removeQuietly(uploadDir(uploadId));

export const ABANDONED_AFTER_MS = 24 * 3600_000;

async function lastTouched(target: string): Promise<number> {
  const stat = await fs.stat(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  const names = await fs.readdir(target).catch(() => [] as string[]);
  let newest = stat.mtimeMs;
  for (const name of names) {
    const inner = await fs.stat(path.join(target, name)).catch(() => null);
    if (inner && inner.mtimeMs > newest) newest = inner.mtimeMs;
  }
  return newest;
}

// Half-received files of processes that are gone go at once: nobody will finish them.
export async function cleanAbandonedUploads({
  olderThanMs = ABANDONED_AFTER_MS,
  now = Date.now(),
  roots = [uploadsRoot(), incomingDir(), path.join(dataRoot(), "testimonial-drafts")],
} = {}) {
  let removed = 0;
  for (const root of roots) {
    const names = await fs.readdir(root).catch(() => [] as string[]);
    for (const name of names) {
      const target = path.join(root, name);
      if (target === incomingDir()) continue;
      const orphaned = root === incomingDir() && processGone(incomingOwner(name));
      const touched = await lastTouched(target).catch(() => null);
      if (orphaned || (touched !== null && now - touched > olderThanMs)) {
        await removeQuietly(target);
        removed++;
      }
    }
  }
  return removed;
}
