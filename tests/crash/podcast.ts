// Crash scenario: the job worker making a podcast (real handler, real audio worker) is SIGKILLed
// mid-generation and started again. The podcast must complete with one audio file, and no job row
// or render process may be left behind.
import fs from "node:fs";
import path from "node:path";
import { jobs, podcasts } from "#db/schema";
import { eq } from "drizzle-orm";

import { getPodcast } from "~/features/podcasts/podcasts.server";
import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import * as generateApi from "~/routes/api+/podcasts+/generate";
import * as uploadApi from "~/routes/api+/stories.upload";

import { callRoute, createTestUser, makeRequest } from "../utils/auth";
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

const PODCAST_WORKER = "tests/support/podcast-worker.ts";
const STAGES = ["script_generation", "voice_processing", "audio_processing"] as const;
export type KillStage = (typeof STAGES)[number];

/** Kill once the podcast has been in `stage` (or a later one) for `afterMs`. */
export type PodcastKillPoint = { stage: KillStage; afterMs: number };

/** While the voices speak or while the episode is mixed, a little way in. */
export const pickPodcastKillPoint = (random: Random): PodcastKillPoint => ({
  stage: random() < 0.5 ? "voice_processing" : "audio_processing",
  afterMs: randomInt(random, 0, 150),
});

/** A two-host episode of a typed story, requested the way the app does it (story upload, then generate). */
export async function requestPodcast(voiceConfig: Record<string, unknown> = { hostCount: 2 }) {
  const user = await createTestUser({ podcastLimit: 1000 });
  const form = new FormData();
  form.append("storyTitle", "The Lake House");
  form.append("storyContent", "We spent every summer at the lake. Grandpa rowed us across at dawn.");
  const story = await callRoute(
    uploadApi.action,
    makeRequest("/api/stories/upload", { method: "POST", cookie: user.cookie, body: form }),
  );
  if (story.status !== 201) throw new Error(`story upload answered ${story.status}`);
  const { storyId } = (await story.json()) as { storyId: string };
  const res = await callRoute(
    generateApi.action,
    makeRequest("/api/podcasts/generate", { method: "POST", cookie: user.cookie, json: { storyId, voiceConfig } }),
  );
  if (res.status !== 201) throw new Error(`generate answered ${res.status}`);
  return ((await res.json()) as { podcastId: string }).podcastId;
}

export type PodcastCrash = {
  outcome: CrashOutcome;
  /** The podcast's status and its job's status as the killed worker left them. */
  statusAtKill: string;
  jobStatusAtKill: string | undefined;
};

const statusOf = (podcastId: string) =>
  db.select({ status: podcasts.status }).from(podcasts).where(eq(podcasts.id, podcastId)).get()?.status ?? "gone";
const jobOf = (podcastId: string) =>
  db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, `podcast:${podcastId}:1`))
    .get();

export async function runPodcastCrash({
  podcastId,
  killPoint,
}: {
  podcastId: string;
  killPoint: PodcastKillPoint;
}): Promise<PodcastCrash> {
  const env = { OPENAI_API_KEY: "" };
  let reachedAt: number | null = null;
  const kill = await killWhen(
    startWorker(PODCAST_WORKER, env),
    () => {
      const at = STAGES.indexOf(statusOf(podcastId) as KillStage);
      if (at < STAGES.indexOf(killPoint.stage)) return false;
      reachedAt ??= Date.now();
      return Date.now() - reachedAt >= killPoint.afterMs;
    },
    { pollMs: 10, timeoutMs: 180_000 },
  );
  const statusAtKill = statusOf(podcastId);
  const jobStatusAtKill = jobOf(podcastId)?.status;
  // A renderer that outlives its killed parent would still be writing the episode.
  const orphans = await survivors(kill.orphans);
  endProcesses(orphans);

  const restarted = await startWorker(PODCAST_WORKER, env).exited;
  const podcast = await getPodcast(podcastId);
  const stored = podcast?.audioKey ? await getStorage().size(podcast.audioKey) : null;
  // Every file of this episode in storage: the episode itself, and any half-written copy.
  const folder = path.resolve(process.env.DATA_DIR!, "podcasts");
  const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.startsWith(podcastId)) : [];
  const job = jobOf(podcastId);
  const extra: string[] = [];
  if (restarted !== 0) extra.push(`the restarted worker exited with ${restarted}`);
  if (podcast?.errorMessage) extra.push(`error: ${podcast.errorMessage}`);
  if (orphans.length) extra.push(`${orphans.length} render processes outlived the killed worker`);
  const outcome = countProblems(
    {
      scenario: "podcast generation (1 two-host episode)",
      killPoint: `${statusAtKill}${killPoint.afterMs ? ` +${killPoint.afterMs} ms` : ""}`,
      expected: 1,
      delivered: podcast?.status === "complete" && stored !== null && stored === podcast.fileSize ? 1 : 0,
      duplicates: Math.max(0, files.length - 1),
      stuck:
        (job && job.status !== "done" ? 1 : 0) + (podcast && podcast.status !== "complete" ? 1 : 0) + orphans.length,
    },
    extra,
  );
  return { outcome, statusAtKill, jobStatusAtKill };
}
