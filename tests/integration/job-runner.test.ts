import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { jobs, systemErrors } from "#db/schema";
import { backoffMs, claimNextJob, enqueueJob, getJob, requeueStaleJobs } from "~/lib/queue/queue.server";
import { JobRunner } from "~/lib/queue/runner.server";
import { advanceClock, setClock } from "~/lib/clock.server";
import { db } from "~/lib/db.server";

afterEach(() => setClock(null));

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

  it("a job left running by a dead worker goes back to the queue", () => {
    setClock(new Date("2027-07-01T00:00:00Z"));
    const job = enqueueJob("test-stale")!;
    db.update(jobs).set({ status: "running", lockedAt: new Date("2027-06-30T23:00:00Z"), lockedBy: "dead" }).where(eq(jobs.id, job.id)).run();
    expect(requeueStaleJobs(10 * 60_000)).toBeGreaterThanOrEqual(1);
    expect(getJob(job.id)?.status).toBe("queued");
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
    expect(db.select().from(jobs).where(eq(jobs.type, "slow")).all().map((j) => j.status).sort()).toEqual(["done", "queued"]);
  });
});
