// Only the LiteFS primary writes, so only it runs jobs (decision 0007).
import { dispatchDueInvitations } from "~/features/contributions/invitations.server";
import { WEBHOOK_MAX_AGE_SECONDS } from "~/features/contributions/mailgun-webhook.server";
import { sendDueReminders } from "~/features/contributions/reminders.server";
import { abandonedPodcastJob, generatePodcastJob } from "~/features/podcasts/generation/generate.server";
import { now } from "~/lib/clock.server";
import { deliverPendingEmails } from "~/lib/email/send.server";
import { isPrimaryInstance } from "~/lib/litefs.server";
import { JobEnded } from "~/lib/queue/job-steps.server";
import { followPrimary, type PrimaryFollower } from "~/lib/queue/primary-follower.server";
import { enqueueJob } from "~/lib/queue/queue.server";
import { JobRunner, type JobHandler, type Schedule } from "~/lib/queue/runner.server";
import { registerJobWaker } from "~/lib/queue/wake.server";
import { deleteExpiredSessions } from "~/models/session.server";
import { forgetOldWebhookTokens } from "~/models/webhook-token.server";

export const jobHandlers: Record<string, JobHandler> = {
  "dispatch-invitations": async () => {
    await dispatchDueInvitations();
  },
  "send-reminders": async () => {
    await sendDueReminders();
  },
  "deliver-emails": async (payload) => {
    await deliverPendingEmails(500, { afterRestart: payload.afterRestart === true });
  },
  "generate-podcast": generatePodcastJob,
  "clean-up": () => {
    deleteExpiredSessions(now());
    forgetOldWebhookTokens(new Date(now().getTime() - 2 * WEBHOOK_MAX_AGE_SECONDS * 1000));
  },
  "clean-uploads": async () => {
    const { cleanAbandonedUploads } = await import("~/features/testimonials/uploads.server");
    await cleanAbandonedUploads({ now: now().getTime() });
  },
  "convert-recording": async (payload) => {
    const { convertRecordingJob } = await import("~/features/contributions/recordings.server");
    await convertRecordingJob(payload);
  },
  "deliver-newsletter": async (payload, job) => {
    const { deliverNewsletterJob } = await import("~/features/newsletters/delivery.server");
    await deliverNewsletterJob(payload, job);
  },
  "backup-database": async () => {
    const { backupDatabase } = await import("~/lib/backup.server");
    await backupDatabase();
  },
  "reencode-photos": async () => {
    const { reencodePhotosStoredAsSent } = await import("~/features/contributions/photos.server");
    await reencodePhotosStoredAsSent();
  },
  // Removal requests and account deletions a restored backup forgot: applied again on every start as primary.
  "reapply-removals": async () => {
    const { reapplyLoggedErasures } = await import("~/features/account/reapply-erasures.server");
    const { hashedFamilyFiles } = await import("~/features/podcasts/family-files.server");
    const { withdrawEpisodesOfClip } = await import("~/features/podcasts/generation/clip-removal.server");
    await reapplyLoggedErasures(hashedFamilyFiles, withdrawEpisodesOfClip);
  },
  "purge-account-files": async (payload) => {
    const { purgeAccountFiles } = await import("~/features/account/delete-account.server");
    await purgeAccountFiles(payload);
    throw new JobEnded("The account's files are removed");
  },
  "build-book": async (payload) => {
    const { buildBookJob } = await import("~/features/book/build.server");
    await buildBookJob(payload);
  },
  "deliver-newsletters": async (payload, job) => {
    const { deliverDueNewslettersJob } = await import("~/features/newsletters/delivery.server");
    await deliverDueNewslettersJob(payload, job);
  },
};

// A job that stopped the server on its last attempt never reached its own failure handling: these tell its owner instead.
export const abandonedJobHandlers: Record<string, JobHandler> = {
  "generate-podcast": abandonedPodcastJob,
  "build-book": async (payload) => {
    const { abandonedBookJob } = await import("~/features/book/build.server");
    abandonedBookJob(payload);
  },
  "convert-recording": async (payload) => {
    const { abandonedRecordingJob } = await import("~/features/contributions/recordings.server");
    await abandonedRecordingJob(payload);
  },
};

export const jobSchedules: Schedule[] = [
  { type: "dispatch-invitations", cron: "* * * * *" },
  { type: "deliver-emails", cron: "* * * * *" },
  { type: "send-reminders", cron: "*/10 * * * *" },
  { type: "clean-up", cron: "17 3 * * *" },
  { type: "clean-uploads", cron: "41 3 * * *" },
  { type: "deliver-newsletters", cron: "*/10 * * * *" },
  { type: "backup-database", cron: "7 * * * *" },
];

export function createJobRunner(options: { pollMs?: number } = {}) {
  return new JobRunner({ handlers: jobHandlers, abandoned: abandonedJobHandlers, schedules: jobSchedules, ...options });
}

let follower: PrimaryFollower | null = null;

export function startBackgroundJobs({
  checkEveryMs = 5_000,
  handOverMs = 30_000,
  litefsDir = process.env.LITEFS_DIR,
} = {}) {
  follower ??= followPrimary({
    isPrimary: () => isPrimaryInstance(litefsDir),
    createRunner: () => createJobRunner(),
    clustered: Boolean(litefsDir),
    checkEveryMs,
    handOverMs,
    onPromoted: (runner) => {
      registerJobWaker(() => runner.wake());
      enqueueJob("dispatch-invitations");
      enqueueJob("reapply-removals");
      enqueueJob("reencode-photos", {}, { dedupeKey: "reencode-photos:0151" });
      runner.wake();
    },
    onSwept: (runner) => {
      enqueueJob("deliver-emails", { afterRestart: true });
      runner.wake();
    },
    onDemoted: () => registerJobWaker(null),
  });
  return follower;
}

export async function stopBackgroundJobs() {
  const current = follower;
  follower = null;
  registerJobWaker(null);
  await current?.stop();
}

export { wakeJobs } from "~/lib/queue/wake.server";
