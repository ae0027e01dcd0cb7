// A job-runner process for crash tests: runs the app's real runner on DATABASE_PATH until there is
// no e-mail work left (invitations, newsletters, the outbox), then exits. The crash scenarios
// (tests/crash/) kill it with SIGKILL part-way and start it again.
import { emailOutbox, invitations, jobs } from "#db/schema";
import { and, eq, inArray } from "drizzle-orm";

import { createJobRunner } from "~/jobs/index.server";
import { getDb, migrateDatabase } from "~/lib/db.server";
import { enqueueJob } from "~/lib/queue/queue.server";

const db = getDb();
migrateDatabase(db);
const runner = createJobRunner({ pollMs: 50 });
runner.start({ sole: true });
enqueueJob("deliver-emails", { afterRestart: true });
enqueueJob("dispatch-invitations");
runner.wake();

const EMAIL_JOBS = ["dispatch-invitations", "deliver-emails", "deliver-newsletter"];

const busy = () =>
  Boolean(
    db.select({ id: invitations.id }).from(invitations).where(eq(invitations.status, "pending")).limit(1).get() ||
    db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(inArray(emailOutbox.status, ["queued", "sending", "failed"]))
      .limit(1)
      .get() ||
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.status, ["queued", "running"]), inArray(jobs.type, EMAIL_JOBS)))
      .limit(1)
      .get(),
  );

const timer = setInterval(() => {
  if (busy()) {
    // Pick up retries of failed rows without waiting for the minute's cron.
    enqueueJob("deliver-emails");
    runner.wake();
    return;
  }
  clearInterval(timer);
  void runner.stop().then(() => process.exit(0));
}, 200);
