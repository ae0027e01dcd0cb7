// The job runner follows the LiteFS primary; a new primary takes back the old one's 'running' jobs only after
// the hand-over window, so a job still in the old node's hands never runs twice.
import { recordSystemError } from "~/lib/system-errors.server";

import type { JobRunner } from "./runner.server";

export type PrimaryFollowerOptions = {
  isPrimary: () => Promise<boolean>;
  createRunner: () => JobRunner;
  clustered: boolean;
  checkEveryMs?: number;
  handOverMs?: number;
  onPromoted?: (runner: JobRunner) => void;
  onSwept?: (runner: JobRunner) => void;
  onDemoted?: () => void;
};

export type PrimaryFollower = {
  readonly runner: JobRunner | null;
  check(): Promise<void>;
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
