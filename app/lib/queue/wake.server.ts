// Kept on the process's globals: the runner starts in the compiled server, requests run in Remix's bundle (decision 0141).
const WAKER = Symbol.for("storyhearth.jobWaker");
const shared = globalThis as typeof globalThis & { [WAKER]?: (() => void) | null };

export function registerJobWaker(fn: (() => void) | null) {
  shared[WAKER] = fn;
}

export function wakeJobs() {
  shared[WAKER]?.();
}
