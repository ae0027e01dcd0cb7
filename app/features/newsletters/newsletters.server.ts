import {
  campaigns,
  contributionAttachments,
  contributionRecordings,
  contributions,
  newsletters,
  newsletterStories,
  podcasts,
  users,
} from "#db/schema";
import { and, asc, count, desc, eq, inArray, isNotNull, like, max, sql } from "drizzle-orm";

import { isPlayable, playableRecordingOfStory, playableRecordingsOf } from "~/features/contributions/recordings.server";
import { familyStory } from "~/features/contributions/story-text";
import { detectCategory } from "~/features/newsletters/category";
import { countContributors, newsletterPaths, totalReadingMinutes } from "~/features/newsletters/content";
import { now } from "~/lib/clock.server";
import { db, preparedPerConnection, type DB } from "~/lib/db.server";
import { enqueueJob } from "~/lib/queue/queue.server";
import { formatDuration } from "~/lib/text-format";
import { publicId } from "~/lib/tokens.server";
import { deliveredCountSql } from "~/models/newsletter-delivery.server";
import { qualified } from "~/models/sql-columns.server";
import { getWorkflowSettings } from "~/models/workflow.server";

type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

export type Newsletter = typeof newsletters.$inferSelect;

export const DELIVER_NEWSLETTER_JOB = "deliver-newsletter";

function latestCompletePodcast(q: DB | Tx, campaignId: string) {
  return q
    .select({ id: podcasts.id })
    .from(podcasts)
    .where(and(eq(podcasts.campaignId, campaignId), eq(podcasts.status, "complete"), isNotNull(podcasts.audioKey)))
    .orderBy(desc(podcasts.completedAt), desc(podcasts.createdAt))
    .limit(1)
    .get();
}

function imagesByContribution(q: DB | Tx, campaignId: string) {
  const rows = q
    .select({
      id: contributionAttachments.id,
      contributionId: contributionAttachments.contributionId,
      createdAt: contributionAttachments.createdAt,
    })
    .from(contributionAttachments)
    .innerJoin(contributions, eq(contributions.id, contributionAttachments.contributionId))
    .where(and(eq(contributions.campaignId, campaignId), like(contributionAttachments.contentType, "image/%")))
    .orderBy(asc(contributionAttachments.createdAt), sql`"contribution_attachments"."rowid"`)
    .all();
  const map = new Map<string, typeof rows>();
  for (const row of rows) map.set(row.contributionId, [...(map.get(row.contributionId) ?? []), row]);
  return map;
}

export type CreateNewsletterResult =
  { ok: true; newsletter: Newsletter; deliverNow: boolean } | { ok: false; reason: "not-found" | "no-stories" };

/** The delivery is enqueued in the same transaction, so a created newsletter is always delivered. */
export function createNewsletter(ownerId: string, campaignId: string, at = now()): CreateNewsletterResult {
  return db.transaction(
    (tx): CreateNewsletterResult => {
      const campaign = tx
        .select({
          id: campaigns.id,
          title: campaigns.title,
          description: campaigns.description,
          lastName: users.lastName,
        })
        .from(campaigns)
        .innerJoin(users, eq(users.id, campaigns.ownerId))
        .where(and(eq(campaigns.id, campaignId), eq(campaigns.ownerId, ownerId)))
        .get();
      if (!campaign) return { ok: false, reason: "not-found" };

      const pid = publicId();
      const paths = newsletterPaths(pid);
      const images = imagesByContribution(tx, campaign.id);
      const recordings = playableRecordingsOf(campaign.id);
      const stories = tx
        .select()
        .from(contributions)
        .where(eq(contributions.campaignId, campaign.id))
        .orderBy(asc(contributions.submittedAt), sql`"contributions"."rowid"`)
        .all()
        .flatMap((c) => {
          const story = familyStory(c, images.get(c.id) ?? [], recordings.get(c.id) ?? null);
          // A story told by voice alone is its recording (and its transcript, if one was made), never placeholder text.
          const content = story.voiceOnly ? (story.transcript ?? "") : story.body;
          if (!content && !story.voiceOnly) return [];
          const name = story.contributor.name;
          return [
            {
              contributionId: c.id,
              title: story.title,
              content,
              category: detectCategory(`${story.title}\n${content}`),
              readingTime: story.length.kind === "read" ? story.length.minutes : 0,
              listenSeconds: story.length.kind === "listen" ? story.length.seconds : null,
              author: name,
              contributedBy: name,
              images: story.media.flatMap((item) => (item.kind === "photo" ? [paths.image(item.photo.id)] : [])),
            },
          ];
        });
      if (stories.length === 0) return { ok: false, reason: "no-stories" };

      const last = tx
        .select({ edition: max(newsletters.edition) })
        .from(newsletters)
        .where(eq(newsletters.campaignId, campaign.id))
        .get();
      const newsletter = tx
        .insert(newsletters)
        .values({
          ownerId,
          campaignId: campaign.id,
          publicId: pid,
          edition: (last?.edition ?? 0) + 1,
          title: campaign.title,
          subtitle: campaign.description?.trim() || null,
          familyName: campaign.lastName?.trim() || null,
          podcastId: latestCompletePodcast(tx, campaign.id)?.id ?? null,
          publishedAt: at,
        })
        .returning()
        .get();
      tx.insert(newsletterStories)
        .values(stories.map((story, i) => ({ ...story, newsletterId: newsletter.id, sortOrder: i + 1 })))
        .run();

      const deliverNow = getWorkflowSettings(ownerId).distribution.mode === "immediate";
      if (deliverNow)
        enqueueJob(
          DELIVER_NEWSLETTER_JOB,
          { newsletterId: newsletter.id },
          { dedupeKey: `newsletter-immediate:${newsletter.id}` },
        );
      return { ok: true, newsletter, deliverNow };
    },
    { behavior: "immediate" },
  );
}

export function listNewsletters(ownerId: string, campaignId: string) {
  return db
    .select({
      id: newsletters.id,
      publicId: newsletters.publicId,
      edition: newsletters.edition,
      title: newsletters.title,
      subtitle: newsletters.subtitle,
      familyName: newsletters.familyName,
      coverImageKey: newsletters.coverImageKey,
      publishedAt: newsletters.publishedAt,
      storyCount:
        sql<number>`(select count(*) from ${newsletterStories} where ${qualified(newsletterStories.newsletterId)} = ${qualified(newsletters.id)})`.mapWith(
          Number,
        ),
      deliveredCount: deliveredCountSql(newsletters.id),
    })
    .from(newsletters)
    .where(and(eq(newsletters.campaignId, campaignId), eq(newsletters.ownerId, ownerId)))
    .orderBy(desc(newsletters.edition))
    .all();
}

export function countCollectionStories(campaignId: string) {
  return db.select({ n: count() }).from(contributions).where(eq(contributions.campaignId, campaignId)).get()?.n ?? 0;
}

export function getOwnedNewsletter(ownerId: string, campaignId: string, newsletterId: string) {
  return db
    .select()
    .from(newsletters)
    .where(
      and(eq(newsletters.id, newsletterId), eq(newsletters.campaignId, campaignId), eq(newsletters.ownerId, ownerId)),
    )
    .get();
}

export function newsletterPhotos(newsletterId: string) {
  return db
    .select({
      id: contributionAttachments.id,
      fileName: contributionAttachments.fileName,
      storageKey: contributionAttachments.storageKey,
      storyTitle: newsletterStories.title,
    })
    .from(contributionAttachments)
    .innerJoin(newsletterStories, eq(newsletterStories.contributionId, contributionAttachments.contributionId))
    .where(and(eq(newsletterStories.newsletterId, newsletterId), like(contributionAttachments.contentType, "image/%")))
    .orderBy(asc(newsletterStories.sortOrder), asc(contributionAttachments.createdAt))
    .all();
}

export type NewsletterEdit = {
  title: string;
  subtitle: string | null;
  familyName: string | null;
  coverImageId?: string | null;
};

export function updateNewsletter(ownerId: string, campaignId: string, newsletterId: string, edit: NewsletterEdit) {
  const newsletter = getOwnedNewsletter(ownerId, campaignId, newsletterId);
  if (!newsletter) return undefined;
  let coverImageKey = newsletter.coverImageKey;
  if (edit.coverImageId !== undefined) {
    const cover = edit.coverImageId ? newsletterPhotos(newsletter.id).find((p) => p.id === edit.coverImageId) : null;
    if (cover === undefined) return undefined;
    coverImageKey = cover?.storageKey ?? null;
  }
  return db
    .update(newsletters)
    .set({ title: edit.title, subtitle: edit.subtitle, familyName: edit.familyName, coverImageKey })
    .where(eq(newsletters.id, newsletter.id))
    .returning()
    .get();
}

// Subqueries, not joins: SQLite answers a join of one-row lookups slower here (decision 0147).
const newsletterByPublicId = preparedPerConnection((d) =>
  d
    .select()
    .from(newsletters)
    .where(eq(newsletters.publicId, sql.placeholder("pid")))
    .prepare(),
);
const storiesOfNewsletter = preparedPerConnection((d) =>
  d
    .select({
      id: newsletterStories.id,
      contributionId: newsletterStories.contributionId,
      category: newsletterStories.category,
      title: newsletterStories.title,
      author: newsletterStories.author,
      contributedBy: newsletterStories.contributedBy,
      readingTime: newsletterStories.readingTime,
      listenSeconds: newsletterStories.listenSeconds,
      images: newsletterStories.images,
      content: newsletterStories.content,
    })
    .from(newsletterStories)
    .where(eq(newsletterStories.newsletterId, sql.placeholder("newsletterId")))
    .orderBy(asc(newsletterStories.sortOrder))
    .prepare(),
);
const storiesOfNewsletterSql = (d: DB) =>
  d
    .select({ id: newsletterStories.contributionId })
    .from(newsletterStories)
    .where(eq(newsletterStories.newsletterId, sql.placeholder("newsletterId")));
const photoIdsOfNewsletter = preparedPerConnection((d) =>
  d
    .select({ id: contributionAttachments.id })
    .from(contributionAttachments)
    .where(
      and(
        inArray(contributionAttachments.contributionId, storiesOfNewsletterSql(d)),
        like(contributionAttachments.contentType, "image/%"),
      ),
    )
    .prepare(),
);
const recordingsOfNewsletter = preparedPerConnection((d) =>
  d
    .select({
      contributionId: contributionRecordings.contributionId,
      status: contributionRecordings.status,
      removalRequestedAt: contributionRecordings.removalRequestedAt,
      normalizedKey: contributionRecordings.normalizedKey,
    })
    .from(contributionRecordings)
    .where(inArray(contributionRecordings.contributionId, storiesOfNewsletterSql(d)))
    .prepare(),
);
const podcastOfNewsletter = preparedPerConnection((d) =>
  d
    .select({
      id: podcasts.id,
      duration: podcasts.duration,
      transcript: podcasts.transcript,
      audioKey: podcasts.audioKey,
      status: podcasts.status,
      title: podcasts.title,
      script: podcasts.script,
    })
    .from(podcasts)
    .where(eq(podcasts.id, sql.placeholder("podcastId")))
    .prepare(),
);

export function getPublicNewsletter(pid: string) {
  const newsletter = newsletterByPublicId().get({ pid });
  if (!newsletter) return null;
  const paths = newsletterPaths(newsletter.publicId);
  const rows = storiesOfNewsletter().all({ newsletterId: newsletter.id });
  // A story keeps the photo list it was published with; a photo the owner removed since is left out.
  const photos = new Set(
    photoIdsOfNewsletter()
      .all({ newsletterId: newsletter.id })
      .map((photo) => paths.image(photo.id)),
  );
  const playable = new Set(
    recordingsOfNewsletter()
      .all({ newsletterId: newsletter.id })
      .filter(isPlayable)
      .map((r) => r.contributionId),
  );
  const stories = rows.map(({ contributionId, ...story }) => ({
    ...story,
    images: story.images.filter((src) => photos.has(src)),
    recordingUrl: contributionId && playable.has(contributionId) ? paths.recording(story.id) : null,
  }));
  const podcast = newsletter.podcastId ? podcastOfNewsletter().get({ podcastId: newsletter.podcastId }) : undefined;
  const complete = Boolean(podcast?.audioKey && podcast.status === "complete");
  return {
    publicId: newsletter.publicId,
    edition: newsletter.edition,
    title: newsletter.title,
    subtitle: newsletter.subtitle,
    familyName: newsletter.familyName,
    publishedAt: newsletter.publishedAt ?? newsletter.createdAt,
    totalContributors: countContributors(stories),
    totalReadingMinutes: totalReadingMinutes(stories),
    coverImage: newsletter.coverImageKey ? paths.cover : null,
    podcast: podcast
      ? {
          id: podcast.id,
          durationText: podcast.duration ? formatDuration(podcast.duration) : null,
          transcript: podcast.transcript?.trim() || null,
          audioUrl: complete ? paths.audio : null,
          coverUrl: complete ? paths.podcastCover : null,
          episode: complete
            ? { title: podcast.title, duration: podcast.duration, audioKey: podcast.audioKey!, script: podcast.script }
            : null,
        }
      : null,
    stories,
  };
}
export type NewsletterView = NonNullable<ReturnType<typeof getPublicNewsletter>>;

export function getNewsletterPodcast(pid: string) {
  return db
    .select({
      audioKey: podcasts.audioKey,
      title: podcasts.title,
      ownerId: podcasts.ownerId,
      campaignId: podcasts.campaignId,
      coverKey: podcasts.coverKey,
      duration: podcasts.duration,
      script: podcasts.script,
    })
    .from(newsletters)
    .innerJoin(podcasts, eq(podcasts.id, newsletters.podcastId))
    .where(and(eq(newsletters.publicId, pid), eq(podcasts.status, "complete")))
    .get();
}

export const getNewsletterAudioKey = (pid: string) => getNewsletterPodcast(pid)?.audioKey ?? null;

export function getNewsletterRecordingKey(pid: string, storyId: string) {
  const story = db
    .select({ contributionId: newsletterStories.contributionId })
    .from(newsletterStories)
    .innerJoin(newsletters, eq(newsletters.id, newsletterStories.newsletterId))
    .where(and(eq(newsletters.publicId, pid), eq(newsletterStories.id, storyId)))
    .get();
  return (story?.contributionId && playableRecordingOfStory(story.contributionId)?.normalizedKey) || null;
}

/** Only photos of this newsletter's own stories are served. */
export function getNewsletterImage(pid: string, attachmentId: string) {
  return db
    .select({
      id: contributionAttachments.id,
      storageKey: contributionAttachments.storageKey,
      fileName: contributionAttachments.fileName,
      contentType: contributionAttachments.contentType,
    })
    .from(contributionAttachments)
    .innerJoin(newsletterStories, eq(newsletterStories.contributionId, contributionAttachments.contributionId))
    .innerJoin(newsletters, eq(newsletters.id, newsletterStories.newsletterId))
    .where(
      and(
        eq(newsletters.publicId, pid),
        eq(contributionAttachments.id, attachmentId),
        like(contributionAttachments.contentType, "image/%"),
      ),
    )
    .get();
}

export function getNewsletterCoverKey(pid: string) {
  return (
    db.select({ key: newsletters.coverImageKey }).from(newsletters).where(eq(newsletters.publicId, pid)).get()?.key ??
    null
  );
}
