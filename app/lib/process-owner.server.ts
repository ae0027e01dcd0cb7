// Which process left a temporary file or holds a lock, and whether that process still runs: what a
// process killed mid-work (kill -9, a crash, a restart) left behind can be cleared at once instead
// of waiting a day for the age-based clean-up.
import { randomBytes } from "node:crypto";

const boot = randomBytes(6).toString("hex");

/** This process: its pid, and a random id telling it apart from an earlier process given the same pid. */
export const processTag = `${process.pid}.${boot}`;

/** True only when the process that wrote `tag` is certainly gone; unknown tags and live processes are false. */
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
