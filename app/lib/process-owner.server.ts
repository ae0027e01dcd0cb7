// So what a killed process left behind can be cleared at once, not after the day-old clean-up.
import { randomBytes } from "node:crypto";

// One id per process, whichever copy of this module asks: the compiled server and Remix's server
// bundle each hold a copy (decision 0141), and a job in one must never take a file the other is still
// writing for a dead process's leftover. A worker thread has its own globals, so it has its own id.
const BOOT = Symbol.for("storyhearth.processBoot");
const shared = globalThis as typeof globalThis & { [BOOT]?: string };
const boot = (shared[BOOT] ??= randomBytes(6).toString("hex"));

/** The random part tells us apart from an earlier process given the same pid. */
export const processTag = `${process.pid}.${boot}`;

/** True only when certainly gone; unknown tags are false. */
export function processGone(tag: string): boolean {
  const match = /^(\d+)\.([0-9a-f]{12})$/.exec(tag);
  if (!match) return false;
  if (match[2] === boot) return false;
  const pid = Number(match[1]);
  // Our pid with another id: an earlier process (a restarted container hands out the same pids).
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
