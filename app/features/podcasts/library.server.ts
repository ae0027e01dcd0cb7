import { and, desc, eq, sql } from "drizzle-orm";
import { campaigns, newsletters, podcasts } from "#db/schema";
import type { ScriptSegment } from "~/features/podcasts/script";
import { transcriptFromScript } from "~/features/podcasts/transcript";
import { db } from "~/lib/db.server";

const LIBRARY_MAX = 1000;

const owned = (ownerId: string, podcastId: string) => and(eq(podcasts.id, podcastId), eq(podcasts.ownerId, ownerId));

export function listLibrary(ownerId: string) {
  return db
    .select({
      id: podcasts.id,
      title: podcasts.title,
      description: podcasts.description,
      status: podcasts.status,
      duration: podcasts.duration,
      listens: podcasts.listens,
      hostCount: podcasts.hostCount,
      createdAt: podcasts.createdAt,
      campaignId: podcasts.campaignId,
      campaignTitle: campaigns.title,
      hasScript: sql<number>`${podcasts.script} is not null`.mapWith(Boolean),
    })
    .from(podcasts)
    .leftJoin(campaigns, eq(campaigns.id, podcasts.campaignId))
    .where(eq(podcasts.ownerId, ownerId))
    .orderBy(desc(podcasts.createdAt), desc(podcasts.id))
    .limit(LIBRARY_MAX)
    .all();
}
export type LibraryPodcast = ReturnType<typeof listLibrary>[number];

export function updatePodcastDetails(ownerId: string, podcastId: string, details: { title: string; description?: string | undefined }) {
  return db
    .update(podcasts)
    .set({ title: details.title, description: details.description?.trim() ? details.description : null })
    .where(owned(ownerId, podcastId))
    .returning({ id: podcasts.id, title: podcasts.title })
    .get();
}

export function setPodcastCollection(ownerId: string, podcastId: string, campaignId: string | null) {
  return db.transaction((tx) => {
    const campaign = campaignId
      ? tx.select({ id: campaigns.id, title: campaigns.title }).from(campaigns).where(and(eq(campaigns.id, campaignId), eq(campaigns.ownerId, ownerId))).get()
      : null;
    if (campaignId && !campaign) return { error: "campaign" as const };
    const podcast = tx.update(podcasts).set({ campaignId: campaign?.id ?? null }).where(owned(ownerId, podcastId)).returning({ id: podcasts.id }).get();
    if (!podcast) return { error: "podcast" as const };
    return { podcast, campaign };
  });
}

export function rebuildTranscript(ownerId: string, podcastId: string) {
  const podcast = db.select({ id: podcasts.id, script: podcasts.script }).from(podcasts).where(owned(ownerId, podcastId)).get();
  if (!podcast) return "missing" as const;
  const transcript = transcriptFromScript(podcast.script as ScriptSegment[] | null);
  if (!transcript) return "no-script" as const;
  db.update(podcasts).set({ transcript }).where(eq(podcasts.id, podcast.id)).run();
  return transcript;
}

/** The caller decides that this visit has not counted yet. */
export function recordListen(podcastId: string) {
  return (
    db
      .update(podcasts)
      .set({ listens: sql`${podcasts.listens} + 1` })
      .where(and(eq(podcasts.id, podcastId), eq(podcasts.status, "complete")))
      .run().changes > 0
  );
}

export function newsletterPublicIdFor(ownerId: string, podcastId: string) {
  const row = db
    .select({ publicId: newsletters.publicId })
    .from(newsletters)
    .where(and(eq(newsletters.podcastId, podcastId), eq(newsletters.ownerId, ownerId)))
    .orderBy(desc(newsletters.createdAt))
    .get();
  return row?.publicId ?? null;
}
