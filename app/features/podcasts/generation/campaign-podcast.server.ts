import { campaigns, podcasts } from "#db/schema";
import { and, desc, eq, sql } from "drizzle-orm";

import type { PodcastSettings } from "~/features/contributions/schemas";
import { db, preparedPerConnection } from "~/lib/db.server";

import { deleteOwnedPodcast } from "../podcasts.server";

const newestOfCampaign = preparedPerConnection((d) =>
  d
    .select()
    .from(podcasts)
    .where(eq(podcasts.campaignId, sql.placeholder("campaignId")))
    .orderBy(desc(podcasts.createdAt))
    .limit(1)
    .prepare(),
);

export function getCampaignPodcast(campaignId: string) {
  return newestOfCampaign().get({ campaignId });
}

// The id alone: a whole row carries the script and transcript, which a page view does not need.
const newestIdOfCampaign = preparedPerConnection((d) =>
  d
    .select({ id: podcasts.id })
    .from(podcasts)
    .where(eq(podcasts.campaignId, sql.placeholder("campaignId")))
    .orderBy(desc(podcasts.createdAt))
    .limit(1)
    .prepare(),
);

export function newestCampaignPodcastId(campaignId: string): string | undefined {
  return newestIdOfCampaign().get({ campaignId })?.id;
}

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

export function saveNarratorSettings(ownerId: string, campaignId: string, settings: PodcastSettings) {
  const saved = db
    .update(campaigns)
    .set({ podcastSettings: settings })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.ownerId, ownerId)))
    .returning({ id: campaigns.id })
    .get();
  return Boolean(saved);
}
