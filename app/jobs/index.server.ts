// The app's background work: job handlers, their cron schedules, and the runner that follows the
// LiteFS primary (only the primary writes, so only it runs jobs).
import { deleteExpiredSessions } from "~/models/session.server";
import { forgetOldWebhookTokens } from "~/models/webhook-token.server";
import { generatePodcastJob } from "~/features/podcasts/generate.server";
import { now } from "~/lib/clock.server";
import { WEBHOOK_MAX_AGE_SECONDS } from "~/features/contributions/mailgun-webhook.server";
import { deliverPendingEmails } from "~/lib/email/send.server";
import { isPrimaryInstance } from "~/lib/litefs.server";
import { dispatchDueInvitations } from "~/features/contributions/invitations.server";
import { enqueueJob } from "~/lib/queue/queue.server";
import { sendDueReminders } from "~/features/contributions/reminders.server";
import { followPrimary, type PrimaryFollower } from "~/lib/queue/primary-follower.server";
import { JobRunner, type JobHandler, type Schedule } from "~/lib/queue/runner.server";
import { registerJobWaker } from "~/lib/queue/wake.server";

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
  // A story becomes an episode: script, speech, mixing (features/podcasts/generate.server.ts).
  "generate-podcast": generatePodcastJob,
  // Housekeeping: expired sessions, and webhook tokens too old to pass the signature's age check.
  "clean-up": () => {
    deleteExpiredSessions(now());
    forgetOldWebhookTokens(new Date(now().getTime() - 2 * WEBHOOK_MAX_AGE_SECONDS * 1000));
  },
  // Testimonial uploads, drafts and half-received files nobody touched for 24 hours.
  "clean-uploads": async () => {
    const { cleanAbandonedUploads } = await import("~/features/testimonials/uploads.server");
    await cleanAbandonedUploads({ now: now().getTime() });
  },
  // Family newsletters (features/newsletters/delivery.server.ts): one newsletter now ('immediate' mode), and
  // every newsletter whose delivery date has come (the dated modes).
  "deliver-newsletter": async (payload, job) => {
    const { deliverNewsletterJob } = await import("~/features/newsletters/delivery.server");
    await deliverNewsletterJob(payload, job);
  },
  "deliver-newsletters": async (payload, job) => {
    const { deliverDueNewslettersJob } = await import("~/features/newsletters/delivery.server");
    await deliverDueNewslettersJob(payload, job);
  },
};

export const jobSchedules: Schedule[] = [
  { type: "dispatch-invitations", cron: "* * * * *" },
  { type: "deliver-emails", cron: "* * * * *" },
  { type: "send-reminders", cron: "*/10 * * * *" },
  { type: "clean-up", cron: "17 3 * * *" },
  { type: "clean-uploads", cron: "41 3 * * *" },
  { type: "deliver-newsletters", cron: "*/10 * * * *" },
];

export function createJobRunner(options: { pollMs?: number } = {}) {
  return new JobRunner({ handlers: jobHandlers, schedules: jobSchedules, ...options });
}

// One follower per process: the runner runs while this instance is the LiteFS primary, a fresh
// runner for each term, handed over as described in primary-follower.server.ts.
let follower: PrimaryFollower | null = null;

/** Runs the jobs while this instance is the primary; checks again every few seconds. */
export function startBackgroundJobs({ checkEveryMs = 5_000, handOverMs = 30_000, litefsDir = process.env.LITEFS_DIR } = {}) {
  follower ??= followPrimary({
    isPrimary: () => isPrimaryInstance(litefsDir),
    createRunner: () => createJobRunner(),
    clustered: Boolean(litefsDir),
    checkEveryMs,
    handOverMs,
    onPromoted: (runner) => {
      registerJobWaker(() => runner.wake());
      enqueueJob("dispatch-invitations");
      runner.wake();
    },
    // The predecessor is gone: rows it left mid-send are settled and queued e-mail of any age goes out.
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
