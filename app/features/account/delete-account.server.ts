// Closing an account (decision 0212): stored files go in a job, once the family's running jobs have ended.
import { z } from "zod";

import { messages } from "~/features/account/messages";
import { now } from "~/lib/clock.server";
import { db, type DB } from "~/lib/db.server";
import { removeImageVariants } from "~/lib/images.server";
import { abortJobsHere } from "~/lib/queue/job-steps.server";
import { enqueueJob, waitForJobsToEnd } from "~/lib/queue/queue.server";
import { wakeJobs } from "~/lib/queue/wake.server";
import { getStorage, type Storage } from "~/lib/storage/storage.server";
import {
  eraseAccountRows,
  forgetRowsNamingAgain,
  hashedNeedles,
  type FamilyRows,
} from "~/models/account-erasure.server";
import { checkPassword, normalizeEmail } from "~/models/user.server";

import { logErasure } from "./erasure-log.server";

export const PURGE_ACCOUNT_FILES_JOB = "purge-account-files";

const PurgeSchema = z.object({
  files: z.array(z.string()),
  folders: z.array(z.string()).default([]),
  waitFor: z.array(z.string()).default([]),
  email: z.string().default(""),
  names: z.array(z.string()).default([]),
});
export type AccountPurge = z.infer<typeof PurgeSchema>;

export type HashedFamilyFiles = (family: FamilyRows) => string[];

const RUNNING_JOBS_WAIT_MS = 60_000;

export type DeleteAccountResult = { ok: true; purgeJobId: string } | { ok: false; message: string };

export const confirmsAccount = (typed: string, email: string) => normalizeEmail(typed) === normalizeEmail(email);

export async function deleteAccount(
  user: { id: string; email: string },
  { confirmation, password }: { confirmation: string; password: string },
  hashedFiles: HashedFamilyFiles,
): Promise<DeleteAccountResult> {
  if (!confirmsAccount(confirmation, user.email))
    return { ok: false, message: messages.deleteAccount.confirmationMismatch };
  if (!(await checkPassword(user.id, password)))
    return { ok: false, message: messages.deleteAccount.passwordIncorrect };
  // Logged first, so restoring an older backup cannot bring the account back.
  await logErasure(getStorage(), { kind: "account", id: user.id, requestedAt: now() });
  return { ok: true, purgeJobId: removeAccountRows(user.id, hashedFiles) };
}

export function removeAccountRows(userId: string, hashedFiles: HashedFamilyFiles): string {
  // Queued in the rows' transaction: no account is gone without its files' removal queued.
  const erased = eraseAccountRows(
    db,
    userId,
    messages.deleteAccount.activity,
    "cancel",
    ({ family, files, cancelledJobs }) => {
      const purge: AccountPurge = {
        files: [...new Set([...files.files, ...hashedFiles(family)])],
        folders: files.folders,
        waitFor: cancelledJobs,
        ...hashedNeedles(family),
      };
      const job = enqueueJob(PURGE_ACCOUNT_FILES_JOB, purge);
      if (!job) throw new Error("The file removal job was not queued");
      return { jobId: job.id, cancelledJobs };
    },
  );
  if (erased === null) throw new Error(`No account ${userId}`);
  abortJobsHere(erased.cancelledJobs);
  wakeJobs();
  return erased.jobId;
}

export async function eraseAccountAgain(
  database: DB,
  userId: string,
  hashedFiles: HashedFamilyFiles,
  storage: Storage,
) {
  // Nothing runs the jobs of a database being restored, so its files go at once.
  const erased = eraseAccountRows(database, userId, messages.deleteAccount.activity, "delete", (named) => named);
  if (!erased) return false;
  await removeFamilyFiles(
    { files: [...erased.files.files, ...hashedFiles(erased.family)], folders: erased.files.folders },
    storage,
  );
  return true;
}

export async function purgeAccountFiles(rawPayload: unknown, storage: Storage = getStorage()) {
  const payload = PurgeSchema.parse(rawPayload);
  await waitForJobsToEnd(payload.waitFor, RUNNING_JOBS_WAIT_MS);
  if (payload.names.length || payload.email)
    forgetRowsNamingAgain(db, { email: payload.email, names: new Set(payload.names), hashed: true });
  await removeFamilyFiles(payload, storage);
}

async function removeFamilyFiles({ files, folders }: Pick<AccountPurge, "files" | "folders">, storage: Storage) {
  const listed: string[] = [];
  for (const folder of folders) for (const { key } of await storage.list(folder)) listed.push(key);
  await removeStoredFiles([...new Set([...files, ...listed])], storage);
}

export async function removeStoredFiles(keys: string[], storage: Storage = getStorage()) {
  for (const key of keys) await storage.remove(key);
  for (const key of keys) await removeImageVariants(storage, key);
}
