import type { ForwardedMessage, RefusedAttachment } from "#db/enums";
import {
  activities,
  campaigns,
  contributionAttachments,
  contributionRecordings,
  contributions,
  invitations,
  users,
} from "#db/schema";
import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";

import { db, preparedPerConnection } from "~/lib/db.server";
import { displayAddress } from "~/lib/display-address";
import { countWords } from "~/lib/word-count";

export type Contribution = typeof contributions.$inferSelect;

export const storyTextColumns = {
  storyContent: contributions.storyContent,
  originalStoryContent: contributions.originalStoryContent,
  submissionMethod: contributions.submissionMethod,
  replyReading: contributions.replyReading,
  title: contributions.title,
  forwarded: contributions.forwarded,
};

/** Callers check ownership first (requireOwnedCampaign). */
const campaignStories = preparedPerConnection((d) =>
  d
    .select()
    .from(contributions)
    .where(eq(contributions.campaignId, sql.placeholder("campaignId")))
    .orderBy(desc(contributions.submittedAt), desc(sql`rowid`))
    .prepare(),
);

export function listContributions(campaignId: string) {
  return campaignStories().all({ campaignId });
}

const campaignStoriesPage = preparedPerConnection((d) =>
  d
    .select()
    .from(contributions)
    .where(eq(contributions.campaignId, sql.placeholder("campaignId")))
    .orderBy(desc(contributions.submittedAt), desc(sql`rowid`))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(),
);

export function listContributionsPage(campaignId: string, { limit, offset }: { limit: number; offset: number }) {
  return campaignStoriesPage().all({ campaignId, limit, offset });
}

export type NewContribution = {
  id?: string;
  campaignId: string;
  contributorName?: string | null;
  contributorEmail?: string | null;
  storyContent: string;
  submissionMethod: "web" | "email";
  invitationId?: string | null;
  messageId?: string | null;
  sentFrom?: string | null;
  forwarded?: ForwardedMessage[] | null;
  refusedAttachments?: RefusedAttachment[] | null;
  submittedAt?: Date;
};

/** With it, in one transaction, the invitation becomes 'answered' and a 'story_submitted' activity is recorded.
 * The same messageId again for the same invitation returns the story already stored (decision 0191). */
export function createContribution(input: NewContribution): Contribution {
  return db.transaction((tx) => {
    const campaign = tx
      .select({ ownerId: campaigns.ownerId, title: campaigns.title })
      .from(campaigns)
      .where(eq(campaigns.id, input.campaignId))
      .get();
    if (!campaign) throw new Error(`Campaign ${input.campaignId} does not exist`);

    // Only an invitation of this campaign can be answered by a story of this campaign.
    const invitation = input.invitationId
      ? tx
          .select({ id: invitations.id })
          .from(invitations)
          .where(and(eq(invitations.id, input.invitationId), eq(invitations.campaignId, input.campaignId)))
          .get()
      : undefined;

    if (!invitation && input.messageId) {
      const same = tx
        .select()
        .from(contributions)
        .where(
          and(
            isNull(contributions.invitationId),
            eq(contributions.messageId, input.messageId),
            eq(contributions.campaignId, input.campaignId),
          ),
        )
        .get();
      if (same) return same;
    }

    const inserted = tx
      .insert(contributions)
      .values({
        ...(input.id ? { id: input.id } : {}),
        campaignId: input.campaignId,
        invitationId: invitation?.id ?? null,
        contributorName: input.contributorName || null,
        contributorEmail: input.contributorEmail || null,
        storyContent: input.storyContent,
        submissionMethod: input.submissionMethod,
        wordCount: countWords(input.storyContent),
        messageId: input.messageId ?? null,
        sentFrom: input.sentFrom ?? null,
        forwarded: input.forwarded?.length ? input.forwarded : null,
        refusedAttachments: input.refusedAttachments?.length ? input.refusedAttachments : null,
        ...(input.submittedAt ? { submittedAt: input.submittedAt } : {}),
      })
      .onConflictDoNothing({ target: [contributions.invitationId, contributions.messageId] })
      .returning()
      .get();
    if (!inserted) {
      return tx
        .select()
        .from(contributions)
        .where(
          and(
            eq(contributions.invitationId, invitation!.id),
            eq(contributions.messageId, input.messageId!),
            eq(contributions.campaignId, input.campaignId),
          ),
        )
        .get()!;
    }

    // Answered, whichever way the story came; an unsubscribe still holds (no newsletter, no thanks).
    if (invitation) {
      tx.update(invitations)
        .set({
          status: sql`case when ${invitations.status} = 'unsubscribed' then 'unsubscribed' else 'answered' end`,
          respondedAt: sql`coalesce(${invitations.respondedAt}, ${Date.now()})`,
        })
        .where(eq(invitations.id, invitation.id))
        .run();
    }
    const who =
      inserted.contributorName ??
      (inserted.contributorEmail ? displayAddress(inserted.contributorEmail) : null) ??
      "Anonymous Contributor";
    tx.insert(activities)
      .values({
        type: "story_submitted",
        userId: campaign.ownerId,
        details: `${who} shared a story for "${campaign.title}"`,
      })
      .run();
    return inserted;
  });
}

/** A foreign or missing id gives undefined, so callers answer 404 for both alike. */
export function renameContributor(
  ownerId: string,
  contributionId: string,
  contributorName: string | null,
  campaignId?: string,
) {
  const owned = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.ownerId, ownerId), campaignId ? eq(campaigns.id, campaignId) : undefined));
  return db
    .update(contributions)
    .set({ contributorName })
    .where(and(eq(contributions.id, contributionId), inArray(contributions.campaignId, owned)))
    .returning()
    .get();
}

/** The text as it arrived is kept the first time, never overwritten by a later edit (decision 0136). */
export function editStoryText(ownerId: string, campaignId: string, contributionId: string, storyContent: string) {
  const owned = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.ownerId, ownerId), eq(campaigns.id, campaignId)));
  return db
    .update(contributions)
    .set({
      storyContent,
      wordCount: countWords(storyContent),
      originalStoryContent: sql`coalesce(${contributions.originalStoryContent}, ${contributions.storyContent})`,
    })
    .where(and(eq(contributions.id, contributionId), inArray(contributions.campaignId, owned)))
    .returning()
    .get();
}

export function setStoryTitle(ownerId: string, campaignId: string, contributionId: string, title: string | null) {
  const owned = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.ownerId, ownerId), eq(campaigns.id, campaignId)));
  return db
    .update(contributions)
    .set({ title })
    .where(and(eq(contributions.id, contributionId), inArray(contributions.campaignId, owned)))
    .returning({ id: contributions.id })
    .get();
}

export function setReplyReading(
  ownerId: string,
  campaignId: string,
  contributionId: string,
  replyReading: "whole" | "cut",
) {
  const owned = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.ownerId, ownerId), eq(campaigns.id, campaignId)));
  return db
    .update(contributions)
    .set({ replyReading })
    .where(
      and(
        eq(contributions.id, contributionId),
        eq(contributions.submissionMethod, "email"),
        inArray(contributions.campaignId, owned),
      ),
    )
    .returning({ id: contributions.id })
    .get();
}

export function getPublicCampaign(publicId: string) {
  return db.query.campaigns.findFirst({
    where: and(eq(campaigns.publicId, publicId), eq(campaigns.isActive, true), ne(campaigns.status, "closed")),
  });
}

export function findInvitationByToken(campaignId: string, token: string) {
  if (!token) return undefined;
  return db.query.invitations.findFirst({
    where: and(eq(invitations.campaignId, campaignId), eq(invitations.token, token)),
  });
}

/** Synchronous, so it can be read inside the transaction that keeps the story's recording. */
export function storyToThank(contributionId: string) {
  const row = db
    .select({
      story: {
        id: contributions.id,
        contributorName: contributions.contributorName,
        contributorEmail: contributions.contributorEmail,
        sentFrom: contributions.sentFrom,
        messageId: contributions.messageId,
        submittedAt: contributions.submittedAt,
        ...storyTextColumns,
      },
      campaign: { id: campaigns.id, title: campaigns.title, publicId: campaigns.publicId, ownerId: campaigns.ownerId },
      owner: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      invitation: { id: invitations.id, email: invitations.email, name: invitations.name, token: invitations.token },
    })
    .from(contributions)
    .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .leftJoin(invitations, eq(invitations.id, contributions.invitationId))
    .where(eq(contributions.id, contributionId))
    .get();
  if (!row) return undefined;
  const photos = db
    .select({ fileName: contributionAttachments.fileName })
    .from(contributionAttachments)
    .where(eq(contributionAttachments.contributionId, contributionId))
    .orderBy(contributionAttachments.createdAt, sql`rowid`)
    .all()
    .map((photo) => photo.fileName);
  const recording = db
    .select({
      id: contributionRecordings.id,
      status: contributionRecordings.status,
      fileName: contributionRecordings.originalFileName,
    })
    .from(contributionRecordings)
    .where(eq(contributionRecordings.contributionId, contributionId))
    .get();
  return { ...row, photos, recording };
}
