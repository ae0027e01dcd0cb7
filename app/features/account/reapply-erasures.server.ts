// The erasure log (erasure-log.server.ts) applied again to a database: a restored backup before it goes
// live (scripts/restore.ts), and the live one on every start as primary (the reapply-removals job), for
// a backup restored some other way. Applying it twice changes nothing the second time.
import { db, migrateDatabase, withDatabaseFile, type DB } from "~/lib/db.server";
import { getStorage, type Storage } from "~/lib/storage/storage.server";
import { clipWithCollection, deleteStoryRows, markRemovalsRequested, type RemovedClip } from "~/models/contribution-recording.server";
import { eraseAccountAgain, removeStoredFiles, type HashedFamilyFiles } from "./delete-account.server";
import { loggedErasures, type ErasureKind } from "./erasure-log.server";

/**
 * `clips`: the recordings whose removal was applied again, read before their stories went; their episodes
 * are withdrawn by the caller through the podcasts feature, once this database is the live one.
 */
export type ReappliedErasures = { logged: Record<ErasureKind, number>; applied: Record<ErasureKind, number>; clips: RemovedClip[] };

/** `hashedFiles`: an account's files in folders named by hashes (drawn covers…), which the podcasts feature knows. */
export async function reapplyErasures(database: DB, storage: Storage, hashedFiles: HashedFamilyFiles): Promise<ReappliedErasures> {
  const logged = await loggedErasures(storage);
  const storiesAsked = new Set(logged.story.map((s) => s.id));
  const clips: RemovedClip[] = [];
  for (const { id } of logged.recording) {
    const clip = clipWithCollection(id, database);
    if (clip && clip.removalRequestedAt === null) clips.push({ ...clip, story: storiesAsked.has(clip.contributionId) });
  }
  const applied = { recording: markRemovalsRequested(database, logged.recording), story: 0, account: 0 };
  for (const { id } of logged.story) {
    const keys = deleteStoryRows(id, database);
    if (keys) await removeStoredFiles(keys, storage);
    if (keys) applied.story += 1;
  }
  for (const { id } of logged.account) if (await eraseAccountAgain(database, id, hashedFiles, storage)) applied.account += 1;
  return { logged: { recording: logged.recording.length, story: logged.story.length, account: logged.account.length }, applied, clips };
}

type Withdraw = (clip: RemovedClip) => Promise<unknown>;

/**
 * One home for applying the log, wherever the database is: rows and files again, then the finished
 * episodes that still play a clip removed again are withdrawn (`withdraw`: the podcasts feature's
 * withdrawEpisodesOfClip, which works on the app's connection, so `database` must be that connection).
 */
async function applyErasureLog(database: DB, storage: Storage, hashedFiles: HashedFamilyFiles, withdraw: Withdraw) {
  const result = await reapplyErasures(database, storage, hashedFiles);
  for (const clip of result.clips) await withdraw(clip);
  return result;
}

/**
 * The same on a database file the app has not opened (a backup being restored, in place or with --out
 * for `litefs import`), brought to the current schema first. The episodes are withdrawn in the file
 * itself: once it is live, the log finds nothing new there (the recordings are already marked).
 */
export async function reapplyErasuresToFile(file: string, storage: Storage, hashedFiles: HashedFamilyFiles, withdraw: Withdraw) {
  return withDatabaseFile(file, async (database) => {
    migrateDatabase(database);
    return applyErasureLog(database, storage, hashedFiles, withdraw);
  });
}

/** What the restore says about it, a line per kind. */
export const describeReapplied = ({ logged, applied }: ReappliedErasures) => [
  `Removal requests: ${logged.recording} kept outside the database; ${applied.recording} made after this backup applied to it again, so those recordings stay out of podcasts and newsletters.`,
  `Story removals: ${logged.story} kept outside the database; ${applied.story} made after this backup applied to it again, so those stories, their photos and recordings are deleted again.`,
  `Account deletions: ${logged.account} kept outside the database; ${applied.account} made after this backup applied to it again, so those accounts' rows and files are deleted again.`,
];

/**
 * The reapply-removals job: the live database, logging what a restored database had forgotten.
 * `withdraw`: the podcasts feature's withdrawEpisodesOfClip, for the episodes that still play a clip.
 */
export async function reapplyLoggedErasures(hashedFiles: HashedFamilyFiles, withdraw: Withdraw) {
  const result = await applyErasureLog(db, getStorage(), hashedFiles, withdraw);
  const { recording, story, account } = result.applied;
  if (recording + story + account > 0) console.log(`Erasures missing from the database applied again: ${recording} recording removal(s), ${story} story removal(s), ${account} account deletion(s)`);
  return result;
}
