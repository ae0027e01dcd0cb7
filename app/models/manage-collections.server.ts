// Manage Story Collections: the stat cards and one page of the ordered list, each in one statement
// whatever the number of collections (counts are correlated sub-queries on covering indexes, so a
// page reads only its own rows' counts).
import { eq, inArray, sql } from "drizzle-orm";
import { campaigns, contributions, invitations } from "#db/schema";
import { db } from "~/utils/db.server";
import { MANAGE_PAGE_SIZE } from "~/utils/dashboard-limits";
import { collectionListOrder } from "./collection-order.server";
import { qualified } from "./sql-columns.server";

export type CollectionStats = { totalCollections: number; activeCampaigns: number; storiesCollected: number; familyMembers: number };

/** Total Collections, Active Campaigns (status active), Stories Collected, Family Members (invited e-mails, summed over collections). */
export function getCollectionStats(ownerId: string): CollectionStats {
  return db.get<CollectionStats>(sql`
    select c.total as totalCollections, c.active as activeCampaigns, s.total as storiesCollected, i.total as familyMembers
    from (
      select count(*) as total, coalesce(sum(${campaigns.status} = ${"active"}), 0) as active
      from ${campaigns} where ${campaigns.ownerId} = ${ownerId}
    ) as c,
    (
      select count(*) as total from ${campaigns} join ${contributions} on ${contributions.campaignId} = ${campaigns.id}
      where ${campaigns.ownerId} = ${ownerId}
    ) as s,
    (
      select count(*) as total from ${campaigns} join ${invitations} on ${invitations.campaignId} = ${campaigns.id}
      where ${campaigns.ownerId} = ${ownerId}
    ) as i
  `);
}

/**
 * Rows `offset`..`offset+limit-1` of the owner's list, with invited and story counts. The page's ids
 * are chosen first, so the count sub-queries run for the page's rows only (not for every row the
 * sort has to look at).
 */
export function listCollectionsPage(ownerId: string, offset: number, limit = MANAGE_PAGE_SIZE) {
  const pageIds = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.ownerId, ownerId))
    .orderBy(...collectionListOrder())
    .limit(limit)
    .offset(Math.max(0, offset));
  return db
    .select({
      id: campaigns.id,
      title: campaigns.title,
      description: campaigns.description,
      status: campaigns.status,
      createdAt: campaigns.createdAt,
      sentDate: campaigns.sentDate,
      scheduledDate: campaigns.scheduledDate,
      nextDeliveryDate: campaigns.nextDeliveryDate,
      invitedCount: sql<number>`(select count(*) from ${invitations} where ${invitations.campaignId} = ${qualified(campaigns.id)})`.mapWith(Number),
      contributionCount: sql<number>`(select count(*) from ${contributions} where ${contributions.campaignId} = ${qualified(campaigns.id)})`.mapWith(Number),
    })
    .from(campaigns)
    .where(inArray(campaigns.id, pageIds))
    .orderBy(...collectionListOrder())
    .all();
}
export type CollectionRow = ReturnType<typeof listCollectionsPage>[number];
