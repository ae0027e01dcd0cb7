// A job's steps: the points between its writes where it may be stopped. An account's deletion marks
// the family's running jobs "cancelled" (any process) and aborts them here (this process); the job
// finds out at its next step and ends quietly. Tests can hold a job at a step through the hook.
import { AsyncLocalStorage } from "node:async_hooks";
import { eq } from "drizzle-orm";
import { jobs } from "#db/schema";
import { db } from "~/lib/db.server";

/**
 * Thrown by a job that must end without a trace: it was cancelled, or what it works on is gone (the
 * family left). It has removed what it wrote; the runner removes its row: not failed, not retried.
 */
export class JobEnded extends Error {
  constructor(why = "The job's subject is gone") {
    super(why);
    this.name = "JobEnded";
  }
}

type Running = { id: string; controller: AbortController };
const current = new AsyncLocalStorage<Running>();
const here = new Map<string, AbortController>();

/** The runner runs each job inside this, so its steps know which job they are. */
export async function runAsJob<T>(jobId: string, run: () => Promise<T>): Promise<T> {
  const controller = new AbortController();
  here.set(jobId, controller);
  try {
    return await current.run({ id: jobId, controller }, run);
  } finally {
    here.delete(jobId);
  }
}

/** Stops the jobs this process runs among `jobIds` at their next step (their rows are already "cancelled"). */
export function abortJobsHere(jobIds: string[]) {
  for (const id of jobIds) here.get(id)?.abort();
}

/** True when the job was cancelled, here or by another process's deletion. */
export function wasCancelled(jobId: string) {
  return here.get(jobId)?.signal.aborted === true || db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)).get()?.status !== "running";
}

type StepHook = (step: string) => Promise<void> | void;
let hook: StepHook | null = null;

/** Tests only: called at every step of every job, and awaited. */
export function setJobStepHook(next: StepHook | null) {
  hook = next;
}

/** A step of the running job (named "job-type:what-comes-next"): throws JobEnded once it is cancelled. Outside a job, nothing. */
export async function jobStep(step: string) {
  await hook?.(step);
  const job = current.getStore();
  if (job && wasCancelled(job.id)) throw new JobEnded("The job was cancelled");
}
