// Leaving cleanly (issue 32): an owner closes their account. Rows and every way in (sessions, feeds,
// share links, public pages) go at once, in one transaction; stored files go in a job, because a family
// can hold gigabytes, and their keys are read from the rows before the rows are gone.
import { z } from "zod";
import { eraseAccountRows, type AccountFileKeys } from "~/models/account-erasure.server";
import { checkPassword, normalizeEmail } from "~/models/user.server";
import { db, type DB } from "~/lib/db.server";
import { enqueueJob } from "~/lib/queue/queue.server";
import { getStorage, type Storage } from "~/lib/storage/storage.server";
import { removeImageVariants } from "~/lib/images.server";
import { now } from "~/lib/clock.server";
import { messages } from "~/features/account/messages";
import { logErasure } from "./erasure-log.server";

export const PURGE_ACCOUNT_FILES_JOB = "purge-account-files";

/** What the job removes: plain files, and episodes whose companions (chapters) the caller knows. */
const AccountFilesSchema = z.object({ files: z.array(z.string()), episodes: z.array(z.string()) }) satisfies z.ZodType<AccountFileKeys>;
export type AccountFiles = z.infer<typeof AccountFilesSchema>;

export type DeleteAccountResult = { ok: true; purgeJobId: string } | { ok: false; message: string };

/** The typed words must be the account's own address (any case, spaces around ignored). */
export const confirmsAccount = (typed: string, email: string) => normalizeEmail(typed) === normalizeEmail(email);

/**
 * Closes `user`'s account when the typed address and the password are theirs. Afterwards no row
 * names them; the admin's activity keeps one line without their name or address.
 */
export async function deleteAccount(user: { id: string; email: string }, { confirmation, password }: { confirmation: string; password: string }): Promise<DeleteAccountResult> {
  if (!confirmsAccount(confirmation, user.email)) return { ok: false, message: messages.deleteAccount.confirmationMismatch };
  if (!(await checkPassword(user.id, password))) return { ok: false, message: messages.deleteAccount.passwordIncorrect };
  // Logged first (erasure-log.server.ts), so restoring an older backup cannot bring the account back.
  await logErasure(getStorage(), { kind: "account", id: user.id, requestedAt: now() });
  return { ok: true, purgeJobId: removeAccountRows(user.id) };
}

/** Every row of the account, gone in one transaction; returns the id of the job that removes its files. */
export function removeAccountRows(userId: string): string {
  // The job is queued in the rows' transaction: no account is gone without its files' removal queued.
  const jobId = eraseAccountRows(db, userId, messages.deleteAccount.activity, (files) => {
    const job = enqueueJob(PURGE_ACCOUNT_FILES_JOB, files satisfies AccountFiles);
    if (!job) throw new Error("The file removal job was not queued");
    return job.id;
  });
  if (jobId === null) throw new Error(`No account ${userId}`);
  return jobId;
}

/**
 * A deletion logged outside the database, applied again to `database` (a restored backup, or the live
 * one): its rows go as they did, and its files at once (the job queued then is not in that database).
 * False when the account is not there (the usual case: it is gone already).
 */
export async function eraseAccountAgain(database: DB, userId: string, companions: (episodeKey: string) => string[], storage: Storage) {
  const files = eraseAccountRows(database, userId, messages.deleteAccount.activity, (named) => named);
  if (!files) return false;
  await purgeAccountFiles(files, companions, storage);
  return true;
}

/**
 * The purge job: removes every file, and with each episode the files that go with it (`companions`,
 * e.g. its chapters). Removing a file already gone is no error, so a retried job just finishes.
 */
export async function purgeAccountFiles(rawPayload: unknown, companions: (episodeKey: string) => string[], storage: Storage = getStorage()) {
  const payload = AccountFilesSchema.parse(rawPayload);
  for (const key of payload.episodes.flatMap((episode) => [episode, ...companions(episode)])) await storage.remove(key);
  await removeStoredFiles(payload.files, storage);
}

/** Removes each file and the sized copies a photo or cover leaves behind it (decision 0163; a file without any lists none). */
export async function removeStoredFiles(keys: string[], storage: Storage = getStorage()) {
  for (const key of keys) await storage.remove(key);
  for (const key of keys) await removeImageVariants(storage, key);
}
