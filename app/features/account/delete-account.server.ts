// Leaving cleanly (decisions 0162, 0212): an owner closes their account. Rows and every way in (sessions,
// feeds, share links, public pages) go at once, in one transaction; the family's running jobs are told
// to stop; stored files go in a job, because a family can hold gigabytes, once those jobs have ended.
import { z } from "zod";
import { eraseAccountRows, forgetRowsNamingAgain, hashedNeedles, type FamilyRows } from "~/models/account-erasure.server";
import { checkPassword, normalizeEmail } from "~/models/user.server";
import { db, type DB } from "~/lib/db.server";
import { enqueueJob, waitForJobsToEnd } from "~/lib/queue/queue.server";
import { abortJobsHere } from "~/lib/queue/job-steps.server";
import { wakeJobs } from "~/lib/queue/wake.server";
import { getStorage, type Storage } from "~/lib/storage/storage.server";
import { removeImageVariants } from "~/lib/images.server";
import { now } from "~/lib/clock.server";
import { messages } from "~/features/account/messages";
import { logErasure } from "./erasure-log.server";

export const PURGE_ACCOUNT_FILES_JOB = "purge-account-files";

/**
 * What the job removes: files, and folders holding only the family's files (listed whole, so a file a
 * job wrote after the rows were read goes too); before that it waits for `waitFor` (the family's jobs
 * that were running) and removes rows they wrote about the family since (found by `email` and `names`,
 * its address and its rows' ids and tokens as hashes: the payload does not name the account).
 */
const PurgeSchema = z.object({
  files: z.array(z.string()),
  folders: z.array(z.string()).default([]),
  waitFor: z.array(z.string()).default([]),
  email: z.string().default(""),
  names: z.array(z.string()).default([]),
});
export type AccountPurge = z.infer<typeof PurgeSchema>;

/**
 * The family's files in folders named by hashes (drawn covers, pronunciation samples), computed from its
 * rows by the feature that draws them (podcasts, family-files.server.ts): account is the lowest feature.
 */
export type HashedFamilyFiles = (family: FamilyRows) => string[];

/** How long the file removal waits for a family's job another process runs; past it, that job cleans up after itself. */
const RUNNING_JOBS_WAIT_MS = 60_000;

export type DeleteAccountResult = { ok: true; purgeJobId: string } | { ok: false; message: string };

/** The typed words must be the account's own address (any case, spaces around ignored). */
export const confirmsAccount = (typed: string, email: string) => normalizeEmail(typed) === normalizeEmail(email);

/**
 * Closes `user`'s account when the typed address and the password are theirs. Afterwards no row
 * names them; the admin's activity keeps one line without their name or address.
 */
export async function deleteAccount(
  user: { id: string; email: string },
  { confirmation, password }: { confirmation: string; password: string },
  hashedFiles: HashedFamilyFiles,
): Promise<DeleteAccountResult> {
  if (!confirmsAccount(confirmation, user.email)) return { ok: false, message: messages.deleteAccount.confirmationMismatch };
  if (!(await checkPassword(user.id, password))) return { ok: false, message: messages.deleteAccount.passwordIncorrect };
  // Logged first (erasure-log.server.ts), so restoring an older backup cannot bring the account back.
  await logErasure(getStorage(), { kind: "account", id: user.id, requestedAt: now() });
  return { ok: true, purgeJobId: removeAccountRows(user.id, hashedFiles) };
}

/** Every row of the account, gone in one transaction; its running jobs told to stop; returns the id of the job that removes its files. */
export function removeAccountRows(userId: string, hashedFiles: HashedFamilyFiles): string {
  // The job is queued in the rows' transaction: no account is gone without its files' removal queued.
  const erased = eraseAccountRows(db, userId, messages.deleteAccount.activity, "cancel", ({ family, files, cancelledJobs }) => {
    const purge: AccountPurge = { files: [...new Set([...files.files, ...hashedFiles(family)])], folders: files.folders, waitFor: cancelledJobs, ...hashedNeedles(family) };
    const job = enqueueJob(PURGE_ACCOUNT_FILES_JOB, purge);
    if (!job) throw new Error("The file removal job was not queued");
    return { jobId: job.id, cancelledJobs };
  });
  if (erased === null) throw new Error(`No account ${userId}`);
  abortJobsHere(erased.cancelledJobs);
  wakeJobs();
  return erased.jobId;
}

/**
 * A deletion logged outside the database, applied again to `database` (a restored backup, or the live
 * one): its rows go as they did, and its files at once (the job queued then is not in that database).
 * False when the account is not there (the usual case: it is gone already).
 */
export async function eraseAccountAgain(database: DB, userId: string, hashedFiles: HashedFamilyFiles, storage: Storage) {
  // Nothing runs the jobs of a database being restored; on the live one this runs as a job itself, so none of the family's runs beside it.
  const erased = eraseAccountRows(database, userId, messages.deleteAccount.activity, "delete", (named) => named);
  if (!erased) return false;
  await removeFamilyFiles({ files: [...erased.files.files, ...hashedFiles(erased.family)], folders: erased.files.folders }, storage);
  return true;
}

/**
 * The purge job: once the family's jobs that were running have ended (bounded), the rows they wrote
 * about it since go, then every file and folder. Removing a file already gone is no error, so a
 * retried job just finishes.
 */
export async function purgeAccountFiles(rawPayload: unknown, storage: Storage = getStorage()) {
  const payload = PurgeSchema.parse(rawPayload);
  await waitForJobsToEnd(payload.waitFor, RUNNING_JOBS_WAIT_MS);
  if (payload.names.length || payload.email) forgetRowsNamingAgain(db, { email: payload.email, names: new Set(payload.names), hashed: true });
  await removeFamilyFiles(payload, storage);
}

/** Every file named and every file under the folders, with their sized copies. */
async function removeFamilyFiles({ files, folders }: Pick<AccountPurge, "files" | "folders">, storage: Storage) {
  const listed: string[] = [];
  for (const folder of folders) for (const { key } of await storage.list(folder)) listed.push(key);
  await removeStoredFiles([...new Set([...files, ...listed])], storage);
}

/** Removes each file and the sized copies a photo or cover leaves behind it (decision 0163; a file without any lists none). */
export async function removeStoredFiles(keys: string[], storage: Storage = getStorage()) {
  for (const key of keys) await storage.remove(key);
  for (const key of keys) await removeImageVariants(storage, key);
}
