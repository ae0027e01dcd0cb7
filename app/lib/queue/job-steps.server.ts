// A job's steps are the points between its writes where an account's deletion may stop it.
import { AsyncLocalStorage } from "node:async_hooks";
import { jobs } from "#db/schema";
import { eq } from "drizzle-orm";

import { db } from "~/lib/db.server";

/** A job that ended without a trace (cancelled, or its subject gone): not failed, not retried. */
export class JobEnded extends Error {
  constructor(why = "The job's subject is gone") {
    super(why);
    this.name = "JobEnded";
  }
}

type Running = { id: string; controller: AbortController };
const current = new AsyncLocalStorage<Running>();
const here = new Map<string, AbortController>();

export async function runAsJob<T>(jobId: string, run: () => Promise<T>): Promise<T> {
  const controller = new AbortController();
  here.set(jobId, controller);
  try {
    return await current.run({ id: jobId, controller }, run);
  } finally {
    here.delete(jobId);
  }
}

export function abortJobsHere(jobIds: string[]) {
  for (const id of jobIds) here.get(id)?.abort();
}

export function wasCancelled(jobId: string) {
  return (
    here.get(jobId)?.signal.aborted === true ||
    db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)).get()?.status !== "running"
  );
}

type StepHook = (step: string) => Promise<void> | void;
let hook: StepHook | null = null;

export function setJobStepHook(next: StepHook | null) {
  hook = next;
}

export async function jobStep(step: string) {
  await hook?.(step);
  const job = current.getStore();
  if (job && wasCancelled(job.id)) throw new JobEnded("The job was cancelled");
}
