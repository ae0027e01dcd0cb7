// What people asked to be forgotten is kept outside the database as well: one small file in storage per
// request, written before the database changes. Restoring a backup taken before a request would
// otherwise bring it back; the restore script and every start as primary apply these files again
// (a relative's recording; their written story, and a closed account).
// The key holds everything, so reading the log is one listing of `consent/`.
import type { Storage } from "~/lib/storage/storage.server";

/** recording: a relative withdrew their recording; story: their written story (and its photos) too; account: an owner closed theirs. */
export const erasureKinds = ["recording", "story", "account"] as const;
export type ErasureKind = (typeof erasureKinds)[number];

const ROOT = "consent/";
/** The recording folder predates the others: its name stays, so requests already logged still count. */
const folders: Record<ErasureKind, string> = { recording: "recording-removals", story: "story-removals", account: "account-deletions" };

export type LoggedErasure = { kind: ErasureKind; id: string; requestedAt: Date };

const keyFor = ({ kind, id, requestedAt }: LoggedErasure) => `${ROOT}${folders[kind]}/${id}/${requestedAt.getTime()}`;

function parseKey(key: string): LoggedErasure | null {
  const match = /^consent\/([a-z-]+)\/([A-Za-z0-9-]{1,64})\/(\d{1,15})$/.exec(key);
  const kind = match && erasureKinds.find((k) => folders[k] === match[1]);
  return match && kind ? { kind, id: match[2]!, requestedAt: new Date(Number(match[3])) } : null;
}

/** Appends a request; a second one for the same thing is a second file (the first counts). */
export async function logErasure(storage: Storage, erasure: LoggedErasure) {
  const { kind, id, requestedAt } = erasure;
  await storage.put(keyFor(erasure), Buffer.from(`${JSON.stringify({ kind, id, requestedAt: requestedAt.toISOString() })}\n`));
}

/** Every request ever logged, the first for each thing, by kind. */
export async function loggedErasures(storage: Storage): Promise<Record<ErasureKind, LoggedErasure[]>> {
  const first = new Map<string, LoggedErasure>();
  for (const { key } of await storage.list(ROOT)) {
    const erasure = parseKey(key);
    const seen = erasure && first.get(`${erasure.kind}:${erasure.id}`);
    if (erasure && (!seen || erasure.requestedAt < seen.requestedAt)) first.set(`${erasure.kind}:${erasure.id}`, erasure);
  }
  const byKind = { recording: [], story: [], account: [] } as Record<ErasureKind, LoggedErasure[]>;
  for (const erasure of first.values()) byKind[erasure.kind].push(erasure);
  return byKind;
}
