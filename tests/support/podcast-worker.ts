// A job-runner process for the podcast crash test: the app's real runner (real handler, real audio
// worker) on DATABASE_PATH until no generation job is left, then it exits. The test kills it with
// SIGKILL mid-render and starts it again. WORKER_JOB_TYPES names other jobs to wait for (the
// recording crash test: convert-recording).
import { jobs } from "#db/schema";
import { and, inArray } from "drizzle-orm";

import { createJobRunner } from "~/jobs/index.server";
import { getDb, migrateDatabase } from "~/lib/db.server";

const waitFor = (process.env.WORKER_JOB_TYPES ?? "generate-podcast").split(",");
const db = getDb();
migrateDatabase(db);
// A fresh process is the only runner: whatever a dead one left 'running' is requeued at start.
const runner = createJobRunner({ pollMs: 50 });
runner.start({ sole: true });
runner.wake();

const timer = setInterval(() => {
  const busy = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.type, waitFor), inArray(jobs.status, ["queued", "running"])))
    .limit(1)
    .get();
  if (busy) return;
  clearInterval(timer);
  void runner.stop().then(() => process.exit(0));
}, 100);
