// Crash scenario: the job worker converting a relative's recording (real job, real ffmpeg) is
// SIGKILLed mid-conversion and started again. The recording must end up ready with one normalized
// copy beside its untouched original, no ffmpeg left running and no temporary file left behind.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { contributionRecordings, jobs } from "#db/schema";
import { eq } from "drizzle-orm";

import { probeAudio } from "~/audio/recording.server";
import { keepRecording } from "~/features/contributions/recordings.server";
import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { createContribution } from "~/models/contribution.server";

import { makeCollection } from "../support/email-loop";
import { makeVoiceMemo } from "../utils/voice-memos";
import {
  countProblems,
  endProcesses,
  killWhen,
  randomInt,
  startWorker,
  survivors,
  type CrashOutcome,
  type Random,
} from "./harness";

const WORKER = "tests/support/podcast-worker.ts";
const WORKER_ENV = { WORKER_JOB_TYPES: "convert-recording" };

/** A story with a three-minute recording whose conversion job is queued, as the answer form leaves it. */
export async function storyWithRecording() {
  const { campaign } = makeCollection({ emails: ["robert@example.com"] });
  const story = createContribution({
    campaignId: campaign.id,
    contributorName: "Robert",
    contributorEmail: "robert@example.com",
    storyContent: "Listen to this.",
    submissionMethod: "web",
  });
  const memo = await makeVoiceMemo("wav", { lead: 2, tone: 180, tail: 2 });
  const file = path.join(os.tmpdir(), "crash-memo.wav");
  fs.writeFileSync(file, Buffer.from(await memo.arrayBuffer()));
  const facts = await probeAudio(file);
  if (!facts) throw new Error("the test recording did not probe as audio");
  await keepRecording(story.id, { path: file, fileName: "memo.wav", size: memo.size }, facts, { thank: false });
  const recording = db
    .select()
    .from(contributionRecordings)
    .where(eq(contributionRecordings.contributionId, story.id))
    .get()!;
  return { recordingId: recording.id, originalSize: memo.size };
}

const recordingOf = (id: string) =>
  db.select().from(contributionRecordings).where(eq(contributionRecordings.id, id)).get();
const jobOf = (id: string) =>
  db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, `convert-recording:${id}`))
    .get();

/** Kill this long after the job was claimed: before, during or near the end of the two ffmpeg passes. */
export const pickRecordingKillPoint = (random: Random) => randomInt(random, 0, 900);

export async function runRecordingCrash({
  recordingId,
  originalSize,
  afterMs,
}: {
  recordingId: string;
  originalSize: number;
  afterMs: number;
}): Promise<CrashOutcome> {
  let claimedAt: number | null = null;
  const kill = await killWhen(
    startWorker(WORKER, WORKER_ENV),
    () => {
      if (jobOf(recordingId)?.status !== "running") return false;
      claimedAt ??= Date.now();
      return Date.now() - claimedAt >= afterMs;
    },
    { pollMs: 5, timeoutMs: 60_000 },
  );
  const statusAtKill = recordingOf(recordingId)?.status ?? "gone";
  const orphans = await survivors(kill.orphans);
  endProcesses(orphans);

  const restarted = await startWorker(WORKER, WORKER_ENV).exited;
  const recording = recordingOf(recordingId);
  const folder = path.resolve(process.env.DATA_DIR!, "recordings", recording?.contributionId ?? "-");
  const files = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  const temps = fs.readdirSync(path.join(os.tmpdir(), "storyhearth-recordings")).length;
  const normalized = recording?.normalizedKey ? await getStorage().size(recording.normalizedKey) : null;
  const original = recording?.originalKey ? await getStorage().size(recording.originalKey) : null;
  const extra: string[] = [];
  if (restarted !== 0) extra.push(`the restarted worker exited with ${restarted}`);
  if (recording?.reason) extra.push(`refused: ${recording.reason}`);
  if (original !== originalSize) extra.push(`the original is ${original} bytes, not ${originalSize}`);
  if (orphans.length) extra.push(`${orphans.length} ffmpeg processes outlived the killed worker`);
  if (temps > 0) extra.push(`${temps} temporary files left`);
  const job = jobOf(recordingId);
  return countProblems(
    {
      scenario: "recording conversion (3 min)",
      killPoint: `${statusAtKill} +${afterMs} ms`,
      expected: 1,
      delivered:
        recording?.status === "ready" &&
        normalized !== null &&
        normalized > 0 &&
        Math.abs((recording.durationSeconds ?? 0) - 180.3) < 0.2
          ? 1
          : 0,
      // The original and one normalized copy; anything else (a half-written .partial) is a duplicate.
      duplicates: Math.max(0, files.length - 2),
      stuck:
        (job && job.status !== "done" ? 1 : 0) +
        (recording && recording.status === "converting" ? 1 : 0) +
        orphans.length,
    },
    extra,
  );
}
