// A drawn cover is stored under a name made of what it shows, so a renamed podcast gets a new one and an unchanged one is drawn once.
import { createHash, randomUUID } from "node:crypto";
import { podcasts } from "#db/schema";
import { and, eq } from "drizzle-orm";

import { retagEpisodeFile } from "~/audio/mix.server";
import { drawCover, photoCover, type CoverText } from "~/features/podcasts/covers/cover-image.server";
import { db } from "~/lib/db.server";
import { imageVersion, removeImageVariants, serveImage } from "~/lib/images.server";
import { storageKeys } from "~/lib/storage/keys";
import { getStorage } from "~/lib/storage/storage.server";
import { getOwnedCampaign } from "~/models/campaign.server";
import { getUserById } from "~/models/user.server";

import { podcastMessages } from "../messages";
import type { Podcast } from "../podcasts.server";

// Bump when the drawing changes: covers drawn before are then redrawn.
const DRAWING_VERSION = 1;

type CoverSubject = Pick<Podcast, "title" | "ownerId" | "campaignId"> & { coverKey?: string | null };

export function coverTextOf(
  title: string,
  collectionTitle: string | null | undefined,
  familyName: string | null | undefined,
): CoverText {
  const family = familyName?.trim();
  return {
    title,
    kicker: collectionTitle ?? podcastMessages.cover.kicker,
    byline: family ? podcastMessages.cover.byline(family) : null,
  };
}

export async function coverTextFor(podcast: CoverSubject): Promise<CoverText> {
  const [owner, campaign] = await Promise.all([
    getUserById(podcast.ownerId),
    podcast.campaignId ? getOwnedCampaign(podcast.ownerId, podcast.campaignId) : undefined,
  ]);
  return coverTextOf(podcast.title, campaign?.title, owner?.lastName);
}

export const generatedCoverKey = (text: CoverText) =>
  storageKeys.generatedCover(
    createHash("sha256")
      .update(JSON.stringify([DRAWING_VERSION, text.title, text.kicker ?? "", text.byline ?? ""]))
      .digest("hex")
      .slice(0, 32),
  );

export const coverVersionOf = (
  podcast: { title: string; coverKey: string | null; campaignTitle: string | null },
  familyName: string | null | undefined,
) => imageVersion(podcast.coverKey ?? generatedCoverKey(coverTextOf(podcast.title, podcast.campaignTitle, familyName)));

export async function ensureCover(text: CoverText): Promise<string> {
  const key = generatedCoverKey(text);
  const storage = getStorage();
  if ((await storage.size(key)) === null) await storage.put(key, await drawCover(text));
  return key;
}

export const ensurePodcastCover = async (podcast: CoverSubject) =>
  podcast.coverKey ?? ensureCover(await coverTextFor(podcast));

export async function ensureCollectionCover(campaign: { title: string; ownerId: string }) {
  const owner = await getUserById(campaign.ownerId);
  return ensureCover(collectionCoverText(campaign.title, owner?.lastName));
}

export function collectionCoverText(title: string, familyName: string | null | undefined): CoverText {
  const family = familyName?.trim();
  return {
    title,
    kicker: podcastMessages.cover.collectionKicker,
    byline: family ? podcastMessages.cover.byline(family) : null,
  };
}

export const familyFeedCoverText = (familyName: string | null | undefined): CoverText => ({
  title: podcastMessages.cover.familyFeedTitle(familyName?.trim() || null),
  kicker: podcastMessages.cover.kicker,
});

export const serveCover = (request: Request, key: string, { shared = false }: { shared?: boolean } = {}) =>
  serveImage(request, key, {
    contentType: "image/jpeg",
    shared,
    cacheControl: shared ? "public, max-age=3600" : "private, no-cache",
  });

export const MAX_COVER_PHOTO_BYTES = 15 * 1024 * 1024;

export async function setCoverPhoto(ownerId: string, podcastId: string, bytes: Buffer) {
  const jpeg = await photoCover(bytes);
  const key = storageKeys.uploadedCover(podcastId, randomUUID());
  const storage = getStorage();
  await storage.put(key, jpeg);
  return replaceCoverKey(ownerId, podcastId, key);
}

export const removeCoverPhoto = (ownerId: string, podcastId: string) => replaceCoverKey(ownerId, podcastId, null);

async function replaceCoverKey(ownerId: string, podcastId: string, key: string | null) {
  const where = and(eq(podcasts.id, podcastId), eq(podcasts.ownerId, ownerId));
  const before = db.select({ coverKey: podcasts.coverKey }).from(podcasts).where(where).get();
  const changed = before ? db.update(podcasts).set({ coverKey: key }).where(where).run().changes > 0 : false;
  const storage = getStorage();
  // The old photo goes only once nothing points at it; a deleted podcast's new photo goes too.
  if (changed && before?.coverKey) {
    await storage.remove(before.coverKey);
    await removeImageVariants(storage, before.coverKey);
  }
  if (!changed && key) await storage.remove(key);
  if (changed) await retagEpisode(podcastId);
  return changed;
}

const retagging = new Map<string, Promise<void>>();

export const retagSettled = (podcastId: string): Promise<void> => retagging.get(podcastId) ?? Promise.resolve();

/** One re-tag at a time per podcast, so the last change is the one that stays; a failure fails nothing else. */
export function retagEpisode(podcastId: string, unless?: { coverKey?: string; title: string }): Promise<void> {
  const job = (retagging.get(podcastId) ?? Promise.resolve())
    .then(async () => {
      const podcast = db.select().from(podcasts).where(eq(podcasts.id, podcastId)).get();
      if (!podcast?.audioKey || podcast.status !== "complete") return;
      const coverKey = await ensurePodcastCover(podcast);
      if (unless && unless.coverKey === coverKey && unless.title === podcast.title) return;
      const size = await retagEpisodeFile(podcast.audioKey, { coverKey, title: podcast.title });
      if (size !== null)
        db.update(podcasts)
          .set({ fileSize: size })
          .where(and(eq(podcasts.id, podcastId), eq(podcasts.audioKey, podcast.audioKey)))
          .run();
    })
    .catch((error: unknown) =>
      console.error(
        `Podcast ${podcastId}: the MP3 keeps its old cover: ${error instanceof Error ? error.message : String(error)}`,
      ),
    )
    .finally(() => {
      if (retagging.get(podcastId) === job) retagging.delete(podcastId);
    });
  retagging.set(podcastId, job);
  return job;
}
