// The app's background work: job handlers, their cron schedules, and the runner that follows the
// LiteFS primary (only the primary writes, so only it runs jobs).
import { deleteExpiredSessions } from "~/models/session.server";
import { recordSystemError } from "~/models/system-error.server";
import { forgetOldWebhookTokens } from "~/models/webhook-token.server";
import { now } from "~/utils/clock.server";
import { WEBHOOK_MAX_AGE_SECONDS } from "~/utils/mailgun-webhook.server";
import { deliverPendingEmails } from "~/utils/email.server";
import { isPrimaryInstance } from "~/utils/litefs.server";
import { dispatchDueInvitations } from "./invitations.server";
import { enqueueJob } from "./queue.server";
import { sendDueReminders } from "./reminders.server";
import { JobRunner, type JobHandler, type Schedule } from "./runner.server";
import { registerJobWaker } from "./wake.server";

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
  // Housekeeping: expired sessions, and webhook tokens too old to pass the signature's age check.
  "clean-up": () => {
    deleteExpiredSessions(now());
    forgetOldWebhookTokens(new Date(now().getTime() - 2 * WEBHOOK_MAX_AGE_SECONDS * 1000));
  },
};

export const jobSchedules: Schedule[] = [
  { type: "dispatch-invitations", cron: "* * * * *" },
  { type: "deliver-emails", cron: "* * * * *" },
  { type: "send-reminders", cron: "*/10 * * * *" },
  { type: "clean-up", cron: "17 3 * * *" },
];

export function createJobRunner(options: { pollMs?: number } = {}) {
  return new JobRunner({ handlers: jobHandlers, schedules: jobSchedules, ...options });
}

// One runner per process, started and stopped as this instance gains or loses the primary.
let runner: JobRunner | null = null;
let watcher: NodeJS.Timeout | null = null;

/** Runs the jobs while this instance is the primary; checks again every few seconds. */
export function startBackgroundJobs({ checkEveryMs = 5_000 } = {}) {
  runner ??= createJobRunner();
  const current = runner;
  registerJobWaker(() => current.wake());
  let first = true;
  const check = async () => {
    try {
      const primary = await isPrimaryInstance();
      if (primary && !current.isRunning) {
        current.start({ sole: first });
        // Whatever a dead predecessor left half-done is finished now.
        enqueueJob("deliver-emails", { afterRestart: first });
        enqueueJob("dispatch-invitations");
        current.wake();
        first = false;
      } else if (!primary && current.isRunning) {
        await current.stop();
      }
    } catch (error) {
      recordSystemError({ error, errorType: "job_runner", workflow: "primary-check", severity: "high" });
    }
  };
  void check();
  watcher = setInterval(() => void check(), checkEveryMs);
  return runner;
}

export async function stopBackgroundJobs() {
  registerJobWaker(null);
  if (watcher) clearInterval(watcher);
  watcher = null;
  await runner?.stop();
}

export { wakeJobs } from "./wake.server";
