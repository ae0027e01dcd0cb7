import { jobs, systemErrors } from "#db/schema";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { advanceClock, setClock } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { JobEnded, jobStep } from "~/lib/queue/job-steps.server";
import {
  backoffMs,
  claimNextJob,
  enqueueJob,
  getJob,
  stoppedTheServer,
  takeBackStaleJobs,
  type Job,
} from "~/lib/queue/queue.server";
import { JobRunner } from "~/lib/queue/runner.server";

afterEach(() => setClock(null));

/** Polls the database until `ready` holds; throws with the job's last state if it never does. */
async function until(jobId: string, ready: (job: Job) => boolean) {
  const deadline = Date.now() + 10_000;
  while (!ready(getJob(jobId)!)) {
    if (Date.now() > deadline) throw new Error(`never reached: ${JSON.stringify(getJob(jobId))}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return getJob(jobId)!;
}

describe("the durable job queue", () => {
  it("runs a job once, even with two workers asking", async () => {
    const job = enqueueJob("test-once", { n: 1 })!;
    const a = claimNextJob("worker-a");
    const b = claimNextJob("worker-b");
    expect(a?.id).toBe(job.id);
    expect(b?.id === job.id).toBe(false);
  });

  it("a dedupe key enqueues once", () => {
    expect(enqueueJob("test-dedupe", {}, { dedupeKey: "same-key" })).toBeDefined();
    expect(enqueueJob("test-dedupe", {}, { dedupeKey: "same-key" })).toBeUndefined();
  });

  it("waits for runAt", () => {
    setClock(new Date("2027-05-01T00:00:00Z"));
    enqueueJob("test-later", {}, { runAt: new Date("2027-05-01T01:00:00Z") });
    expect(claimNextJob("w")?.type).not.toBe("test-later");
    setClock(new Date("2027-05-01T01:00:00Z"));
    expect(claimNextJob("w")?.type).toBe("test-later");
  });

  it("retries with a growing delay, then fails for good and records a system error", async () => {
    setClock(new Date("2027-06-01T00:00:00Z"));
    let calls = 0;
    const runner = new JobRunner({
      handlers: {
        flaky: () => {
          calls++;
          throw new Error("still broken");
        },
      },
    });
    const job = enqueueJob("flaky", {}, { maxAttempts: 3 })!;
    expect(await runner.runUntilIdle()).toBe(1);
    expect(getJob(job.id)).toMatchObject({ status: "queued", attempts: 1, lastError: "still broken" });
    expect(getJob(job.id)!.runAt.getTime()).toBe(new Date("2027-06-01T00:00:00Z").getTime() + backoffMs(1));
    advanceClock(backoffMs(1));
    await runner.runUntilIdle();
    advanceClock(backoffMs(2));
    await runner.runUntilIdle();
    expect(calls).toBe(3);
    expect(getJob(job.id)).toMatchObject({ status: "failed", attempts: 3 });
    expect(db.select().from(systemErrors).where(eq(systemErrors.workflow, "job:flaky")).all()).toHaveLength(1);
  });

  it("a job cancelled while it runs stops at its next step and leaves no row; one a dead worker held goes too", async () => {
    let steps = 0;
    const job = enqueueJob("test-cancelled", {})!;
    const runner = new JobRunner({
      handlers: {
        "test-cancelled": async () => {
          await jobStep("test-cancelled:first");
          steps++;
          db.update(jobs).set({ status: "cancelled" }).where(eq(jobs.id, job.id)).run();
          await jobStep("test-cancelled:second");
          steps++;
        },
      },
    });
    await runner.runUntilIdle();
    expect(steps).toBe(1);
    expect(getJob(job.id)).toBeUndefined();
    expect(
      db
        .select()
        .from(systemErrors)
        .all()
        .filter((e) => e.workflow === "job:test-cancelled"),
    ).toEqual([]);

    // Its worker died after the deletion marked it: nothing will end it, so taking jobs back removes it.
    const orphan = enqueueJob("test-orphan", {})!;
    claimNextJob("dead-worker");
    db.update(jobs).set({ status: "cancelled" }).where(eq(jobs.id, orphan.id)).run();
    new JobRunner({ handlers: {} }).takeBackOthersJobs();
    expect(getJob(orphan.id)).toBeUndefined();
  });

  it("a handler that ends with JobEnded leaves no row and records no error", async () => {
    const job = enqueueJob("test-ended", {})!;
    await new JobRunner({ handlers: { "test-ended": () => Promise.reject(new JobEnded()) } }).runUntilIdle();
    expect(getJob(job.id)).toBeUndefined();
    expect(
      db
        .select()
        .from(systemErrors)
        .all()
        .filter((e) => e.workflow === "job:test-ended"),
    ).toEqual([]);
  });

  it("a job left running by a dead worker goes back to the queue", () => {
    setClock(new Date("2027-07-01T00:00:00Z"));
    const job = enqueueJob("test-stale")!;
    db.update(jobs)
      .set({ status: "running", lockedAt: new Date("2027-06-30T23:00:00Z"), lockedBy: "dead" })
      .where(eq(jobs.id, job.id))
      .run();
    expect(takeBackStaleJobs(10 * 60_000).requeued).toBeGreaterThanOrEqual(1);
    expect(getJob(job.id)?.status).toBe("queued");
  });

  it("a job that takes its process down is failed once its attempts are used, not run at every start", async () => {
    const job = enqueueJob("takes-process-down", { n: 1 }, { maxAttempts: 2 })!;
    const told: Array<{ payload: Record<string, unknown>; lastError: string | null }> = [];
    // One server process: its handler never returns, as when the process dies inside the job; the
    // process is then left as a killed one is (never stopped, its job still 'running').
    const boot = () => {
      const runner = new JobRunner({
        handlers: { "takes-process-down": () => new Promise<void>(() => {}) },
        abandoned: {
          "takes-process-down": (payload, gaveUp) => void told.push({ payload, lastError: gaveUp.lastError }),
        },
        pollMs: 10,
      });
      runner.start({ sole: true });
      return runner;
    };
    for (const attempt of [1, 2]) {
      const process = boot();
      await until(job.id, (j) => j.status === "running" && j.lockedBy === process.workerId);
      expect(getJob(job.id)!.attempts).toBe(attempt);
    }
    const last = boot();
    const failed = await until(job.id, (j) => j.status !== "running" || j.lockedBy === last.workerId);
    expect({ status: failed.status, attempts: failed.attempts, lastError: failed.lastError }).toEqual({
      status: "failed",
      attempts: 2,
      lastError: expect.stringContaining("stopped the server"),
    });
    expect(failed).toMatchObject({ lockedBy: null, lastError: stoppedTheServer({ attempts: 2, maxAttempts: 2 }) });
    // Stopping waits for the owner to have been told.
    await last.stop();
    expect(told).toEqual([{ payload: { n: 1 }, lastError: failed.lastError }]);
    expect(
      db.select().from(systemErrors).where(eq(systemErrors.workflow, "job:takes-process-down")).all(),
    ).toHaveLength(1);
  });

  it("stop() waits for the job in hand and takes no new one", async () => {
    let release!: () => void;
    const started: string[] = [];
    const runner = new JobRunner({
      handlers: {
        slow: (payload) => {
          started.push(String(payload.n));
          return new Promise<void>((resolve) => (release = resolve));
        },
      },
      pollMs: 10,
    });
    enqueueJob("slow", { n: 1 });
    enqueueJob("slow", { n: 2 });
    runner.start();
    await new Promise((r) => setTimeout(r, 50));
    const stopped = runner.stop();
    release();
    await stopped;
    expect(started).toEqual(["1"]);
    expect(
      db
        .select()
        .from(jobs)
        .where(eq(jobs.type, "slow"))
        .all()
        .map((j) => j.status)
        .sort(),
    ).toEqual(["done", "queued"]);
  });
});
