import { randomBytes } from "node:crypto";

// Shared through globalThis: the compiled server and Remix's bundle each hold a copy of this module.
const BOOT = Symbol.for("storyhearth.processBoot");
const shared = globalThis as typeof globalThis & { [BOOT]?: string };
const boot = (shared[BOOT] ??= randomBytes(6).toString("hex"));

export const processTag = `${process.pid}.${boot}`;

export function processGone(tag: string): boolean {
  const match = /^(\d+)\.([0-9a-f]{12})$/.exec(tag);
  if (!match) return false;
  if (match[2] === boot) return false;
  const pid = Number(match[1]);
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
