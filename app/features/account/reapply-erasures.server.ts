// The erasure log applied again to a restored backup before it goes live, and to the live database on every start.
import { db, migrateDatabase, withDatabaseFile, type DB } from "~/lib/db.server";
import { getStorage, type Storage } from "~/lib/storage/storage.server";
import {
  clipWithCollection,
  deleteStoryRows,
  markRemovalsRequested,
  type RemovedClip,
} from "~/models/contribution-recording.server";

import { eraseAccountAgain, removeStoredFiles, type HashedFamilyFiles } from "./delete-account.server";
import { loggedErasures, type ErasureKind } from "./erasure-log.server";

export type ReappliedErasures = {
  logged: Record<ErasureKind, number>;
  applied: Record<ErasureKind, number>;
  clips: RemovedClip[];
};

export async function reapplyErasures(
  database: DB,
  storage: Storage,
  hashedFiles: HashedFamilyFiles,
): Promise<ReappliedErasures> {
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
  for (const { id } of logged.account)
    if (await eraseAccountAgain(database, id, hashedFiles, storage)) applied.account += 1;
  return {
    logged: { recording: logged.recording.length, story: logged.story.length, account: logged.account.length },
    applied,
    clips,
  };
}

type Withdraw = (clip: RemovedClip) => Promise<unknown>;

// `withdraw` works on the app's connection, so `database` must be that connection.
async function applyErasureLog(database: DB, storage: Storage, hashedFiles: HashedFamilyFiles, withdraw: Withdraw) {
  const result = await reapplyErasures(database, storage, hashedFiles);
  for (const clip of result.clips) await withdraw(clip);
  return result;
}

export async function reapplyErasuresToFile(
  file: string,
  storage: Storage,
  hashedFiles: HashedFamilyFiles,
  withdraw: Withdraw,
) {
  return withDatabaseFile(file, async (database) => {
    migrateDatabase(database);
    return applyErasureLog(database, storage, hashedFiles, withdraw);
  });
}

export const describeReapplied = ({ logged, applied }: ReappliedErasures) => [
  `Removal requests: ${logged.recording} kept outside the database; ${applied.recording} made after this backup applied to it again, so those recordings stay out of podcasts and newsletters.`,
  `Story removals: ${logged.story} kept outside the database; ${applied.story} made after this backup applied to it again, so those stories, their photos and recordings are deleted again.`,
  `Account deletions: ${logged.account} kept outside the database; ${applied.account} made after this backup applied to it again, so those accounts' rows and files are deleted again.`,
];

export async function reapplyLoggedErasures(hashedFiles: HashedFamilyFiles, withdraw: Withdraw) {
  const result = await applyErasureLog(db, getStorage(), hashedFiles, withdraw);
  const { recording, story, account } = result.applied;
  if (recording + story + account > 0)
    console.log(
      `Erasures missing from the database applied again: ${recording} recording removal(s), ${story} story removal(s), ${account} account deletion(s)`,
    );
  return result;
}
