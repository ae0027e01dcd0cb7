// LiteFS on Fly.io: one primary holds the write lease, replicas serve reads. litefs-js reads
// `<LITEFS_DIR>/.primary`: absent on the primary, the primary's hostname on a replica. Without
// LITEFS_DIR (a single node, development, tests) this process is its own primary.
// LITEFS_DIR is read at call time, like litefs-js does, so a test can point one process at two views.
import os from "node:os";
import { getInstanceInfo } from "litefs-js";

export type PrimaryInfo = { currentIsPrimary: boolean; primaryInstance: string; currentInstance: string };

/** This machine's name: Fly's machine id (what `fly-replay: instance=` expects), else the hostname. */
export function getInstanceName() {
  return process.env.FLY_MACHINE_ID || os.hostname();
}

export async function getPrimaryInfo(litefsDir = process.env.LITEFS_DIR): Promise<PrimaryInfo> {
  if (!litefsDir) {
    const name = getInstanceName();
    return { currentIsPrimary: true, primaryInstance: name, currentInstance: name };
  }
  return getInstanceInfo(litefsDir);
}

/** True on the primary (and wherever LiteFS is not used): only it writes, runs jobs and cron. */
export async function isPrimaryInstance(litefsDir = process.env.LITEFS_DIR) {
  return (await getPrimaryInfo(litefsDir)).currentIsPrimary;
}

/**
 * For the few GETs that write: on a replica, throws a response carrying `fly-replay:
 * instance=<primary>`, which Fly's proxy catches and answers by replaying the request on the primary.
 * (POSTs never get here on a replica: the LiteFS proxy replays them before they reach the app.)
 *
 * It is a redirect, not a 409, because Remix hands a thrown redirect back untouched, headers and
 * all, on document, `.data` and resource requests, while a thrown 409's headers are dropped on
 * pages. Nobody sees it on Fly; anywhere else it lands on the home page instead of looping.
 */
export async function ensurePrimary(litefsDir = process.env.LITEFS_DIR): Promise<void> {
  const { currentIsPrimary, primaryInstance } = await getPrimaryInfo(litefsDir);
  if (currentIsPrimary) return;
  throw new Response(null, {
    status: 302,
    headers: { Location: "/", "fly-replay": `instance=${primaryInstance}`, "Cache-Control": "no-store" },
  });
}

type HeaderTarget = { setHeader(name: string, value: string): unknown };

/** Express middleware: every response names the instance that served it (debugging replicas). */
export function instanceHeaders() {
  const name = getInstanceName();
  return (_req: unknown, res: HeaderTarget, next: () => void) => {
    res.setHeader("Fly-Instance", name);
    res.setHeader("X-Instance", name);
    next();
  };
}
