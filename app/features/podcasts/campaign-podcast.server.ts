// The family podcast of one campaign: the podcast row made from its stories, and the narrator
// settings saved for making it ('Configure Family Podcast Voice').
import { and, desc, eq } from "drizzle-orm";
import { campaigns, podcasts } from "#db/schema";
import { db } from "~/lib/db.server";
import { deleteOwnedPodcast } from "./podcasts.server";
import type { PodcastSettings } from "~/features/contributions/schemas";

/** The campaign's newest podcast, or undefined. Callers check ownership of the campaign first. */
export function getCampaignPodcast(campaignId: string) {
  return db.query.podcasts.findFirst({
    where: eq(podcasts.campaignId, campaignId),
    orderBy: [desc(podcasts.createdAt)],
  });
}

/**
 * 'Delete & Regenerate': deletes the owner's podcasts of the campaign one by one through
 * deleteOwnedPodcast, so each audio file goes too and a campaign left 'generating_podcast' gets its
 * status back. Returns the podcasts that went.
 */
export async function deleteCampaignPodcasts(ownerId: string, campaignId: string) {
  const owned = db
    .select({ id: podcasts.id })
    .from(podcasts)
    .where(and(eq(podcasts.campaignId, campaignId), eq(podcasts.ownerId, ownerId)))
    .all();
  const gone = [];
  for (const { id } of owned) {
    const podcast = await deleteOwnedPodcast(ownerId, id);
    if (podcast) gone.push({ id: podcast.id, audioKey: podcast.audioKey });
  }
  return gone;
}

/** Saves the narrator settings on the owner's campaign; false when the campaign is not theirs. */
export function saveNarratorSettings(ownerId: string, campaignId: string, settings: PodcastSettings) {
  const saved = db
    .update(campaigns)
    .set({ podcastSettings: settings })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.ownerId, ownerId)))
    .returning({ id: campaigns.id })
    .get();
  return Boolean(saved);
}
