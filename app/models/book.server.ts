import {
  bookLinks,
  books,
  campaigns,
  contributionAttachments,
  contributionRecordings,
  contributions,
  podcasts,
} from "#db/schema";
import { and, asc, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { randomToken } from "~/lib/tokens.server";

import { storyTextColumns } from "./contribution.server";

export type Book = typeof books.$inferSelect;
export type BookTrim = Book["trim"];

export function createBook(input: {
  ownerId: string;
  campaignId: string;
  trim: BookTrim;
  bleed: boolean;
  storyCount: number;
  campaignIds?: string[] | null;
  coverPhotoKey?: string | null;
  dedication?: string | null;
  foreword?: string | null;
}) {
  return db.insert(books).values(input).returning().get();
}

export const getBook = (id: string) => db.select().from(books).where(eq(books.id, id)).get();

export const getOwnedBook = (ownerId: string, campaignId: string, bookId: string) =>
  db
    .select()
    .from(books)
    .where(and(eq(books.id, bookId), eq(books.ownerId, ownerId), eq(books.campaignId, campaignId)))
    .get();

export const getOwnedAccountBook = (ownerId: string, bookId: string) =>
  db
    .select()
    .from(books)
    .where(and(eq(books.id, bookId), eq(books.ownerId, ownerId), isNotNull(books.campaignIds)))
    .get();

export const latestBook = (ownerId: string, campaignId: string | null) =>
  db
    .select()
    .from(books)
    .where(
      and(
        eq(books.ownerId, ownerId),
        campaignId ? and(eq(books.campaignId, campaignId), isNull(books.campaignIds)) : isNotNull(books.campaignIds),
      ),
    )
    .orderBy(desc(books.createdAt))
    .limit(1)
    .get();

export const latestFinishedBook = (ownerId: string, campaignId: string | null) =>
  db
    .select()
    .from(books)
    .where(
      and(
        eq(books.ownerId, ownerId),
        eq(books.status, "done"),
        isNotNull(books.fileKey),
        campaignId ? and(eq(books.campaignId, campaignId), isNull(books.campaignIds)) : undefined,
      ),
    )
    .orderBy(desc(books.createdAt))
    .limit(1)
    .get();

export function updateBook(
  id: string,
  values: Partial<
    Pick<Book, "status" | "storiesDone" | "storyCount" | "pageCount" | "fileKey" | "lowResPhotos" | "failure">
  >,
) {
  db.update(books)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(books.id, id))
    .run();
}

export const listBookStories = (campaignId: string) =>
  db
    .select({
      id: contributions.id,
      contributorName: contributions.contributorName,
      ...storyTextColumns,
      submittedAt: contributions.submittedAt,
      recordingKey: contributionRecordings.normalizedKey,
      recordingSeconds: contributionRecordings.durationSeconds,
      transcript: contributionRecordings.transcript,
    })
    .from(contributions)
    .leftJoin(
      contributionRecordings,
      and(
        eq(contributionRecordings.contributionId, contributions.id),
        eq(contributionRecordings.status, "ready"),
        isNull(contributionRecordings.removalRequestedAt),
      ),
    )
    .where(eq(contributions.campaignId, campaignId))
    .orderBy(asc(contributions.submittedAt), asc(contributions.id))
    .all();

export type StoryChapter = { audioKey: string; episodeTitle: string; chapterTitle: string; start: number };

/** The newest episode's chapter wins; episodes made before chapters named their stories have none (decision 0170). */
export function storyChapters(campaignId: string) {
  const episodes = db
    .select({ audioKey: podcasts.audioKey, title: podcasts.title, chapterStories: podcasts.chapterStories })
    .from(podcasts)
    .where(
      and(
        eq(podcasts.campaignId, campaignId),
        eq(podcasts.status, "complete"),
        isNotNull(podcasts.audioKey),
        isNotNull(podcasts.chapterStories),
      ),
    )
    .orderBy(desc(podcasts.completedAt))
    .all();
  const found = new Map<string, StoryChapter>();
  for (const episode of episodes) {
    for (const chapter of episode.chapterStories ?? []) {
      for (const id of chapter.contributionIds) {
        if (!found.has(id))
          found.set(id, {
            audioKey: episode.audioKey!,
            episodeTitle: episode.title,
            chapterTitle: chapter.title,
            start: chapter.start,
          });
      }
    }
  }
  return found;
}

export const listCollectionPhotos = (campaignIds: string[]) =>
  db
    .select({
      id: contributionAttachments.id,
      storageKey: contributionAttachments.storageKey,
      contentType: contributionAttachments.contentType,
      contributorName: contributions.contributorName,
      campaignId: contributions.campaignId,
    })
    .from(contributionAttachments)
    .innerJoin(contributions, eq(contributions.id, contributionAttachments.contributionId))
    .where(inArray(contributions.campaignId, campaignIds))
    .orderBy(asc(contributions.submittedAt), asc(contributionAttachments.createdAt))
    .all();

export const listStoryPhotos = (contributionId: string) =>
  db
    .select({ storageKey: contributionAttachments.storageKey })
    .from(contributionAttachments)
    .where(eq(contributionAttachments.contributionId, contributionId))
    .orderBy(asc(contributionAttachments.createdAt))
    .all();

/** Made on first use; one that was turned off is turned on again with a new token. */
export function ensureBookLink(contributionId: string) {
  const existing = db.select().from(bookLinks).where(eq(bookLinks.contributionId, contributionId)).get();
  if (existing && !existing.revokedAt) return existing.token;
  const token = randomToken(12);
  if (existing) db.update(bookLinks).set({ token, revokedAt: null }).where(eq(bookLinks.id, existing.id)).run();
  else db.insert(bookLinks).values({ contributionId, token }).run();
  return token;
}

export function storyOfBookLink(token: string) {
  return (
    db
      .select({
        contributionId: contributions.id,
        campaignId: contributions.campaignId,
        contributorName: contributions.contributorName,
        ...storyTextColumns,
        submittedAt: contributions.submittedAt,
        campaignTitle: campaigns.title,
        recordingKey: contributionRecordings.normalizedKey,
        recordingSeconds: contributionRecordings.durationSeconds,
        transcript: contributionRecordings.transcript,
      })
      .from(bookLinks)
      .innerJoin(contributions, eq(contributions.id, bookLinks.contributionId))
      .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
      .leftJoin(
        contributionRecordings,
        and(
          eq(contributionRecordings.contributionId, contributions.id),
          eq(contributionRecordings.status, "ready"),
          isNull(contributionRecordings.removalRequestedAt),
        ),
      )
      .where(and(eq(bookLinks.token, token), isNull(bookLinks.revokedAt)))
      .get() ?? null
  );
}

export function countLiveBookLinks(campaignId: string) {
  return db
    .select({ id: bookLinks.id })
    .from(bookLinks)
    .innerJoin(contributions, eq(contributions.id, bookLinks.contributionId))
    .where(and(eq(contributions.campaignId, campaignId), isNull(bookLinks.revokedAt)))
    .all().length;
}

export function revokeBookLinks(campaignId: string, at: Date) {
  const ids = db
    .select({ id: bookLinks.id })
    .from(bookLinks)
    .innerJoin(contributions, eq(contributions.id, bookLinks.contributionId))
    .where(and(eq(contributions.campaignId, campaignId), isNull(bookLinks.revokedAt)))
    .all()
    .map((r) => r.id);
  for (const id of ids) db.update(bookLinks).set({ revokedAt: at }).where(eq(bookLinks.id, id)).run();
  return ids.length;
}
