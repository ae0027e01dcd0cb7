// Leaving cleanly (issue 32): an owner closes their account. Rows and every way in (sessions, feeds,
// share links, public pages) go at once, in one transaction; stored files go in a job, because a family
// can hold gigabytes, and their keys are read from the rows before the rows are gone.
import { z } from "zod";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import {
  activities,
  apiKeys,
  books,
  campaigns,
  contributionAttachments,
  contributionRecordings,
  contributions,
  emailOutbox,
  invitations,
  jobs,
  llmUsage,
  newsletters,
  podcasts,
  stories,
  testimonialResponses,
  users,
} from "#db/schema";
import { checkPassword, normalizeEmail } from "~/models/user.server";
import { db, type DB } from "~/lib/db.server";
import { enqueueJob } from "~/lib/queue/queue.server";
import { getStorage, type Storage } from "~/lib/storage/storage.server";
import { removeImageVariants } from "~/lib/images.server";
import { now } from "~/lib/clock.server";
import { messages } from "~/features/account/messages";
import { logErasure } from "./erasure-log.server";

type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

export const PURGE_ACCOUNT_FILES_JOB = "purge-account-files";

/** What the job removes: plain files, and episodes whose companions (chapters) the caller knows. */
const AccountFilesSchema = z.object({ files: z.array(z.string()), episodes: z.array(z.string()) });
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
  return db.transaction((tx) => {
    const files = eraseAccountRows(tx, userId);
    if (!files) throw new Error(`No account ${userId}`);
    const job = enqueueJob(PURGE_ACCOUNT_FILES_JOB, files satisfies AccountFiles);
    if (!job) throw new Error("The file removal job was not queued");
    return job.id;
  });
}

/**
 * A deletion logged outside the database, applied again to `database` (a restored backup, or the live
 * one): its rows go as they did, and its files at once (the job queued then is not in that database).
 * False when the account is not there (the usual case: it is gone already).
 */
export async function eraseAccountAgain(database: DB, userId: string, companions: (episodeKey: string) => string[], storage: Storage) {
  const files = database.transaction((tx) => eraseAccountRows(tx, userId));
  if (!files) return false;
  await purgeAccountFiles(files, companions, storage);
  return true;
}

/** The account's rows and the admin's anonymous line, on `tx`; the files its rows named, or null when there is no such account. */
function eraseAccountRows(tx: Tx, userId: string): AccountFiles | null {
  const user = tx.select({ email: users.email, createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).get();
  if (!user) return null;
  const owned = ownedIds(tx, userId);
  const files = accountFiles(tx, userId, user.email);
  const counts = { collections: owned.campaigns.length, stories: owned.contributions.length, podcasts: owned.podcasts.length };

  // Rows that point at the account without a cascade (set null, or no foreign key at all).
  const ids = new Set<string>([userId, ...Object.values(owned).flat()]);
  forgetRowsNaming(tx, ids, normalizeEmail(user.email));
  if (owned.podcasts.length) tx.delete(llmUsage).where(inArray(llmUsage.podcastId, owned.podcasts)).run();
  tx.delete(activities).where(eq(activities.userId, userId)).run();
  tx.delete(apiKeys).where(eq(apiKeys.createdById, userId)).run();
  tx.delete(testimonialResponses).where(sql`lower(${testimonialResponses.respondentEmail}) = ${normalizeEmail(user.email)}`).run();
  // The rest cascades from the user: sessions, collections, stories, podcasts, share links, feeds, contacts…
  tx.delete(users).where(eq(users.id, userId)).run();

  tx.insert(activities).values({ type: "account_deleted", userId: null, details: messages.deleteAccount.activity({ ...counts, since: user.createdAt }) }).run();
  return files;
}

function ownedIds(tx: Tx, userId: string) {
  const campaignIds = tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.ownerId, userId)).all().map((r) => r.id);
  const inCampaigns = campaignIds.length ? campaignIds : [""];
  return {
    campaigns: campaignIds,
    invitations: tx.select({ id: invitations.id }).from(invitations).where(inArray(invitations.campaignId, inCampaigns)).all().map((r) => r.id),
    contributions: tx.select({ id: contributions.id }).from(contributions).where(inArray(contributions.campaignId, inCampaigns)).all().map((r) => r.id),
    podcasts: tx.select({ id: podcasts.id }).from(podcasts).where(eq(podcasts.ownerId, userId)).all().map((r) => r.id),
    stories: tx.select({ id: stories.id }).from(stories).where(eq(stories.ownerId, userId)).all().map((r) => r.id),
    newsletters: tx.select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.ownerId, userId)).all().map((r) => r.id),
  };
}

/** Every stored file a row of the account names. */
function accountFiles(tx: Tx, userId: string, email: string): AccountFiles {
  const ofOwner = tx.select({ id: contributions.id }).from(contributions).innerJoin(campaigns, eq(campaigns.id, contributions.campaignId)).where(eq(campaigns.ownerId, userId));
  const recordings = tx
    .select({ original: contributionRecordings.originalKey, normalized: contributionRecordings.normalizedKey })
    .from(contributionRecordings)
    .where(inArray(contributionRecordings.contributionId, ofOwner))
    .all();
  const files = [
    ...tx.select({ key: contributionAttachments.storageKey }).from(contributionAttachments).where(inArray(contributionAttachments.contributionId, ofOwner)).all().map((r) => r.key),
    ...recordings.flatMap((r) => [r.original, r.normalized]),
    ...tx.select({ key: stories.pdfKey }).from(stories).where(eq(stories.ownerId, userId)).all().map((r) => r.key),
    ...tx.select({ key: podcasts.coverKey }).from(podcasts).where(eq(podcasts.ownerId, userId)).all().map((r) => r.key),
    ...tx.select({ key: books.fileKey }).from(books).where(eq(books.ownerId, userId)).all().map((r) => r.key),
    ...tx.select({ key: newsletters.coverImageKey }).from(newsletters).where(eq(newsletters.ownerId, userId)).all().map((r) => r.key),
    ...tx
      .select({ key: testimonialResponses.videoKey })
      .from(testimonialResponses)
      .where(and(sql`lower(${testimonialResponses.respondentEmail}) = ${normalizeEmail(email)}`, isNotNull(testimonialResponses.videoKey)))
      .all()
      .map((r) => r.key),
  ];
  const episodes = tx.select({ key: podcasts.audioKey }).from(podcasts).where(eq(podcasts.ownerId, userId)).all().map((r) => r.key);
  const present = (keys: (string | null)[]) => [...new Set(keys.filter((k): k is string => Boolean(k)))];
  return { files: present(files), episodes: present(episodes) };
}

/** A value anywhere in a job's payload, or a part of an e-mail's dedupe key ("kind:id:…"), names one of `ids`. */
function namesAny(value: unknown, ids: Set<string>): boolean {
  if (typeof value === "string") return ids.has(value) || value.split(":").some((part) => ids.has(part));
  if (Array.isArray(value)) return value.some((v) => namesAny(v, ids));
  if (value && typeof value === "object") return Object.values(value).some((v) => namesAny(v, ids));
  return false;
}

/**
 * Queued work and e-mail about the account: a reminder must not go out to a relative of a family that
 * left, nor a copy of their stories stay in the outbox. Read whole: these tables have no owner column.
 */
function forgetRowsNaming(tx: Tx, ids: Set<string>, email: string) {
  const jobIds: string[] = [];
  for (const job of tx.select({ id: jobs.id, payload: jobs.payload }).from(jobs).all()) if (namesAny(job.payload, ids)) jobIds.push(job.id);
  const mailIds: string[] = [];
  for (const mail of tx.select({ id: emailOutbox.id, to: emailOutbox.to, dedupeKey: emailOutbox.dedupeKey }).from(emailOutbox).all()) {
    if (normalizeEmail(/<([^>]+)>/.exec(mail.to)?.[1] ?? mail.to) === email || namesAny(mail.dedupeKey, ids)) mailIds.push(mail.id);
  }
  for (let i = 0; i < jobIds.length; i += 500) tx.delete(jobs).where(inArray(jobs.id, jobIds.slice(i, i + 500))).run();
  for (let i = 0; i < mailIds.length; i += 500) tx.delete(emailOutbox).where(inArray(emailOutbox.id, mailIds.slice(i, i + 500))).run();
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
