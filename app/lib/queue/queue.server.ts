// The durable job queue in SQLite: work survives a restart, and a job is claimed by one worker only.
import { setTimeout as sleep } from "node:timers/promises";
import { jobs } from "#db/schema";
import { and, asc, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";

import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";

export type Job = typeof jobs.$inferSelect;

type EnqueueOptions = { runAt?: Date; dedupeKey?: string; maxAttempts?: number };

export function enqueueJob(type: string, payload: Record<string, unknown> = {}, options: EnqueueOptions = {}) {
  return db
    .insert(jobs)
    .values({
      type,
      payload,
      runAt: options.runAt ?? now(),
      dedupeKey: options.dedupeKey ?? null,
      maxAttempts: options.maxAttempts ?? 5,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning()
    .get();
}

/** Atomically takes the oldest due job (one UPDATE … RETURNING, so two workers never share one). */
export function claimNextJob(workerId: string, at = now()): Job | undefined {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, "queued"), lte(jobs.runAt, at)))
    .orderBy(asc(jobs.runAt))
    .limit(1);
  return db
    .update(jobs)
    .set({ status: "running", lockedAt: at, lockedBy: workerId, attempts: sql`${jobs.attempts} + 1` })
    .where(and(eq(jobs.id, sql`(${due})`), eq(jobs.status, "queued")))
    .returning()
    .get();
}

export function completeJob(id: string) {
  db.transaction((tx) => {
    tx.delete(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.status, "cancelled")))
      .run();
    tx.update(jobs)
      .set({ status: "done", lockedAt: null, lockedBy: null, lastError: null })
      .where(and(eq(jobs.id, id), eq(jobs.status, "running")))
      .run();
  });
}

export function forgetJob(id: string) {
  db.delete(jobs).where(eq(jobs.id, id)).run();
}

export const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);

export function failJob(job: Job, error: unknown, at = now()) {
  const message = error instanceof Error ? error.message : String(error);
  const final = job.attempts >= job.maxAttempts;
  db.update(jobs)
    .set({
      status: final ? "failed" : "queued",
      runAt: final ? job.runAt : new Date(at.getTime() + backoffMs(job.attempts)),
      lockedAt: null,
      lockedBy: null,
      lastError: message.slice(0, 2000),
    })
    .where(eq(jobs.id, job.id))
    .run();
  return final;
}

export const stoppedTheServer = (job: Pick<Job, "attempts" | "maxAttempts">) =>
  `This job stopped the server (it was still running when the process died, on attempt ${job.attempts} of ${job.maxAttempts}), so it is not run again.`;

export type TakenBack = { requeued: number; failed: Job[] };

// Attempts are counted at the claim, so a job that kills the process fails instead of taking it down at every start.
function takeBack(held: SQL | undefined): TakenBack {
  const left = and(eq(jobs.status, "running"), held);
  return db.transaction((tx) => {
    tx.delete(jobs)
      .where(and(eq(jobs.status, "cancelled"), held))
      .run();
    const exhausted = tx
      .select()
      .from(jobs)
      .where(and(left, gte(jobs.attempts, jobs.maxAttempts)))
      .all();
    const failed = exhausted.map((job) =>
      tx
        .update(jobs)
        .set({ status: "failed", lockedAt: null, lockedBy: null, lastError: stoppedTheServer(job) })
        .where(eq(jobs.id, job.id))
        .returning()
        .get()!,
    );
    const requeued = tx
      .update(jobs)
      .set({ status: "queued", lockedAt: null, lockedBy: null })
      .where(left)
      .run().changes;
    return { requeued, failed };
  });
}

export function takeBackStaleJobs(olderThanMs: number, at = now()) {
  return takeBack(lt(jobs.lockedAt, new Date(at.getTime() - olderThanMs)));
}

export function takeBackJobsNotHeldBy(workerId: string) {
  return takeBack(sql`coalesce(${jobs.lockedBy}, '') <> ${workerId}`);
}

export function getJob(id: string) {
  return db.select().from(jobs).where(eq(jobs.id, id)).get();
}

export async function waitForJobsToEnd(ids: string[], timeoutMs: number, everyMs = 250) {
  const until = Date.now() + timeoutMs;
  const left = () => (ids.length ? db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, ids)).all().length : 0);
  while (left() > 0 && Date.now() < until) await sleep(everyMs);
}
