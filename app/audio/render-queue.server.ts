// Short renders asked for by a click (voice samples, pronunciation "Listen") are each a worker process,
// so they share one bounded queue; the same content asked for twice while it renders is one render.

export class RenderBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many samples are being prepared; try again in ${retryAfterSeconds} s`);
    this.name = "RenderBusyError";
  }
}

export type RenderQueueLimits = {
  running: number;
  perFamily: number;
  waiting: number;
  retryAfterSeconds: number;
};

export type RenderQueue = {
  run<T>(key: string, family: string, render: () => Promise<T>): Promise<T>;
  stats(): { running: number; waiting: number; started: number };
};

export function createRenderQueue(limits: RenderQueueLimits): RenderQueue {
  const inFlight = new Map<string, Promise<unknown>>();
  const perFamily = new Map<string, number>();
  const queue: Array<() => void> = [];
  let running = 0;
  let started = 0;

  const next = () => {
    while (running < limits.running && queue.length) queue.shift()!();
  };

  function run<T>(key: string, family: string, render: () => Promise<T>): Promise<T> {
    const joined = inFlight.get(key) as Promise<T> | undefined;
    if (joined) return joined;
    const mine = perFamily.get(family) ?? 0;
    const mustWait = running >= limits.running;
    if (mine >= limits.perFamily || (mustWait && queue.length >= limits.waiting)) {
      return Promise.reject(new RenderBusyError(limits.retryAfterSeconds));
    }
    perFamily.set(family, mine + 1);
    const job = new Promise<T>((resolve, reject) => {
      queue.push(() => {
        running++;
        started++;
        render()
          .then(resolve, reject)
          .finally(() => {
            running--;
            const left = (perFamily.get(family) ?? 1) - 1;
            if (left > 0) perFamily.set(family, left);
            else perFamily.delete(family);
            inFlight.delete(key);
            next();
          });
      });
      next();
    });
    inFlight.set(key, job);
    return job;
  }

  return { run, stats: () => ({ running, waiting: queue.length, started }) };
}

export const sampleQueue = createRenderQueue({ running: 2, perFamily: 2, waiting: 8, retryAfterSeconds: 5 });
