// Leaving cleanly (issue 32): an account's rows, read and deleted in one transaction. What the files
// become and the words of the admin's line are the account feature's (features/account/delete-account.server.ts).
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import {
  activities,
  apiKeys,
  books,
  campaigns,
  contributionAttachments,
  contributionDocuments,
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
import type { DB } from "~/lib/db.server";
import { normalizeEmail } from "./user.server";

type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

/** Stored files the account's rows named: plain files, and episodes (whose companions the podcasts feature knows). */
export type AccountFileKeys = { files: string[]; episodes: string[] };
/** What the admin's line says about the account that left. */
export type ErasedCounts = { collections: number; stories: number; podcasts: number; since: Date };

/**
 * In one transaction on `database`: every row of the account goes, the admin's activity gets one line
 * without their name (`line`, the account feature's words), and `then` runs with the files its rows
 * named (read before the rows go). Null when there is no such account.
 */
export function eraseAccountRows<T>(database: DB, userId: string, line: (counts: ErasedCounts) => string, then: (files: AccountFileKeys) => T): T | null {
  return database.transaction((tx) => {
    const files = eraseRows(tx, userId, line);
    return files && then(files);
  });
}

function eraseRows(tx: Tx, userId: string, line: (counts: ErasedCounts) => string): AccountFileKeys | null {
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

  tx.insert(activities).values({ type: "account_deleted", userId: null, details: line({ ...counts, since: user.createdAt }) }).run();
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
function accountFiles(tx: Tx, userId: string, email: string): AccountFileKeys {
  const ofOwner = tx.select({ id: contributions.id }).from(contributions).innerJoin(campaigns, eq(campaigns.id, contributions.campaignId)).where(eq(campaigns.ownerId, userId));
  const recordings = tx
    .select({ original: contributionRecordings.originalKey, normalized: contributionRecordings.normalizedKey })
    .from(contributionRecordings)
    .where(inArray(contributionRecordings.contributionId, ofOwner))
    .all();
  const files = [
    ...tx.select({ key: contributionAttachments.storageKey }).from(contributionAttachments).where(inArray(contributionAttachments.contributionId, ofOwner)).all().map((r) => r.key),
    ...tx.select({ key: contributionDocuments.storageKey }).from(contributionDocuments).where(inArray(contributionDocuments.contributionId, ofOwner)).all().map((r) => r.key),
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
