// What the crash scenarios share: a seeded random source for kill points, worker processes run with
// tsx, killing one with SIGKILL at a chosen moment, and finding the processes it left behind.
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import fs from "node:fs";

/** One scenario's result, as `npm run crash` prints it. */
export type CrashOutcome = {
  scenario: string;
  killPoint: string;
  expected: number;
  delivered: number;
  duplicates: number;
  stuck: number;
  /** Everything that went wrong; empty when the scenario passed. */
  problems: string[];
};

/** The common verdict: everything expected delivered, nothing twice, nothing stuck. */
export function countProblems(outcome: Omit<CrashOutcome, "problems">, extra: string[] = []): CrashOutcome {
  const problems = [...extra];
  if (outcome.delivered !== outcome.expected) problems.push(`${outcome.delivered} delivered of ${outcome.expected}`);
  if (outcome.duplicates > 0) problems.push(`${outcome.duplicates} duplicates`);
  if (outcome.stuck > 0) problems.push(`${outcome.stuck} stuck`);
  return { ...outcome, problems };
}

export type Random = () => number;

/** CRASH_SEED when given (to repeat a run), else a fresh one; callers print it. */
export const crashSeed = () => Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** mulberry32: the same seed gives the same kill points, so a failing run can be repeated. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [min, max]. */
export const randomInt = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

export type Worker = { child: ChildProcess; exited: Promise<number | null> };

/** Runs a TypeScript entry point in a fresh Node process (the database and files come from the environment). */
export function startWorker(
  entry: string,
  env: Record<string, string> = {},
  stdio: StdioOptions = ["ignore", "inherit", "inherit"],
): Worker {
  const child = spawn(process.execPath, ["--import", "tsx", entry], { env: { ...process.env, ...env }, stdio });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited };
}

/** The pids of every live process below `pid`, read from /proc (Linux). */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const parent = parentOf(Number(name));
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const child of children.get(p) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

function statOf(pid: number) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state, ppid: Number(ppid) };
  } catch {
    return null;
  }
}
const parentOf = (pid: number) => statOf(pid)?.ppid ?? null;
/** Running (a zombie has finished; only its parent has not collected it yet). */
const isAlive = (pid: number) => {
  const stat = statOf(pid);
  return stat !== null && stat.state !== "Z";
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Kill = {
  /** Processes the worker had started (e.g. an audio renderer), noted just before the kill. */
  orphans: number[];
};

/**
 * Polls `ready` every `pollMs` and SIGKILLs the worker as soon as it answers true. Throws if the
 * worker ends on its own first: a scenario that never crashed proves nothing.
 */
export async function killWhen(
  worker: Worker,
  ready: () => boolean | Promise<boolean>,
  { pollMs = 5, timeoutMs = 120_000 } = {},
): Promise<Kill> {
  let finished = false;
  void worker.exited.then(() => (finished = true));
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (finished) throw new Error("the worker finished before it could be killed");
    if (Date.now() > deadline) throw new Error("the kill point was never reached");
    await sleep(pollMs);
  }
  if (finished) throw new Error("the worker finished before it could be killed");
  const orphans = descendants(worker.child.pid!);
  worker.child.kill("SIGKILL");
  await worker.exited;
  return { orphans };
}

/** The orphans still running after a grace period (a child that outlives its killed parent is stuck work). */
export async function survivors(pids: number[], graceMs = 3_000) {
  const deadline = Date.now() + graceMs;
  let alive = pids.filter(isAlive);
  while (alive.length > 0 && Date.now() < deadline) {
    await sleep(50);
    alive = alive.filter(isAlive);
  }
  return alive;
}

/** Ends processes a scenario found still running, so a failed run leaves nothing behind. */
export function endProcesses(pids: number[]) {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
