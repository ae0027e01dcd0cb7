import {
  campaigns,
  contributionAttachments,
  contributionDocuments,
  contributions,
  newsletters,
  newsletterStories,
  podcastFeeds,
  podcasts,
  users,
} from "#db/schema";
import { and, asc, eq, inArray, sql } from "drizzle-orm";

import { playableRecordingsOf } from "~/features/contributions/recordings.server";
import { familyStory, withoutPrivateLinks } from "~/features/contributions/story-text";
import { episodeChapters, type EpisodeChapter } from "~/features/podcasts/listening/chapters.server";
import { db } from "~/lib/db.server";
import { latestFinishedBook } from "~/models/book.server";

import { entryName } from "./entry-names";
import { archivePaths } from "./paths";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  type ArchiveData,
  type ArchiveEpisode,
  type ArchiveNewsletter,
  type ArchiveStory,
} from "./schema";

export type ArchiveMedia = { key: string; path: string };
export type ArchiveText = { path: string; text: string };
export type ArchivePlan = {
  data: ArchiveData;
  media: ArchiveMedia[];
  texts: ArchiveText[];
};

const iso = (date: Date) => date.toISOString();

function withStories(
  chapters: EpisodeChapter[],
  told: (typeof podcasts.$inferSelect)["chapterStories"],
  inArchive: Set<string>,
): ArchiveEpisode["chapters"] {
  if (!told) return chapters;
  return chapters.map((chapter) => {
    const match = told.find((t) => t.title === chapter.title && Math.abs(t.start - chapter.start) < 0.001);
    return { ...chapter, storyIds: (match?.contributionIds ?? []).filter((id) => inArchive.has(id)) };
  });
}

// Null when the collection is not the owner's, so the caller answers 404 without telling whose it is.
export async function planArchive(ownerId: string, campaignId?: string, now = new Date()): Promise<ArchivePlan | null> {
  const owner = db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, ownerId))
    .get();
  if (!owner) return null;
  const collections = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.ownerId, ownerId), campaignId === undefined ? undefined : eq(campaigns.id, campaignId)))
    .orderBy(asc(campaigns.sortOrder), asc(campaigns.createdAt))
    .all();
  if (campaignId !== undefined && collections.length === 0) return null;
  const collectionIds = collections.map((c) => c.id);
  const media: ArchiveMedia[] = [];
  const texts: ArchiveText[] = [];

  const storyRows = collectionIds.length
    ? db
        .select()
        .from(contributions)
        .where(inArray(contributions.campaignId, collectionIds))
        .orderBy(asc(contributions.submittedAt), sql`"contributions"."rowid"`)
        .all()
        .sort((a, b) => collectionIds.indexOf(a.campaignId) - collectionIds.indexOf(b.campaignId))
    : [];
  const photoRows = storyRows.length
    ? db
        .select()
        .from(contributionAttachments)
        .where(
          inArray(
            contributionAttachments.contributionId,
            storyRows.map((s) => s.id),
          ),
        )
        .orderBy(asc(contributionAttachments.createdAt), sql`"contribution_attachments"."rowid"`)
        .all()
        .filter((photo) => photo.contentType.startsWith("image/"))
    : [];
  const documentRows = storyRows.length
    ? db
        .select()
        .from(contributionDocuments)
        .where(
          inArray(
            contributionDocuments.contributionId,
            storyRows.map((s) => s.id),
          ),
        )
        .orderBy(asc(contributionDocuments.createdAt), sql`"contribution_documents"."rowid"`)
        .all()
    : [];
  const recordings = new Map(collectionIds.flatMap((id) => [...playableRecordingsOf(id)]));

  const stories: ArchiveStory[] = storyRows.map((row, index) => {
    const rec = recordings.get(row.id);
    const story = familyStory(row, [], rec ?? null);
    const name = entryName(index, storyRows.length, [story.title, story.contributor.name]);
    const photos = photoRows
      .filter((photo) => photo.contributionId === row.id)
      .map((photo, n) => {
        const file = archivePaths.photo(name, n + 1, photo.storageKey);
        media.push({ key: photo.storageKey, path: file });
        return {
          id: photo.id,
          fileName: photo.fileName,
          contentType: photo.contentType,
          size: photo.size,
          file,
        };
      });
    const documents = documentRows
      .filter((d) => d.contributionId === row.id)
      .map((d, n) => {
        const file = archivePaths.document(name, n + 1, d.storageKey);
        media.push({ key: d.storageKey, path: file });
        return { id: d.id, fileName: d.fileName, contentType: d.contentType, size: d.size, file };
      });
    let recording: ArchiveStory["recording"] = null;
    if (rec?.normalizedKey) {
      const file = archivePaths.recording(name, rec.normalizedKey);
      media.push({ key: rec.normalizedKey, path: file });
      const original = rec.originalKey ? archivePaths.original(name, rec.originalKey) : null;
      if (rec.originalKey && original) media.push({ key: rec.originalKey, path: original });
      recording = {
        id: rec.id,
        durationSeconds: rec.durationSeconds,
        transcript: rec.transcript,
        file,
        original: original
          ? {
              fileName: rec.originalFileName,
              format: rec.originalFormat,
              file: original,
            }
          : null,
      };
    }
    return {
      id: row.id,
      collectionId: row.campaignId,
      contributorName: story.contributor.name,
      submissionMethod: row.submissionMethod,
      submittedAt: iso(row.submittedAt),
      title: story.title,
      titleByOwner: story.titled,
      text: story.text,
      page: archivePaths.story(name),
      photos,
      documents,
      recording,
    };
  });

  const episodeRows = db
    .select()
    .from(podcasts)
    .where(
      and(
        eq(podcasts.ownerId, ownerId),
        eq(podcasts.status, "complete"),
        campaignId === undefined ? undefined : eq(podcasts.campaignId, campaignId),
      ),
    )
    .orderBy(asc(podcasts.completedAt), asc(podcasts.createdAt))
    .all()
    .filter((row) => row.audioKey);
  const episodes: ArchiveEpisode[] = [];
  const storyIds = new Set(stories.map((s) => s.id));
  for (const [index, row] of episodeRows.entries()) {
    const name = entryName(index, episodeRows.length, [row.title]);
    const audio = archivePaths.episodeAudio(name);
    media.push({ key: row.audioKey!, path: audio });
    const transcript = row.transcript?.trim() || null;
    const transcriptFile = transcript ? archivePaths.transcript(name) : null;
    if (transcript && transcriptFile) texts.push({ path: transcriptFile, text: `${transcript}\n` });
    episodes.push({
      id: row.id,
      collectionId: row.campaignId,
      title: row.title,
      description: row.description,
      durationSeconds: row.duration,
      completedAt: row.completedAt ? iso(row.completedAt) : null,
      transcript,
      chapters: withStories(await episodeChapters(row.audioKey!), row.chapterStories, storyIds),
      page: archivePaths.episode(name),
      audio,
      transcriptFile,
    });
  }

  const newsletterRows = db
    .select()
    .from(newsletters)
    .where(
      and(
        eq(newsletters.ownerId, ownerId),
        campaignId === undefined ? undefined : eq(newsletters.campaignId, campaignId),
      ),
    )
    .orderBy(asc(newsletters.edition), asc(newsletters.createdAt))
    .all();
  const photoIds = new Set(photoRows.map((p) => p.id));
  const newsletterList: ArchiveNewsletter[] = newsletterRows.map((row, index) => {
    const name = entryName(index, newsletterRows.length, [row.title, `edition ${row.edition}`]);
    const items = db
      .select()
      .from(newsletterStories)
      .where(eq(newsletterStories.newsletterId, row.id))
      .orderBy(asc(newsletterStories.sortOrder))
      .all();
    const cover = row.coverImageKey ? archivePaths.newsletterCover(name, row.coverImageKey) : null;
    if (row.coverImageKey && cover) media.push({ key: row.coverImageKey, path: cover });
    return {
      id: row.id,
      collectionId: row.campaignId,
      episodeId: row.podcastId && episodes.some((e) => e.id === row.podcastId) ? row.podcastId : null,
      edition: row.edition,
      title: row.title,
      subtitle: row.subtitle,
      familyName: row.familyName,
      publishedAt: row.publishedAt ? iso(row.publishedAt) : null,
      page: archivePaths.newsletter(name),
      cover,
      stories: items.map((item) => ({
        storyId: item.contributionId && storyIds.has(item.contributionId) ? item.contributionId : null,
        category: item.category,
        title: item.title,
        author: item.author,
        text: withoutPrivateLinks(item.content),
        // Image URLs end in the photo's id; a photo removed since is left out, as on the live page.
        photoIds: item.images.map((src) => src.split("/").pop() ?? "").filter((id) => photoIds.has(id)),
      })),
    };
  });

  const feeds = db.select().from(podcastFeeds).where(eq(podcastFeeds.ownerId, ownerId)).all();

  const finished = latestFinishedBook(ownerId, campaignId ?? null);
  if (finished?.fileKey) media.push({ key: finished.fileKey, path: archivePaths.book });

  const data: ArchiveData = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_FORMAT_VERSION,
    exportedAt: iso(now),
    scope: campaignId === undefined ? "account" : "collection",
    owner: {
      name: [owner.firstName, owner.lastName].filter(Boolean).join(" ") || owner.email,
    },
    collections: collections.map((c, index) => ({
      id: c.id,
      title: c.title,
      description: c.description,
      prompt: c.prompt,
      status: c.status,
      createdAt: iso(c.createdAt),
      page: archivePaths.collection(entryName(index, collections.length, [c.title])),
      storyIds: stories.filter((s) => s.collectionId === c.id).map((s) => s.id),
      feeds: feeds
        .filter((f) => f.campaignId === c.id)
        .map((f) => ({
          revoked: f.revokedAt !== null,
          createdAt: iso(f.createdAt),
        })),
    })),
    stories,
    episodes,
    newsletters: newsletterList,
    book: finished?.fileKey
      ? { file: archivePaths.book, pageCount: finished.pageCount, trim: finished.trim, madeAt: iso(finished.updatedAt) }
      : null,
  };
  return { data, media, texts };
}
