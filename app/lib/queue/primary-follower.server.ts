// Runs the job runner on whichever node holds the LiteFS primary, and hands it over when the
// primary moves: the old node stops taking jobs and finishes the one in hand; the new node starts
// at once on queued work, but only takes back jobs another worker left 'running' once the
// hand-over window has passed (that worker has stopped by then, or, on LiteFS, can no longer
// write), so a job still in the old node's hands is never run a second time beside it.
import { recordSystemError } from "~/lib/system-errors.server";
import type { JobRunner } from "./runner.server";

export type PrimaryFollowerOptions = {
  isPrimary: () => Promise<boolean>;
  /** A fresh runner for each term as primary (its own worker id, so its own leftovers are swept too). */
  createRunner: () => JobRunner;
  /**
   * Another node may have held the primary before this one (LiteFS). False on a single node: a
   * process that starts there is the only runner there is, and sweeps at once.
   */
  clustered: boolean;
  checkEveryMs?: number;
  /** How long a new primary leaves the old one's 'running' jobs alone (longer than a check plus a shutdown). */
  handOverMs?: number;
  /** Called when a term starts, after the runner runs (enqueue what a restart must pick up). */
  onPromoted?: (runner: JobRunner) => void;
  /** Called once the old primary's leftovers were requeued: this runner is the only one from now on. */
  onSwept?: (runner: JobRunner) => void;
  onDemoted?: () => void;
};

export type PrimaryFollower = {
  readonly runner: JobRunner | null;
  /** One look at the primary: starts or stops the runner as needed (also what the timer does). */
  check(): Promise<void>;
  /** Stops following and stops the runner, finishing the job in hand (graceful shutdown). */
  stop(): Promise<void>;
};

export function followPrimary({
  isPrimary,
  createRunner,
  clustered,
  checkEveryMs = 5_000,
  handOverMs = 30_000,
  onPromoted,
  onSwept,
  onDemoted,
}: PrimaryFollowerOptions): PrimaryFollower {
  let runner: JobRunner | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  let checking: Promise<void> | null = null;
  let stopped = false;

  const sweep = (term: JobRunner) => {
    sweepTimer = null;
    if (runner !== term || !term.isRunning) return;
    term.takeBackOthersJobs();
    onSwept?.(term);
    term.wake();
  };

  const demote = async () => {
    const term = runner;
    if (!term) return;
    runner = null;
    if (sweepTimer) clearTimeout(sweepTimer);
    sweepTimer = null;
    onDemoted?.();
    await term.stop();
  };

  const look = async () => {
    try {
      const primary = !stopped && (await isPrimary());
      if (primary && !runner) {
        const term = createRunner();
        runner = term;
        // Alone, whatever is 'running' died with its process: `sole` requeues it before the first claim.
        term.start({ sole: !clustered });
        onPromoted?.(term);
        if (clustered) sweepTimer = setTimeout(() => sweep(term), handOverMs);
        else onSwept?.(term);
      } else if (!primary && runner) {
        await demote();
      }
    } catch (error) {
      recordSystemError({ error, errorType: "job_runner", workflow: "primary-check", severity: "high" });
    }
  };

  // Checks never overlap: a stop that waits for a long job must not race the next look.
  const check = () => {
    checking ??= look().finally(() => {
      checking = null;
    });
    return checking;
  };

  const watcher = setInterval(() => void check(), checkEveryMs);
  void check();

  return {
    get runner() {
      return runner;
    },
    check,
    async stop() {
      stopped = true;
      clearInterval(watcher);
      await checking;
      await demote();
    },
  };
}
