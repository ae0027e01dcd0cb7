import { campaigns, contributionAttachments, contributions, newsletters } from "#db/schema";
import { and, asc, eq, like, not, sql } from "drizzle-orm";

import { db, preparedPerConnection } from "~/lib/db.server";

const photoColumns = {
  id: contributionAttachments.id,
  storageKey: contributionAttachments.storageKey,
  fileName: contributionAttachments.fileName,
  contentType: contributionAttachments.contentType,
};

export type NewAttachment = {
  contributionId: string;
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
};

export function addAttachment(input: NewAttachment) {
  return db.insert(contributionAttachments).values(input).returning().get();
}

export function hasAttachments(contributionId: string) {
  return (
    db
      .select({ id: contributionAttachments.id })
      .from(contributionAttachments)
      .where(eq(contributionAttachments.contributionId, contributionId))
      .limit(1)
      .get() !== undefined
  );
}

/** A campaign's photos, oldest first. Callers check ownership first (requireOwnedCampaign). */
const campaignPhotos = preparedPerConnection((d) =>
  d
    .select({
      id: contributionAttachments.id,
      contributionId: contributionAttachments.contributionId,
      fileName: contributionAttachments.fileName,
      storageKey: contributionAttachments.storageKey,
    })
    .from(contributionAttachments)
    .innerJoin(contributions, eq(contributions.id, contributionAttachments.contributionId))
    .where(eq(contributions.campaignId, sql.placeholder("campaignId")))
    .orderBy(asc(contributionAttachments.createdAt), sql`"contribution_attachments"."rowid"`)
    .prepare(),
);

export function listCampaignPhotos(campaignId: string) {
  return campaignPhotos().all({ campaignId });
}

export function getOwnedPhoto(ownerId: string, campaignId: string, photoId: string) {
  return db
    .select(photoColumns)
    .from(contributionAttachments)
    .innerJoin(contributions, eq(contributions.id, contributionAttachments.contributionId))
    .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
    .where(and(eq(contributionAttachments.id, photoId), eq(campaigns.id, campaignId), eq(campaigns.ownerId, ownerId)))
    .get();
}

/** Also takes it off any newsletter cover; the caller deletes the returned key's file once committed. */
export function deleteOwnedPhoto(ownerId: string, campaignId: string, photoId: string) {
  return db.transaction(() => {
    const photo = getOwnedPhoto(ownerId, campaignId, photoId);
    if (!photo) return undefined;
    db.delete(contributionAttachments).where(eq(contributionAttachments.id, photo.id)).run();
    db.update(newsletters).set({ coverImageKey: null }).where(eq(newsletters.coverImageKey, photo.storageKey)).run();
    return photo.storageKey;
  });
}

export function photosStoredAsSent(prefix: string, limit: number) {
  return db
    .select({
      id: contributionAttachments.id,
      storageKey: contributionAttachments.storageKey,
      fileName: contributionAttachments.fileName,
      contentType: contributionAttachments.contentType,
    })
    .from(contributionAttachments)
    .where(not(like(contributionAttachments.storageKey, `${prefix}%`)))
    .orderBy(asc(contributionAttachments.createdAt))
    .limit(limit)
    .all();
}

export function getPhotoByStorageKey(storageKey: string) {
  return db
    .select(photoColumns)
    .from(contributionAttachments)
    .where(eq(contributionAttachments.storageKey, storageKey))
    .get();
}

export function getPhotoById(id: string) {
  return db.select(photoColumns).from(contributionAttachments).where(eq(contributionAttachments.id, id)).get();
}

/** False when the row no longer names `fromKey` (removed, or re-encoded meanwhile by another request). */
export function replacePhotoFile(
  id: string,
  fromKey: string,
  next: { storageKey: string; contentType: string; size: number; fileName: string },
) {
  return db.transaction(() => {
    const changed = db
      .update(contributionAttachments)
      .set(next)
      .where(and(eq(contributionAttachments.id, id), eq(contributionAttachments.storageKey, fromKey)))
      .run().changes;
    if (changed === 0) return false;
    db.update(newsletters).set({ coverImageKey: next.storageKey }).where(eq(newsletters.coverImageKey, fromKey)).run();
    return true;
  });
}

export function forgetUnreadablePhoto(id: string, storageKey: string) {
  return db.transaction(() => {
    const changed = db
      .delete(contributionAttachments)
      .where(and(eq(contributionAttachments.id, id), eq(contributionAttachments.storageKey, storageKey)))
      .run().changes;
    if (changed > 0)
      db.update(newsletters).set({ coverImageKey: null }).where(eq(newsletters.coverImageKey, storageKey)).run();
    return changed > 0;
  });
}
