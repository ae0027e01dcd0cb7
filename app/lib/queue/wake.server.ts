// Lets request code nudge the job runner after enqueueing work, without importing the runner
// (and everything it imports): the runner registers itself here when it starts.
let waker: (() => void) | null = null;

export function registerJobWaker(fn: (() => void) | null) {
  waker = fn;
}

/** Asks the runner (if this process has one) to look for work now instead of at its next poll. */
export function wakeJobs() {
  waker?.();
}
