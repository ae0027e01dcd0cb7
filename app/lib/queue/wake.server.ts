// Lets request code nudge the job runner after enqueueing work, without importing the runner
// (and everything it imports): the runner registers itself here when it starts. Kept on the process's
// globals: the runner starts in the compiled server, requests run in Remix's bundle, and each has its
// own copy of this module (decision 0141).
const WAKER = Symbol.for("storyhearth.jobWaker");
const shared = globalThis as typeof globalThis & { [WAKER]?: (() => void) | null };

export function registerJobWaker(fn: (() => void) | null) {
  shared[WAKER] = fn;
}

/** Asks the runner (if this process has one) to look for work now instead of at its next poll. */
export function wakeJobs() {
  shared[WAKER]?.();
}
