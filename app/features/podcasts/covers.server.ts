// Every podcast has a cover: drawn from its title, family and collection, and kept in storage under
// a name made of what it shows, so a renamed podcast gets a new cover and an unchanged one is drawn once.
import { createHash } from "node:crypto";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { podcasts } from "#db/schema";
import { retagEpisodeFile } from "~/audio/mix.server";
import { drawCover, photoCover, type CoverText } from "~/lib/cover-image.server";
import { db } from "~/lib/db.server";
import { imageVersion, removeImageVariants, serveImage } from "~/lib/images.server";
import { getStorage } from "~/lib/storage/storage.server";
import { getOwnedCampaign } from "~/models/campaign.server";
import { getUserById } from "~/models/user.server";
import type { Podcast } from "./podcasts.server";
import { podcastMessages } from "./messages";
import { storageKeys } from "~/lib/storage/keys";

// Bump when the drawing changes: covers drawn before are then redrawn.
const DRAWING_VERSION = 1;

type CoverSubject = Pick<Podcast, "title" | "ownerId" | "campaignId"> & { coverKey?: string | null };

/** What a drawn cover shows: the title, the collection (else the kicker) and the family's name. */
export function coverTextOf(title: string, collectionTitle: string | null | undefined, familyName: string | null | undefined): CoverText {
  const family = familyName?.trim();
  return { title, kicker: collectionTitle ?? podcastMessages.cover.kicker, byline: family ? podcastMessages.cover.byline(family) : null };
}

export async function coverTextFor(podcast: CoverSubject): Promise<CoverText> {
  const [owner, campaign] = await Promise.all([
    getUserById(podcast.ownerId),
    podcast.campaignId ? getOwnedCampaign(podcast.ownerId, podcast.campaignId) : undefined,
  ]);
  return coverTextOf(podcast.title, campaign?.title, owner?.lastName);
}

export const generatedCoverKey = (text: CoverText) =>
  storageKeys.generatedCover(createHash("sha256").update(JSON.stringify([DRAWING_VERSION, text.title, text.kicker ?? "", text.byline ?? ""])).digest("hex").slice(0, 32));

/**
 * The version (images.server's imageVersion) of the cover a list shows, without drawing it: the key of
 * the family's photo, else the key the drawn cover has or will have.
 */
export const coverVersionOf = (podcast: { title: string; coverKey: string | null; campaignTitle: string | null }, familyName: string | null | undefined) =>
  imageVersion(podcast.coverKey ?? generatedCoverKey(coverTextOf(podcast.title, podcast.campaignTitle, familyName)));

/** The storage key of a cover showing `text`, drawn now when it is not stored yet. */
export async function ensureCover(text: CoverText): Promise<string> {
  const key = generatedCoverKey(text);
  const storage = getStorage();
  if ((await storage.size(key)) === null) await storage.put(key, await drawCover(text));
  return key;
}

/** The family's own photo when they gave one, else the drawn cover. */
export const ensurePodcastCover = async (podcast: CoverSubject) => podcast.coverKey ?? ensureCover(await coverTextFor(podcast));

/** A collection's cover, for its public answer page's link preview. */
export async function ensureCollectionCover(campaign: { title: string; ownerId: string }) {
  const owner = await getUserById(campaign.ownerId);
  return ensureCover(collectionCoverText(campaign.title, owner?.lastName));
}

/** What a collection's drawn cover shows. */
export function collectionCoverText(title: string, familyName: string | null | undefined): CoverText {
  const family = familyName?.trim();
  return { title, kicker: podcastMessages.cover.collectionKicker, byline: family ? podcastMessages.cover.byline(family) : null };
}

/** What the family feed's drawn cover shows. */
export const familyFeedCoverText = (familyName: string | null | undefined): CoverText => ({ title: podcastMessages.cover.familyFeedTitle(familyName?.trim() || null), kicker: podcastMessages.cover.kicker });

/**
 * Answers with a cover (images.server's serveImage: `?w=` sizes, `?v=` immutable). Without a version
 * the ETag names the stored file, so a new photo or a renamed podcast shows at once while an unchanged
 * cover costs a 304; `shared` covers (link previews) may sit in any cache for an hour.
 */
export const serveCover = (request: Request, key: string, { shared = false }: { shared?: boolean } = {}) =>
  serveImage(request, key, { contentType: "image/jpeg", shared, cacheControl: shared ? "public, max-age=3600" : "private, no-cache" });

/** A phone's photo is a few MB; HEIC and PNG screenshots can be larger. */
export const MAX_COVER_PHOTO_BYTES = 15 * 1024 * 1024;

/**
 * Makes the family's photo the podcast's cover (cropped, resized, stored as JPEG); the photo it
 * replaces is removed. Throws CoverPhotoError for what is not an image.
 */
export async function setCoverPhoto(ownerId: string, podcastId: string, bytes: Buffer) {
  const jpeg = await photoCover(bytes);
  const key = storageKeys.uploadedCover(podcastId, randomUUID());
  const storage = getStorage();
  await storage.put(key, jpeg);
  return replaceCoverKey(ownerId, podcastId, key);
}

/** Back to the drawn cover. */
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

/** The re-tag under way for this podcast, if any: for tests and for callers that need the file as it will be. */
export const retagSettled = (podcastId: string): Promise<void> => retagging.get(podcastId) ?? Promise.resolve();

/**
 * The finished episode's MP3 carries the cover and title too (a downloaded file, a podcast app): a new
 * photo, a rename or another collection (the drawn cover shows both) re-tags it. `unless`: what the
 * file was made with, when it may already be right (a render just finished). One at a time per podcast,
 * so the last change is the one that stays; a failure leaves the old tags and fails nothing else.
 * A rename or a new collection answers without waiting for it (seconds on a busy server).
 */
export function retagEpisode(podcastId: string, unless?: { coverKey?: string; title: string }): Promise<void> {
  const job = (retagging.get(podcastId) ?? Promise.resolve())
    .then(async () => {
      const podcast = db.select().from(podcasts).where(eq(podcasts.id, podcastId)).get();
      if (!podcast?.audioKey || podcast.status !== "complete") return;
      const coverKey = await ensurePodcastCover(podcast);
      if (unless && unless.coverKey === coverKey && unless.title === podcast.title) return;
      const size = await retagEpisodeFile(podcast.audioKey, { coverKey, title: podcast.title });
      if (size !== null) db.update(podcasts).set({ fileSize: size }).where(and(eq(podcasts.id, podcastId), eq(podcasts.audioKey, podcast.audioKey))).run();
    })
    .catch((error: unknown) => console.error(`Podcast ${podcastId}: the MP3 keeps its old cover: ${error instanceof Error ? error.message : String(error)}`))
    .finally(() => {
      if (retagging.get(podcastId) === job) retagging.delete(podcastId);
    });
  retagging.set(podcastId, job);
  return job;
}
