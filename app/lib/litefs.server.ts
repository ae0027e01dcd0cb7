import os from "node:os";
import { getInstanceInfo } from "litefs-js";

export type PrimaryInfo = { currentIsPrimary: boolean; primaryInstance: string; currentInstance: string };

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

export async function isPrimaryInstance(litefsDir = process.env.LITEFS_DIR) {
  return (await getPrimaryInfo(litefsDir)).currentIsPrimary;
}

// A thrown redirect, not a 409: Remix drops a 409's headers on pages (decision 0110).
export async function ensurePrimary(litefsDir = process.env.LITEFS_DIR): Promise<void> {
  const { currentIsPrimary, primaryInstance } = await getPrimaryInfo(litefsDir);
  if (currentIsPrimary) return;
  throw new Response(null, {
    status: 302,
    headers: { Location: "/", "fly-replay": `instance=${primaryInstance}`, "Cache-Control": "no-store" },
  });
}

type HeaderTarget = { setHeader(name: string, value: string): unknown };

export function instanceHeaders() {
  const name = getInstanceName();
  return (_req: unknown, res: HeaderTarget, next: () => void) => {
    res.setHeader("Fly-Instance", name);
    res.setHeader("X-Instance", name);
    next();
  };
}
