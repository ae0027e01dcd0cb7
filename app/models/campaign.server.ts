import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { campaigns, contributions, invitations } from "#db/schema";
import { db } from "~/utils/db.server";

export type Campaign = typeof campaigns.$inferSelect;

/** The owner's campaign, or undefined — a foreign id looks exactly like a missing one. */
export function getOwnedCampaign(ownerId: string, campaignId: string) {
  return db.query.campaigns.findFirst({ where: and(eq(campaigns.id, campaignId), eq(campaigns.ownerId, ownerId)) });
}

/** Throws a 404 Response unless the campaign exists and belongs to the owner. */
export async function requireOwnedCampaign(ownerId: string, campaignId: string) {
  const campaign = await getOwnedCampaign(ownerId, campaignId);
  if (!campaign) throw new Response("Not Found", { status: 404 });
  return campaign;
}

const contributionCount = db
  .select({ campaignId: contributions.campaignId, n: count().as("contribution_n") })
  .from(contributions)
  .groupBy(contributions.campaignId)
  .as("cc");
const invitedCount = db
  .select({ campaignId: invitations.campaignId, n: count().as("invited_n") })
  .from(invitations)
  .groupBy(invitations.campaignId)
  .as("ic");

/**
 * The owner's campaigns in their list order (sortOrder, then newest first) with the invited and
 * contribution counts, in one statement whatever the number of campaigns.
 */
export function listCampaigns(ownerId: string) {
  return db
    .select({
      campaign: campaigns,
      contributionCount: sql<number>`coalesce(${contributionCount.n}, 0)`,
      invitedCount: sql<number>`coalesce(${invitedCount.n}, 0)`,
    })
    .from(campaigns)
    .leftJoin(contributionCount, eq(contributionCount.campaignId, campaigns.id))
    .leftJoin(invitedCount, eq(invitedCount.campaignId, campaigns.id))
    .where(eq(campaigns.ownerId, ownerId))
    .orderBy(asc(campaigns.sortOrder), desc(campaigns.createdAt))
    .all()
    .map(({ campaign, contributionCount, invitedCount }) => ({ ...campaign, contributionCount, invitedCount }));
}
export type CampaignWithCounts = ReturnType<typeof listCampaigns>[number];

/** The invited e-mail addresses of one campaign, in the order they were added. */
export function listInviteEmails(campaignId: string) {
  return db
    .select({ email: invitations.email })
    .from(invitations)
    .where(eq(invitations.campaignId, campaignId))
    .orderBy(asc(invitations.createdAt))
    .all()
    .map((r) => r.email);
}
