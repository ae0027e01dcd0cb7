import { campaigns, contributionDocuments, contributions } from "#db/schema";
import { and, asc, eq, sql } from "drizzle-orm";

import { db, preparedPerConnection } from "~/lib/db.server";

export type NewDocument = {
  contributionId: string;
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
};

export function addDocument(input: NewDocument) {
  return db.insert(contributionDocuments).values(input).returning().get();
}

export function hasDocuments(contributionId: string) {
  return (
    db
      .select({ id: contributionDocuments.id })
      .from(contributionDocuments)
      .where(eq(contributionDocuments.contributionId, contributionId))
      .limit(1)
      .get() !== undefined
  );
}

/** A campaign's documents, oldest first. Callers check ownership first (requireOwnedCampaign). */
const campaignDocuments = preparedPerConnection((d) =>
  d
    .select({
      id: contributionDocuments.id,
      contributionId: contributionDocuments.contributionId,
      fileName: contributionDocuments.fileName,
      storageKey: contributionDocuments.storageKey,
      size: contributionDocuments.size,
    })
    .from(contributionDocuments)
    .innerJoin(contributions, eq(contributions.id, contributionDocuments.contributionId))
    .where(eq(contributions.campaignId, sql.placeholder("campaignId")))
    .orderBy(asc(contributionDocuments.createdAt), sql`"contribution_documents"."rowid"`)
    .prepare(),
);

export function listCampaignDocuments(campaignId: string) {
  return campaignDocuments().all({ campaignId });
}

export function documentNamesOf(contributionId: string) {
  return db
    .select({ fileName: contributionDocuments.fileName })
    .from(contributionDocuments)
    .where(eq(contributionDocuments.contributionId, contributionId))
    .orderBy(asc(contributionDocuments.createdAt), sql`rowid`)
    .all()
    .map((d) => d.fileName);
}

export function getOwnedDocument(ownerId: string, campaignId: string, documentId: string) {
  return db
    .select({
      id: contributionDocuments.id,
      storageKey: contributionDocuments.storageKey,
      fileName: contributionDocuments.fileName,
    })
    .from(contributionDocuments)
    .innerJoin(contributions, eq(contributions.id, contributionDocuments.contributionId))
    .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
    .where(and(eq(contributionDocuments.id, documentId), eq(campaigns.id, campaignId), eq(campaigns.ownerId, ownerId)))
    .get();
}
