// Crash scenario: a job that takes the server down. The job worker making a podcast (real runner,
// real handler) is SIGKILLed inside the job at every start, as a job that exhausts the heap would
// kill it, until the job's attempts are used; the next start must fail the job ("stopped the
// server") instead of running it again, fail the podcast and e-mail its owner, and then exit.
import { emailOutbox, jobs, podcasts, users } from "#db/schema";
import { eq } from "drizzle-orm";

import { podcastMessages } from "~/features/podcasts/messages";
import { GENERATION_MAX_ATTEMPTS } from "~/features/podcasts/podcasts.server";
import { db } from "~/lib/db.server";

import { countProblems, endProcesses, killWhen, startWorker, survivors, type CrashOutcome } from "./harness";
import { requestPodcast } from "./podcast";

const PODCAST_WORKER = "tests/support/podcast-worker.ts";

export type JobAttemptsCrash = {
  outcome: CrashOutcome;
  kills: number;
  job: typeof jobs.$inferSelect | undefined;
  podcast: { status: string; errorMessage: string | null } | undefined;
  ownerEmails: string[];
};

const jobOf = (podcastId: string) =>
  db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, `podcast:${podcastId}:1`))
    .get();

export async function runJobAttemptsCrash({ podcastId }: { podcastId: string }): Promise<JobAttemptsCrash> {
  const env = { OPENAI_API_KEY: "" };
  const extra: string[] = [];
  let kills = 0;
  for (let attempt = 1; attempt <= GENERATION_MAX_ATTEMPTS; attempt++) {
    const worker = startWorker(PODCAST_WORKER, env);
    // Inside the job: this process has claimed it (the attempt is counted at the claim).
    const kill = await killWhen(
      worker,
      () => {
        const job = jobOf(podcastId);
        return job?.status === "running" && (job.lockedBy ?? "").includes(`:${worker.child.pid}:`);
      },
      { pollMs: 2, timeoutMs: 120_000 },
    );
    kills++;
    endProcesses(await survivors(kill.orphans));
    const job = jobOf(podcastId);
    if (job?.attempts !== attempt) extra.push(`attempt ${attempt}: the job shows ${job?.attempts} attempts`);
  }

  // The start after the last attempt: the job is not run again, so the worker finds nothing to do and exits.
  const restarted = await startWorker(PODCAST_WORKER, env).exited;
  if (restarted !== 0) extra.push(`the restarted worker exited with ${restarted}`);
  const job = jobOf(podcastId);
  const podcast = db
    .select({ status: podcasts.status, errorMessage: podcasts.errorMessage, ownerId: podcasts.ownerId })
    .from(podcasts)
    .where(eq(podcasts.id, podcastId))
    .get();
  const owner = podcast
    ? db.select({ email: users.email }).from(users).where(eq(users.id, podcast.ownerId)).get()
    : undefined;
  const ownerEmails = owner
    ? db
        .select({ kind: emailOutbox.kind })
        .from(emailOutbox)
        .where(eq(emailOutbox.to, owner.email))
        .all()
        .map((row) => row.kind)
    : [];
  if (job?.attempts !== GENERATION_MAX_ATTEMPTS)
    extra.push(`the job ran ${job?.attempts} times, at most ${GENERATION_MAX_ATTEMPTS}`);
  if (!job?.lastError?.includes("stopped the server")) extra.push(`the job's last error: ${job?.lastError}`);
  if (podcast?.errorMessage !== podcastMessages.failure.interrupted)
    extra.push(`the podcast's error: ${podcast?.errorMessage}`);
  const told = podcast?.status === "failed" && ownerEmails.filter((kind) => kind === "podcast_failed").length === 1;
  const outcome = countProblems(
    {
      scenario: "a job that kills its process (podcast)",
      killPoint: `inside the job, ${kills} starts`,
      expected: 1,
      delivered: job?.status === "failed" && told ? 1 : 0,
      duplicates: Math.max(0, ownerEmails.filter((kind) => kind === "podcast_failed").length - 1),
      stuck: (job && job.status !== "failed" ? 1 : 0) + (podcast && podcast.status !== "failed" ? 1 : 0),
    },
    extra,
  );
  return { outcome, kills, job, podcast, ownerEmails };
}

export { requestPodcast };
