// Answers by voice (decision 0136): the original is stored and kept; a job makes the copy the family hears.
import { randomBytes, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";

import { FfmpegError, stripMetadataInPlace } from "~/audio/ffmpeg.server";
import { normalizeRecording, probeAudio, type AudioFacts } from "~/audio/recording.server";
import { transcribeFile, type TranscriptionConfig } from "~/audio/transcribe.server";
import { removeStoredFiles } from "~/features/account/delete-account.server";
import { logErasure } from "~/features/account/erasure-log.server";
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { deliverEmails } from "~/lib/email/send.server";
import { env } from "~/lib/env.server";
import { muxerFor } from "~/lib/file-types";
import { processGone, processTag } from "~/lib/process-owner.server";
import { JobEnded, jobStep } from "~/lib/queue/job-steps.server";
import { enqueueJob } from "~/lib/queue/queue.server";
import { wakeJobs } from "~/lib/queue/wake.server";
import { storageKeys } from "~/lib/storage/keys";
import { getStorage } from "~/lib/storage/storage.server";
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

import { storyMessages } from "./messages";
import { isTooLargeRecording, MAX_RECORDING_SECONDS } from "./recording-limits";
import { queueRecordingRefused, type RefusalCode } from "./recording-notices.server";
import { recordingIdOfRemovalToken, removalToken, removalUrl } from "./removal-links.server";
import { queueStoryThanks, thankForStory } from "./story-thanks.server";

export const CONVERT_RECORDING_JOB = "convert-recording";

const tempRoot = () => path.join(os.tmpdir(), "storyhearth-recordings");
export function recordingTempPath(suffix = "") {
  mkdirSync(tempRoot(), { recursive: true });
  return path.join(tempRoot(), `${processTag}-${randomBytes(8).toString("hex")}${suffix}`);
}
const removeQuietly = (file: string) => fs.rm(file, { force: true }).catch(() => {});

async function removeOrphanTemps() {
  const names = await fs.readdir(tempRoot()).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => processGone(name.split("-", 1)[0] ?? ""))
      .map((name) => removeQuietly(path.join(tempRoot(), name))),
  );
}

export type RecordingCheck =
  { ok: true; facts: AudioFacts } | { ok: false; reason: string; code: RefusalCode; status: 400 | 413 };

export async function checkRecording(file: string, size: number): Promise<RecordingCheck> {
  if (isTooLargeRecording(size))
    return { ok: false, reason: storyMessages.recording.tooLarge, code: "tooLarge", status: 413 };
  if (size === 0) return { ok: false, reason: storyMessages.recording.empty, code: "empty", status: 400 };
  const facts = await probeAudio(file);
  if (!facts) return { ok: false, reason: storyMessages.recording.notAudio, code: "notAudio", status: 400 };
  if (facts.duration !== null && facts.duration > MAX_RECORDING_SECONDS)
    return { ok: false, reason: storyMessages.recording.tooLong, code: "tooLong", status: 400 };
  // Kept without what the sender's phone wrote about it (its GPS position, device).
  if ((await stripMetadataInPlace(file, muxerFor(originalExtension(facts)), "audio")) === null)
    return { ok: false, reason: storyMessages.recording.notAudio, code: "notAudio", status: 400 };
  return { ok: true, facts };
}

function originalExtension(facts: AudioFacts) {
  const names = facts.format.split(",");
  if (names.includes("mp4") || names.includes("mov")) return "m4a";
  if (names.includes("webm") || names.includes("matroska")) return "webm";
  if (names.includes("ogg")) return facts.codec === "opus" ? "opus" : "ogg";
  for (const ext of ["mp3", "wav", "amr", "aac", "flac", "aiff"]) if (names.includes(ext)) return ext;
  return "mka";
}

/** The normalized key is fixed, so a rerun of the conversion overwrites rather than duplicates. */
const originalKeyFor = (contributionId: string, recordingId: string, facts: AudioFacts) =>
  storageKeys.recording(contributionId, `${recordingId}-original.${originalExtension(facts)}`);
const normalizedKeyFor = (recording: Pick<Recording, "contributionId" | "id">) =>
  storageKeys.recording(recording.contributionId, `${recording.id}.mp3`);

type ReceivedFile = { path: string; fileName: string; size: number };
type StoredOriginal = {
  id: string;
  contributionId: string;
  originalKey: string;
  file: ReceivedFile;
  facts: AudioFacts;
};

async function storeOriginal(contributionId: string, file: ReceivedFile, facts: AudioFacts): Promise<StoredOriginal> {
  const id = randomUUID();
  const originalKey = originalKeyFor(contributionId, id, facts);
  await getStorage().put(originalKey, createReadStream(file.path));
  return { id, contributionId, originalKey, file: { ...file, size: (await fs.stat(file.path)).size }, facts };
}

function writeRecordingRows(
  { id, contributionId, originalKey, file, facts }: StoredOriginal,
  thank: boolean,
  transcript: string | null = null,
) {
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

export async function keepRecording(
  contributionId: string,
  file: ReceivedFile,
  facts: AudioFacts,
  { thank }: { thank: boolean },
) {
  // The thanks went into the outbox with that recording; delivering it again sends nothing twice.
  if (recordingOfContribution(contributionId)) return void (thank && (await thankForStory(contributionId)));
  const original = await storeOriginal(contributionId, file, facts);
  const kept = db.transaction(() => writeRecordingRows(original, thank));
  if (!kept) return void (await getStorage().remove(original.originalKey));
  await afterKept(kept);
}

export async function receiveArchivedRecording(contributionId: string, file: ReceivedFile) {
  const check = await checkRecording(file.path, file.size);
  if (!check.ok) return check;
  const original = await storeOriginal(contributionId, file, check.facts);
  return {
    ok: true as const,
    originalKey: original.originalKey,
    keep: (transcript: string | null) => void writeRecordingRows(original, false, transcript),
  };
}

export async function keepStoryWithRecording<T extends { id: string }>(
  insertStory: (id: string) => T,
  file: ReceivedFile,
  facts: AudioFacts,
): Promise<T> {
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

export async function refuseRecording(
  contributionId: string,
  fileName: string,
  code: RefusalCode,
  { tell = true } = {},
) {
  const row = insertRecording({
    contributionId,
    status: "refused",
    reason: code,
    originalFileName: fileName.slice(0, 200) || null,
  });
  if (row && tell) await tellRefused(contributionId, row.id, code);
}

async function tellRefused(contributionId: string, recordingId: string, code: RefusalCode) {
  const mail = await queueRecordingRefused(contributionId, recordingId, code);
  if (mail) await deliverEmails([mail]);
}

async function refuseConverted(recording: Recording, code: RefusalCode) {
  markRecordingRefused(recording.id, code);
  await tellRefused(recording.contributionId, recording.id, code);
}

/** Stored whole under its fixed key before the row says "ready", so a killed job simply runs again. */
export async function convertRecording(
  recordingId: string,
  transcription: TranscriptionConfig | null = transcriptionConfigFromEnv(),
) {
  const recording = getRecording(recordingId);
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
      await getStorage().remove(normalizedKey);
      throw new JobEnded("The recording was deleted while it was converted");
    }
  } finally {
    await Promise.all([removeQuietly(input), removeQuietly(output)]);
  }
  await transcribeRecording(recordingId, transcription);
}

export async function convertRecordingJob(payload: Record<string, unknown>) {
  if (typeof payload.recordingId === "string") await convertRecording(payload.recordingId);
}

export async function abandonedRecordingJob(payload: Record<string, unknown>) {
  const recording = typeof payload.recordingId === "string" ? getRecording(payload.recordingId) : undefined;
  if (recording?.status === "converting") await refuseConverted(recording, "unreadable");
}

export function transcriptionConfigFromEnv(): TranscriptionConfig | null {
  const { OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_TRANSCRIPTION_MODEL } = env();
  return OPENAI_API_KEY?.trim()
    ? { apiKey: OPENAI_API_KEY.trim(), baseURL: OPENAI_BASE_URL, model: OPENAI_TRANSCRIPTION_MODEL }
    : null;
}

export async function transcribeRecording(
  recordingId: string,
  config: TranscriptionConfig | null,
): Promise<string | null> {
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
    console.warn(
      `Recording ${recordingId} could not be transcribed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  } finally {
    await removeQuietly(file);
  }
}

export function playableRecordingsOf(campaignId: string): Map<string, Recording> {
  return new Map(
    listCampaignRecordings(campaignId)
      .filter(isPlayable)
      .map((r) => [r.contributionId, r]),
  );
}

export function playableRecordingOfStory(contributionId: string): Recording | undefined {
  const recording = recordingOfContribution(contributionId);
  return recording && isPlayable(recording) ? recording : undefined;
}

export function playableRecording(recordingId: string): Recording | undefined {
  const recording = getRecording(recordingId);
  return recording && isPlayable(recording) ? recording : undefined;
}

export { recordingIdOfRemovalToken, removalToken, removalUrl };

export function recordingForRemovalToken(token: string): Recording | undefined {
  const id = recordingIdOfRemovalToken(token);
  return id === undefined ? undefined : getRecording(id);
}

export function removalPage(token: string) {
  const recording = recordingForRemovalToken(token);
  if (!recording) return null;
  return {
    campaignTitle: campaignTitleOfContribution(recording.contributionId) ?? "",
    requested: recording.removalRequestedAt !== null,
  };
}

/** Logged outside the database first (account/erasure-log.server.ts), so no restore can forget it. */
export async function requestRecordingRemoval(token: string) {
  const recording = recordingForRemovalToken(token);
  if (!recording) return undefined;
  const at = now();
  if (!recording.removalRequestedAt)
    await logErasure(getStorage(), { kind: "recording", id: recording.id, requestedAt: at });
  return markRemovalRequested(recording.id, at);
}

export async function removeStoryOfRecording(recordingId: string) {
  const recording = getRecording(recordingId);
  if (!recording) return false;
  await logErasure(getStorage(), { kind: "story", id: recording.contributionId, requestedAt: now() });
  const keys = deleteStoryRows(recording.contributionId);
  if (keys) await removeStoredFiles(keys);
  return true;
}

export const isPlayable = (recording: Pick<Recording, "status" | "removalRequestedAt" | "normalizedKey">) =>
  recording.status === "ready" && recording.removalRequestedAt === null && recording.normalizedKey !== null;

export async function deleteOwnedRecording(ownerId: string, campaignId: string, recordingId: string) {
  const recording = getOwnedRecording(ownerId, campaignId, recordingId);
  if (!recording) return false;
  deleteRecordingRow(recording.id);
  // After the row: a file left by a crash here is unreachable, a row without its file would not be.
  for (const key of [recording.originalKey, recording.normalizedKey]) if (key) await getStorage().remove(key);
  return true;
}

export const recordingUrl = (campaignId: string, recordingId: string, original = false) =>
  `/campaigns/${campaignId}/recordings/${recordingId}${original ? "?original=1" : ""}`;
