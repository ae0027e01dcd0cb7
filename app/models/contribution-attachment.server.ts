// Photos that came with an e-mail reply (contribution_attachments): stored, listed, served, removed.
import { and, asc, eq, sql } from "drizzle-orm";
import { campaigns, contributionAttachments, contributions, newsletters } from "#db/schema";
import { db, preparedPerConnection } from "~/lib/db.server";

export type NewAttachment = { contributionId: string; storageKey: string; fileName: string; contentType: string; size: number };

export function addAttachment(input: NewAttachment) {
  return db.insert(contributionAttachments).values(input).returning().get();
}

export function hasAttachments(contributionId: string) {
  return db.select({ id: contributionAttachments.id }).from(contributionAttachments).where(eq(contributionAttachments.contributionId, contributionId)).limit(1).get() !== undefined;
}

/** A campaign's photos, oldest first. Callers check ownership first (requireOwnedCampaign). */
const campaignPhotos = preparedPerConnection((d) =>
  d
    .select({ id: contributionAttachments.id, contributionId: contributionAttachments.contributionId, fileName: contributionAttachments.fileName })
    .from(contributionAttachments)
    .innerJoin(contributions, eq(contributions.id, contributionAttachments.contributionId))
    .where(eq(contributions.campaignId, sql.placeholder("campaignId")))
    .orderBy(asc(contributionAttachments.createdAt), sql`"contribution_attachments"."rowid"`)
    .prepare(),
);

export function listCampaignPhotos(campaignId: string) {
  return campaignPhotos().all({ campaignId });
}

/** A photo of one of the owner's stories in that campaign; undefined for anyone else's or a wrong campaign. */
export function getOwnedPhoto(ownerId: string, campaignId: string, photoId: string) {
  return db
    .select({ id: contributionAttachments.id, storageKey: contributionAttachments.storageKey, contentType: contributionAttachments.contentType })
    .from(contributionAttachments)
    .innerJoin(contributions, eq(contributions.id, contributionAttachments.contributionId))
    .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
    .where(and(eq(contributionAttachments.id, photoId), eq(campaigns.id, campaignId), eq(campaigns.ownerId, ownerId)))
    .get();
}

/**
 * Deletes the owner's photo and, in the same transaction, takes it off any newsletter cover (a
 * newsletter's story photos are read against this table, so they drop it too). Returns its storage
 * key, for the caller to delete the file once committed; undefined when it is not the owner's.
 */
export function deleteOwnedPhoto(ownerId: string, campaignId: string, photoId: string) {
  return db.transaction(() => {
    const photo = getOwnedPhoto(ownerId, campaignId, photoId);
    if (!photo) return undefined;
    db.delete(contributionAttachments).where(eq(contributionAttachments.id, photo.id)).run();
    db.update(newsletters).set({ coverImageKey: null }).where(eq(newsletters.coverImageKey, photo.storageKey)).run();
    return photo.storageKey;
  });
}
