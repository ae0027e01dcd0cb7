import {
  campaigns,
  contributionAttachments,
  contributionDocuments,
  contributionRecordings,
  contributions,
  invitations,
  newsletterStories,
} from "#db/schema";
import { and, eq, isNull, sql } from "drizzle-orm";

import { db, preparedPerConnection, type DB } from "~/lib/db.server";

export type Recording = typeof contributionRecordings.$inferSelect;
export type NewRecording = typeof contributionRecordings.$inferInsert;

/** Inserts once per story: a second delivery of the same reply finds the first (undefined here). */
export function insertRecording(values: NewRecording) {
  return db
    .insert(contributionRecordings)
    .values(values)
    .onConflictDoNothing({ target: contributionRecordings.contributionId })
    .returning()
    .get();
}

export const getRecording = (id: string) =>
  db.select().from(contributionRecordings).where(eq(contributionRecordings.id, id)).get();

export const recordingOfContribution = (contributionId: string) =>
  db.select().from(contributionRecordings).where(eq(contributionRecordings.contributionId, contributionId)).get();

export function markRecordingReady(id: string, normalizedKey: string, durationSeconds: number) {
  return (
    db
      .update(contributionRecordings)
      .set({ status: "ready", normalizedKey, durationSeconds, reason: null })
      .where(eq(contributionRecordings.id, id))
      .run().changes > 0
  );
}

export function markRecordingRefused(id: string, reason: string) {
  db.update(contributionRecordings).set({ status: "refused", reason }).where(eq(contributionRecordings.id, id)).run();
}

export function markRemovalRequested(id: string, at: Date) {
  const row = getRecording(id);
  if (row && !row.removalRequestedAt)
    db.update(contributionRecordings).set({ removalRequestedAt: at }).where(eq(contributionRecordings.id, id)).run();
  return row;
}

/** Marks again the removal requests `database` lacks (a restored backup, or the live one after a restore). */
export function markRemovalsRequested(database: DB, removals: { id: string; requestedAt: Date }[]) {
  return database.transaction((tx) =>
    removals.reduce(
      (marked, r) =>
        marked +
        tx
          .update(contributionRecordings)
          .set({ removalRequestedAt: r.requestedAt })
          .where(and(eq(contributionRecordings.id, r.id), isNull(contributionRecordings.removalRequestedAt)))
          .run().changes,
      0,
    ),
  );
}

/** The copies published newsletters made of its text go too. Returns the stored files its rows named, to remove after. */
export function deleteStoryRows(contributionId: string, database: DB = db): string[] | null {
  return database.transaction((tx) => {
    const story = tx
      .select({ id: contributions.id })
      .from(contributions)
      .where(eq(contributions.id, contributionId))
      .get();
    if (!story) return null;
    const photos = tx
      .select({ key: contributionAttachments.storageKey })
      .from(contributionAttachments)
      .where(eq(contributionAttachments.contributionId, contributionId))
      .all();
    const documents = tx
      .select({ key: contributionDocuments.storageKey })
      .from(contributionDocuments)
      .where(eq(contributionDocuments.contributionId, contributionId))
      .all();
    const recordings = tx
      .select({ original: contributionRecordings.originalKey, normalized: contributionRecordings.normalizedKey })
      .from(contributionRecordings)
      .where(eq(contributionRecordings.contributionId, contributionId))
      .all();
    tx.delete(newsletterStories).where(eq(newsletterStories.contributionId, contributionId)).run();
    tx.delete(contributions).where(eq(contributions.id, contributionId)).run();
    return [
      ...photos.map((p) => p.key),
      ...documents.map((d) => d.key),
      ...recordings.flatMap((r) => [r.original, r.normalized]),
    ].filter((key): key is string => Boolean(key));
  });
}

export function clipWithCollection(recordingId: string, database: DB = db) {
  return database
    .select({
      recordingId: contributionRecordings.id,
      removalRequestedAt: contributionRecordings.removalRequestedAt,
      contributionId: contributions.id,
      contributorName: contributions.contributorName,
      submittedAt: contributions.submittedAt,
      campaignId: campaigns.id,
      campaignTitle: campaigns.title,
      ownerId: campaigns.ownerId,
    })
    .from(contributionRecordings)
    .innerJoin(contributions, eq(contributions.id, contributionRecordings.contributionId))
    .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
    .where(eq(contributionRecordings.id, recordingId))
    .get();
}

export type ClipWithCollection = NonNullable<ReturnType<typeof clipWithCollection>>;
export type RemovedClip = ClipWithCollection & { story: boolean };

/** A campaign's recordings by story. Callers check ownership first (requireOwnedCampaign). */
const campaignRecordings = preparedPerConnection((d) =>
  d
    .select({ recording: contributionRecordings })
    .from(contributionRecordings)
    .innerJoin(contributions, eq(contributions.id, contributionRecordings.contributionId))
    .where(eq(contributions.campaignId, sql.placeholder("campaignId")))
    .prepare(),
);

export function listCampaignRecordings(campaignId: string) {
  return campaignRecordings()
    .all({ campaignId })
    .map((row) => row.recording);
}

export function getOwnedRecording(ownerId: string, campaignId: string, recordingId: string) {
  return db
    .select({ recording: contributionRecordings })
    .from(contributionRecordings)
    .innerJoin(contributions, eq(contributions.id, contributionRecordings.contributionId))
    .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
    .where(
      and(eq(contributionRecordings.id, recordingId), eq(campaigns.id, campaignId), eq(campaigns.ownerId, ownerId)),
    )
    .get()?.recording;
}

export function deleteRecordingRow(id: string) {
  db.delete(contributionRecordings).where(eq(contributionRecordings.id, id)).run();
}

export function campaignTitleOfContribution(contributionId: string) {
  return db
    .select({ title: campaigns.title })
    .from(contributions)
    .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
    .where(eq(contributions.id, contributionId))
    .get()?.title;
}

export function saveRecordingTranscript(id: string, transcript: string) {
  db.update(contributionRecordings).set({ transcript }).where(eq(contributionRecordings.id, id)).run();
}

export function recordingWithStoryText(id: string) {
  return db
    .select({ recording: contributionRecordings, storyContent: contributions.storyContent })
    .from(contributionRecordings)
    .innerJoin(contributions, eq(contributions.id, contributionRecordings.contributionId))
    .where(eq(contributionRecordings.id, id))
    .get();
}

export function storySender(contributionId: string) {
  return db
    .select({
      contributorName: contributions.contributorName,
      contributorEmail: contributions.contributorEmail,
      sentFrom: contributions.sentFrom,
      storyContent: contributions.storyContent,
      submissionMethod: contributions.submissionMethod,
      campaign: { id: campaigns.id, title: campaigns.title, publicId: campaigns.publicId, ownerId: campaigns.ownerId },
      invitationEmail: invitations.email,
      invitationToken: invitations.token,
    })
    .from(contributions)
    .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
    .leftJoin(invitations, eq(invitations.id, contributions.invitationId))
    .where(eq(contributions.id, contributionId))
    .get();
}
