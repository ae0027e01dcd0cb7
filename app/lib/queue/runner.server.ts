import { randomUUID } from "node:crypto";
import cron, { type ScheduledTask } from "node-cron";

import { now } from "~/lib/clock.server";
import { recordSystemError } from "~/lib/system-errors.server";

import { JobEnded, runAsJob, wasCancelled } from "./job-steps.server";
import {
  claimNextJob,
  completeJob,
  enqueueJob,
  failJob,
  forgetJob,
  takeBackJobsNotHeldBy,
  takeBackStaleJobs,
  type Job,
  type TakenBack,
} from "./queue.server";

export type JobHandler = (payload: Record<string, unknown>, job: Job) => Promise<void> | void;
export type Schedule = { type: string; cron: string; payload?: Record<string, unknown> };

type Options = {
  handlers: Record<string, JobHandler>;
  abandoned?: Record<string, JobHandler>;
  schedules?: Schedule[];
  pollMs?: number;
  staleMs?: number;
};

export class JobRunner {
  readonly workerId = `${process.env.FLY_MACHINE_ID ?? "local"}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly handlers: Record<string, JobHandler>;
  private readonly abandoned: Record<string, JobHandler>;
  private readonly schedules: Schedule[];
  private readonly pollMs: number;
  private readonly staleMs: number;
  private tasks: ScheduledTask[] = [];
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private running = false;
  private telling: Promise<void> = Promise.resolve();

  constructor({ handlers, abandoned = {}, schedules = [], pollMs = 1_000, staleMs = 10 * 60_000 }: Options) {
    this.handlers = handlers;
    this.abandoned = abandoned;
    this.schedules = schedules;
    this.pollMs = pollMs;
    this.staleMs = staleMs;
  }

  get isRunning() {
    return this.running;
  }

  start({ sole = false }: { sole?: boolean } = {}) {
    if (this.running) return;
    this.running = true;
    if (sole) this.takeBackOthersJobs();
    for (const schedule of this.schedules) {
      this.tasks.push(
        cron.schedule(schedule.cron, () => {
          const minute = Math.floor(now().getTime() / 60_000);
          enqueueJob(schedule.type, schedule.payload ?? {}, {
            dedupeKey: `cron:${schedule.type}:${minute}`,
            maxAttempts: 1,
          });
          this.wake();
        }),
      );
    }
    this.wake();
  }

  async stop() {
    this.running = false;
    for (const task of this.tasks) await task.stop();
    this.tasks = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.loop;
    await this.telling;
  }

  takeBackOthersJobs() {
    return this.settle(takeBackJobsNotHeldBy(this.workerId));
  }

  private settle(taken: TakenBack) {
    for (const job of taken.failed) {
      const error = new Error(job.lastError ?? "");
      recordSystemError({ error, errorType: "job_failed", workflow: `job:${job.type}`, severity: "high" });
      const tell = this.abandoned[job.type];
      if (!tell) continue;
      this.telling = this.telling.then(async () => {
        try {
          await tell(job.payload, job);
        } catch (failure) {
          recordSystemError({
            error: failure,
            errorType: "job_failed",
            workflow: `job:${job.type}:abandoned`,
            severity: "high",
          });
        }
      });
    }
    return taken;
  }

  wake() {
    if (!this.running || this.loop) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // A failing claim (e.g. a node that just lost the primary: read-only database) must not crash the process.
    this.loop = this.drain()
      .catch((error: unknown) =>
        recordSystemError({ error, errorType: "job_runner", workflow: "drain", severity: "high" }),
      )
      .finally(() => {
        this.loop = null;
        if (this.running) this.timer = setTimeout(() => this.wake(), this.pollMs);
      });
  }

  private async drain() {
    this.settle(takeBackStaleJobs(this.staleMs));
    while (this.running && (await this.runOne())) {
      // keep going while there is due work
    }
  }

  async runOne(): Promise<boolean> {
    const job = claimNextJob(this.workerId);
    if (!job) return false;
    const handler = this.handlers[job.type];
    try {
      if (!handler) throw new Error(`No handler for job type "${job.type}"`);
      await runAsJob(job.id, async () => handler(job.payload, job));
      completeJob(job.id);
    } catch (error) {
      if (error instanceof JobEnded || wasCancelled(job.id)) {
        forgetJob(job.id);
        return true;
      }
      const final = failJob(job, error);
      if (final) recordSystemError({ error, errorType: "job_failed", workflow: `job:${job.type}`, severity: "high" });
    }
    return true;
  }

  async runUntilIdle(limit = 10_000) {
    let ran = 0;
    while (ran < limit && (await this.runOne())) ran++;
    return ran;
  }
}
