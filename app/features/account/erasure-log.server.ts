// Removal requests are also kept outside the database, written before it changes, so restoring an
// older backup cannot bring back what someone asked to be forgotten.
import type { Storage } from "~/lib/storage/storage.server";

export const erasureKinds = ["recording", "story", "account"] as const;
export type ErasureKind = (typeof erasureKinds)[number];

const ROOT = "consent/";
const folders: Record<ErasureKind, string> = {
  recording: "recording-removals",
  story: "story-removals",
  account: "account-deletions",
};

export type LoggedErasure = { kind: ErasureKind; id: string; requestedAt: Date };

const keyFor = ({ kind, id, requestedAt }: LoggedErasure) => `${ROOT}${folders[kind]}/${id}/${requestedAt.getTime()}`;

function parseKey(key: string): LoggedErasure | null {
  const match = /^consent\/([a-z-]+)\/([A-Za-z0-9-]{1,64})\/(\d{1,15})$/.exec(key);
  const kind = match && erasureKinds.find((k) => folders[k] === match[1]);
  return match && kind ? { kind, id: match[2]!, requestedAt: new Date(Number(match[3])) } : null;
}

export async function logErasure(storage: Storage, erasure: LoggedErasure) {
  const { kind, id, requestedAt } = erasure;
  await storage.put(
    keyFor(erasure),
    Buffer.from(`${JSON.stringify({ kind, id, requestedAt: requestedAt.toISOString() })}\n`),
  );
}

export async function loggedErasures(storage: Storage): Promise<Record<ErasureKind, LoggedErasure[]>> {
  const first = new Map<string, LoggedErasure>();
  for (const { key } of await storage.list(ROOT)) {
    const erasure = parseKey(key);
    const seen = erasure && first.get(`${erasure.kind}:${erasure.id}`);
    if (erasure && (!seen || erasure.requestedAt < seen.requestedAt))
      first.set(`${erasure.kind}:${erasure.id}`, erasure);
  }
  const byKind = { recording: [], story: [], account: [] } as Record<ErasureKind, LoggedErasure[]>;
  for (const erasure of first.values()) byKind[erasure.kind].push(erasure);
  return byKind;
}
