// Answers by voice (decision 0136). A recording is checked by its content (ffprobe), its original is
// stored first and kept, and the convert-recording job makes the normalized copy the family hears.
// The job converts into a temporary file and stores the result whole under a fixed key, so a job
// killed at any point simply runs again. A relative can ask for a recording to be removed through a
// signed link in the thank-you e-mail.
import { randomBytes, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { FfmpegError, stripMetadataInPlace } from "~/audio/ffmpeg.server";
import { normalizeRecording, probeAudio, type AudioFacts } from "~/audio/recording.server";
import { transcribeFile, type TranscriptionConfig } from "~/audio/transcribe.server";
import {
  campaignTitleOfContribution,
  deleteRecordingRow,
  deleteStoryRows,
  getOwnedRecording,
  getRecording,
  insertRecording,
  listCampaignRecordings,
  markRecordingReady,
  markRecordingRefused,
  markRemovalRequested,
  recordingOfContribution,
  recordingWithStoryText,
  saveRecordingTranscript,
  type Recording,
} from "~/models/contribution-recording.server";
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { deliverEmails } from "~/lib/email/send.server";
import { env } from "~/lib/env.server";
import { processGone, processTag } from "~/lib/process-owner.server";
import { enqueueJob } from "~/lib/queue/queue.server";
import { JobEnded, jobStep } from "~/lib/queue/job-steps.server";
import { wakeJobs } from "~/lib/queue/wake.server";
import { muxerFor } from "~/lib/file-types";
import { getStorage } from "~/lib/storage/storage.server";
import { logErasure } from "~/features/account/erasure-log.server";
import { removeStoredFiles } from "~/features/account/delete-account.server";
import { storyMessages } from "./messages";
import { queueRecordingRefused, type RefusalCode } from "./recording-notices.server";
import { isTooLargeRecording, MAX_RECORDING_SECONDS } from "./recording-limits";
import { recordingIdOfRemovalToken, removalToken, removalUrl } from "./removal-links.server";
import { queueStoryThanks, thankForStory } from "./story-thanks.server";
import { storageKeys } from "~/lib/storage/keys";

const m = storyMessages.recording;

export const CONVERT_RECORDING_JOB = "convert-recording";

// ── temporary files ────────────────────────────────────────────────────────

/** Named after this process, so what a killed one left is recognised and removed. */
const tempRoot = () => path.join(os.tmpdir(), "storyhearth-recordings");
export function recordingTempPath(suffix = "") {
  mkdirSync(tempRoot(), { recursive: true });
  return path.join(tempRoot(), `${processTag}-${randomBytes(8).toString("hex")}${suffix}`);
}
const removeQuietly = (file: string) => fs.rm(file, { force: true }).catch(() => {});

async function removeOrphanTemps() {
  const names = await fs.readdir(tempRoot()).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => processGone(name.split("-", 1)[0] ?? "")).map((name) => removeQuietly(path.join(tempRoot(), name))));
}

// ── checking and keeping ───────────────────────────────────────────────────

/** `reason` is for the form that sent it; `code` is stored, and worded for the owner and in the relative's e-mail. */
export type RecordingCheck = { ok: true; facts: AudioFacts } | { ok: false; reason: string; code: RefusalCode; status: 400 | 413 };

/** Whether a received file is a recording we take: audio by its content, within 10 minutes and 50 MB. */
export async function checkRecording(file: string, size: number): Promise<RecordingCheck> {
  if (isTooLargeRecording(size)) return { ok: false, reason: m.tooLarge, code: "tooLarge", status: 413 };
  if (size === 0) return { ok: false, reason: m.empty, code: "empty", status: 400 };
  const facts = await probeAudio(file);
  if (!facts) return { ok: false, reason: m.notAudio, code: "notAudio", status: 400 };
  if (facts.duration !== null && facts.duration > MAX_RECORDING_SECONDS) return { ok: false, reason: m.tooLong, code: "tooLong", status: 400 };
  // Kept without what the sender's phone wrote about it (its GPS position, device; decision 0165).
  if ((await stripMetadataInPlace(file, muxerFor(originalExtension(facts)), "audio")) === null) return { ok: false, reason: m.notAudio, code: "notAudio", status: 400 };
  return { ok: true, facts };
}

/** The original's extension, from what ffprobe found (never from the sender's name or type). */
function originalExtension(facts: AudioFacts) {
  const names = facts.format.split(",");
  if (names.includes("mp4") || names.includes("mov")) return "m4a";
  if (names.includes("webm") || names.includes("matroska")) return "webm";
  if (names.includes("ogg")) return facts.codec === "opus" ? "opus" : "ogg";
  for (const ext of ["mp3", "wav", "amr", "aac", "flac", "aiff"]) if (names.includes(ext)) return ext;
  // Any other format is rewritten into Matroska when its metadata is stripped.
  return "mka";
}

/** Both files live beside each other under the story; the normalized key is fixed, so a rerun overwrites. */
const originalKeyFor = (contributionId: string, recordingId: string, facts: AudioFacts) => storageKeys.recording(contributionId, `${recordingId}-original.${originalExtension(facts)}`);
const normalizedKeyFor = (recording: Pick<Recording, "contributionId" | "id">) => storageKeys.recording(recording.contributionId, `${recording.id}.mp3`);

type ReceivedFile = { path: string; fileName: string; size: number };
type StoredOriginal = { id: string; contributionId: string; originalKey: string; file: ReceivedFile; facts: AudioFacts };

/** The original goes into storage first, under the story's id: nothing refers to it until the row does. */
async function storeOriginal(contributionId: string, file: ReceivedFile, facts: AudioFacts): Promise<StoredOriginal> {
  const id = randomUUID();
  const originalKey = originalKeyFor(contributionId, id, facts);
  await getStorage().put(originalKey, createReadStream(file.path));
  // checkRecording rewrote the file without its metadata: its size is the stored one's.
  return { id, contributionId, originalKey, file: { ...file, size: (await fs.stat(file.path)).size }, facts };
}

/** The row, its conversion job and the story's thank-you, in the caller's transaction; null if the story has a recording. */
function writeRecordingRows({ id, contributionId, originalKey, file, facts }: StoredOriginal, thank: boolean, transcript: string | null = null) {
  const row = insertRecording({
    id,
    contributionId,
    status: "converting",
    originalKey,
    originalFileName: file.fileName.slice(0, 200) || null,
    originalSize: file.size,
    originalFormat: `${facts.format}/${facts.codec}`,
    durationSeconds: facts.duration,
    transcript,
  });
  if (!row) return null;
  enqueueJob(CONVERT_RECORDING_JOB, { recordingId: id }, { dedupeKey: `${CONVERT_RECORDING_JOB}:${id}` });
  return { mail: thank ? queueStoryThanks(contributionId) : null };
}

async function afterKept(kept: { mail: ReturnType<typeof queueStoryThanks> }) {
  wakeJobs();
  if (kept.mail) await deliverEmails([kept.mail]);
}

/**
 * Keeps a checked recording with a story already stored (a reply by e-mail, which Mailgun delivers
 * again if we fail): the original first, then the row and its conversion job together, then the
 * story's thanks. A story that already has a recording (the same reply delivered twice) keeps the one it has.
 */
export async function keepRecording(contributionId: string, file: ReceivedFile, facts: AudioFacts, { thank }: { thank: boolean }) {
  // The thanks went into the outbox with that recording; delivering it again sends nothing twice.
  if (recordingOfContribution(contributionId)) return void (thank && (await thankForStory(contributionId)));
  const original = await storeOriginal(contributionId, file, facts);
  const kept = db.transaction(() => writeRecordingRows(original, thank));
  // Another request kept this story's recording first: ours is not needed.
  if (!kept) return void (await getStorage().remove(original.originalKey));
  await afterKept(kept);
}

/**
 * A recording brought by an archive (the import): checked and its original stored exactly as a sent
 * one, under a story id the import has chosen. `keep` writes its row and conversion job in the
 * import's transaction, keeping the words the archive had for it; the caller removes the stored
 * original when that transaction does not happen.
 */
export async function receiveArchivedRecording(contributionId: string, file: ReceivedFile) {
  const check = await checkRecording(file.path, file.size);
  if (!check.ok) return check;
  const original = await storeOriginal(contributionId, file, check.facts);
  return { ok: true as const, originalKey: original.originalKey, keep: (transcript: string | null) => void writeRecordingRows(original, false, transcript) };
}

/**
 * A new story and its recording in one transaction (the public form): the original is stored first
 * under the story's id chosen here, then the story, the recording row and its job commit together.
 * Killed before the commit, there is neither (the relative saw no thank-you page and sends again),
 * only an original nothing refers to.
 */
export async function keepStoryWithRecording<T extends { id: string }>(insertStory: (id: string) => T, file: ReceivedFile, facts: AudioFacts): Promise<T> {
  const original = await storeOriginal(randomUUID(), file, facts);
  let saved: { story: T; kept: { mail: ReturnType<typeof queueStoryThanks> } };
  try {
    saved = db.transaction(() => {
      const story = insertStory(original.contributionId);
      return { story, kept: writeRecordingRows(original, true)! };
    });
  } catch (error) {
    await getStorage().remove(original.originalKey);
    throw error;
  }
  await afterKept(saved.kept);
  return saved.story;
}

/**
 * A recording that came but could not be used: the story keeps its text, the owner sees why and
 * (unless `tell` is false: an automatic reply) the sender is told why and how to send it again.
 */
export async function refuseRecording(contributionId: string, fileName: string, code: RefusalCode, { tell = true } = {}) {
  const row = insertRecording({ contributionId, status: "refused", reason: code, originalFileName: fileName.slice(0, 200) || null });
  if (row && tell) await tellRefused(contributionId, row.id, code);
}

async function tellRefused(contributionId: string, recordingId: string, code: RefusalCode) {
  const mail = await queueRecordingRefused(contributionId, recordingId, code);
  if (mail) await deliverEmails([mail]);
}

/** The job's refusal: recorded, then the sender told (the form had already thanked them). */
async function refuseConverted(recording: Recording, code: RefusalCode) {
  markRecordingRefused(recording.id, code);
  await tellRefused(recording.contributionId, recording.id, code);
}

// ── the conversion job ─────────────────────────────────────────────────────

/**
 * Makes the normalized copy: the original is copied out of storage, converted into a temporary
 * file, and stored whole under its fixed key before the row says "ready". Killed anywhere, the job
 * is run again and ends the same way. Audio ffmpeg cannot decode is refused with a reason, not retried.
 */
export async function convertRecording(recordingId: string, transcription: TranscriptionConfig | null = transcriptionConfigFromEnv()) {
  const recording = getRecording(recordingId);
  // Its story (or the whole family) was deleted: the job ends without a trace.
  if (!recording) throw new JobEnded("The recording is gone");
  if (recording.status !== "converting" || !recording.originalKey) return;
  await removeOrphanTemps();
  const input = recordingTempPath(".in");
  const output = recordingTempPath(".mp3");
  try {
    const stored = await getStorage().read(recording.originalKey);
    if (!stored) return await refuseConverted(recording, "unreadable");
    await pipeline(stored.stream, createWriteStream(input));
    let duration: number;
    try {
      ({ duration } = await normalizeRecording(input, output));
    } catch (error) {
      if (!(error instanceof FfmpegError) && !(error instanceof Error && /no sound/.test(error.message))) throw error;
      return await refuseConverted(recording, "unreadable");
    }
    await jobStep(`${CONVERT_RECORDING_JOB}:store`);
    const normalizedKey = normalizedKeyFor(recording);
    await getStorage().put(normalizedKey, createReadStream(output));
    if (!markRecordingReady(recordingId, normalizedKey, duration)) {
      // Deleted while it was converted: the copy goes too, and nobody is told anything.
      await getStorage().remove(normalizedKey);
      throw new JobEnded("The recording was deleted while it was converted");
    }
  } finally {
    await Promise.all([removeQuietly(input), removeQuietly(output)]);
  }
  // Once ready, the words of a recording that came without any (never a reason to convert again).
  await transcribeRecording(recordingId, transcription);
}

export async function convertRecordingJob(payload: Record<string, unknown>) {
  if (typeof payload.recordingId === "string") await convertRecording(payload.recordingId);
}

/**
 * The conversion stopped the server on its last attempt (a file that takes ffmpeg's parent down):
 * refused as audio that cannot be read, and the sender told, as a refusal by the conversion is.
 */
export async function abandonedRecordingJob(payload: Record<string, unknown>) {
  const recording = typeof payload.recordingId === "string" ? getRecording(payload.recordingId) : undefined;
  if (recording?.status === "converting") await refuseConverted(recording, "unreadable");
}

// ── transcription (decision 0139) ──────────────────────────────────────────

/** The OpenAI-compatible server the script writer uses, asked for speech to text; null without a key. */
export function transcriptionConfigFromEnv(): TranscriptionConfig | null {
  const { OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_TRANSCRIPTION_MODEL } = env();
  return OPENAI_API_KEY?.trim() ? { apiKey: OPENAI_API_KEY.trim(), baseURL: OPENAI_BASE_URL, model: OPENAI_TRANSCRIPTION_MODEL } : null;
}

/**
 * Transcribes a ready recording whose story has no text and no transcript yet, and keeps the words
 * on the recording (the story's text stays the relative's or the owner's). Returns the transcript,
 * or null. Never throws: a failed transcription only leaves the transcript's mark without words for now.
 */
export async function transcribeRecording(recordingId: string, config: TranscriptionConfig | null): Promise<string | null> {
  const found = recordingWithStoryText(recordingId);
  if (!found) return null;
  const { recording, storyContent } = found;
  if (recording.transcript?.trim()) return recording.transcript;
  if (!config || storyContent.trim() || recording.status !== "ready" || !recording.normalizedKey) return null;
  const file = recordingTempPath(".mp3");
  try {
    const stored = await getStorage().read(recording.normalizedKey);
    if (!stored) return null;
    await pipeline(stored.stream, createWriteStream(file));
    const text = await transcribeFile(file, config);
    if (!text) return null;
    saveRecordingTranscript(recordingId, text);
    return text;
  } catch (error) {
    console.warn(`Recording ${recordingId} could not be transcribed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  } finally {
    await removeQuietly(file);
  }
}

// ── in the family podcast (decision 0139) ──────────────────────────────────

/** A collection's recordings the family may hear, by story. Callers check ownership of the campaign. */
export function playableRecordingsOf(campaignId: string): Map<string, Recording> {
  return new Map(listCampaignRecordings(campaignId).filter(isPlayable).map((r) => [r.contributionId, r]));
}

/** A story's recording if the family may hear it (the newsletter asks at every view). */
export function playableRecordingOfStory(contributionId: string): Recording | undefined {
  const recording = recordingOfContribution(contributionId);
  return recording && isPlayable(recording) ? recording : undefined;
}

/** The recording if it may still be heard (a removal asked for since the script was written: undefined). */
export function playableRecording(recordingId: string): Recording | undefined {
  const recording = getRecording(recordingId);
  return recording && isPlayable(recording) ? recording : undefined;
}

// ── removal requests ───────────────────────────────────────────────────────

export { recordingIdOfRemovalToken, removalToken, removalUrl };

/** The recording a removal link names, or undefined for a forged link or a deleted recording. */
export function recordingForRemovalToken(token: string): Recording | undefined {
  const id = recordingIdOfRemovalToken(token);
  return id === undefined ? undefined : getRecording(id);
}

/** What the relative's removal page shows, or null for a link that names no recording. */
export function removalPage(token: string) {
  const recording = recordingForRemovalToken(token);
  if (!recording) return null;
  return { campaignTitle: campaignTitleOfContribution(recording.contributionId) ?? "", requested: recording.removalRequestedAt !== null };
}

/** Logged outside the database first (account/erasure-log.server.ts), so no restore can forget it. */
export async function requestRecordingRemoval(token: string) {
  const recording = recordingForRemovalToken(token);
  if (!recording) return undefined;
  const at = now();
  if (!recording.removalRequestedAt) await logErasure(getStorage(), { kind: "recording", id: recording.id, requestedAt: at });
  return markRemovalRequested(recording.id, at);
}

/**
 * The relative's written story goes too when they ask on the removal page: the story with its
 * photos and recording, and the copies published newsletters made of its text. Rows first, then files.
 */
export async function removeStoryOfRecording(recordingId: string) {
  const recording = getRecording(recordingId);
  if (!recording) return false;
  // Logged first, as the recording's removal is, so restoring an older backup cannot bring the story back.
  await logErasure(getStorage(), { kind: "story", id: recording.contributionId, requestedAt: now() });
  const keys = deleteStoryRows(recording.contributionId);
  if (keys) await removeStoredFiles(keys);
  return true;
}

/** A recording the family may hear (in the podcast and newsletter, item 5): converted, and nobody asked to remove it. */
export const isPlayable = (recording: Pick<Recording, "status" | "removalRequestedAt" | "normalizedKey">) =>
  recording.status === "ready" && recording.removalRequestedAt === null && recording.normalizedKey !== null;

/** The owner deletes a recording: the row first, then both files. False when it is not theirs. */
export async function deleteOwnedRecording(ownerId: string, campaignId: string, recordingId: string) {
  const recording = getOwnedRecording(ownerId, campaignId, recordingId);
  if (!recording) return false;
  deleteRecordingRow(recording.id);
  // After the row: a file left by a crash here is unreachable, a row without its file would not be.
  for (const key of [recording.originalKey, recording.normalizedKey]) if (key) await getStorage().remove(key);
  return true;
}

export const recordingUrl = (campaignId: string, recordingId: string, original = false) => `/campaigns/${campaignId}/recordings/${recordingId}${original ? "?original=1" : ""}`;
