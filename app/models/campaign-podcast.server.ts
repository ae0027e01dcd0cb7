// The family podcast of one campaign: the podcast row made from its stories, and the narrator
// settings saved for making it ('Configure Family Podcast Voice').
import { and, desc, eq } from "drizzle-orm";
import { campaigns, podcasts } from "#db/schema";
import { db } from "~/utils/db.server";
import type { PodcastSettings } from "~/utils/story-schemas";

/** The campaign's newest podcast, or undefined. Callers check ownership of the campaign first. */
export function getCampaignPodcast(campaignId: string) {
  return db.query.podcasts.findFirst({
    where: eq(podcasts.campaignId, campaignId),
    orderBy: [desc(podcasts.createdAt)],
  });
}

/** Deletes the owner's podcasts of the campaign ('Delete & Regenerate'); returns how many went. */
export function deleteCampaignPodcasts(ownerId: string, campaignId: string) {
  return db
    .delete(podcasts)
    .where(and(eq(podcasts.campaignId, campaignId), eq(podcasts.ownerId, ownerId)))
    .returning({ id: podcasts.id, audioKey: podcasts.audioKey })
    .all();
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
