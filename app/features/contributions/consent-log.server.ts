// Removal requests for recordings (a relative's withdrawn consent) are kept outside the database as
// well: one small file in storage per request, written before the database row. Restoring a backup
// taken before a request would otherwise bring the recording back into podcasts and newsletters;
// the restore script and every start as primary apply these files again (issue 29).
import type Database from "better-sqlite3";
import type { Storage } from "~/lib/storage/storage.server";

const PREFIX = "consent/recording-removals/";

export type LoggedRemoval = { recordingId: string; requestedAt: Date };

/** Everything is in the key (`<prefix><recording id>/<ms>`), so reading the log is one listing. */
const keyFor = ({ recordingId, requestedAt }: LoggedRemoval) => `${PREFIX}${recordingId}/${requestedAt.getTime()}`;

function parseKey(key: string): LoggedRemoval | null {
  const match = /^consent\/recording-removals\/([A-Za-z0-9-]{1,64})\/(\d{1,15})$/.exec(key);
  return match ? { recordingId: match[1]!, requestedAt: new Date(Number(match[2])) } : null;
}

/** Appends a request; a second one for the same recording is a second file (the first counts). */
export async function logRemovalRequest(storage: Storage, removal: LoggedRemoval) {
  await storage.put(keyFor(removal), Buffer.from(`${JSON.stringify({ recordingId: removal.recordingId, requestedAt: removal.requestedAt.toISOString() })}\n`));
}

/** Every request ever logged, the first for each recording. */
export async function loggedRemovals(storage: Storage): Promise<LoggedRemoval[]> {
  const first = new Map<string, LoggedRemoval>();
  for (const { key } of await storage.list(PREFIX)) {
    const removal = parseKey(key);
    const seen = removal && first.get(removal.recordingId);
    if (removal && (!seen || removal.requestedAt < seen.requestedAt)) first.set(removal.recordingId, removal);
  }
  return [...first.values()];
}

/**
 * Marks the logged requests in a database file (a restored backup, or the live one), on the raw
 * connection because the restore script works on a file the app has not opened. Returns how many
 * recordings it marked: those the database had forgotten.
 */
export function reapplyRemovals(sqlite: Database.Database, removals: LoggedRemoval[]) {
  const mark = sqlite.prepare("UPDATE contribution_recordings SET removal_requested_at = ? WHERE id = ? AND removal_requested_at IS NULL");
  return sqlite.transaction(() => removals.reduce((marked, r) => marked + mark.run(r.requestedAt.getTime(), r.recordingId).changes, 0))();
}
