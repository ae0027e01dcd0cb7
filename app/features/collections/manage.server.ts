// Manage Story Collections: the stat cards and one page of the ordered list, each in one statement
// whatever the number of collections or stories (story and invitation counts are the campaigns' own
// trigger-kept counters).
import { eq, inArray, sql } from "drizzle-orm";
import { campaigns } from "#db/schema";
import { db } from "~/lib/db.server";
import { MANAGE_PAGE_SIZE } from "~/features/collections/limits";
import { collectionListOrder } from "~/models/collection-order.server";

export type CollectionStats = { totalCollections: number; activeCampaigns: number; storiesCollected: number; familyMembers: number };

/**
 * Total Collections, Active Campaigns (status active), Stories Collected, Family Members (invited
 * e-mails, summed over collections): one pass over the owner's campaigns, whose trigger-kept counters
 * stand for their stories and invitations.
 */
export function getCollectionStats(ownerId: string): CollectionStats {
  return db.get<CollectionStats>(sql`
    select count(*) as totalCollections, coalesce(sum(${campaigns.status} = ${"active"}), 0) as activeCampaigns,
           coalesce(sum(${campaigns.storyCount}), 0) as storiesCollected, coalesce(sum(${campaigns.invitedCount}), 0) as familyMembers
    from ${campaigns} where ${campaigns.ownerId} = ${ownerId}
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
      invitedCount: campaigns.invitedCount,
      contributionCount: campaigns.storyCount,
    })
    .from(campaigns)
    .where(inArray(campaigns.id, pageIds))
    .orderBy(...collectionListOrder())
    .all();
}
export type CollectionRow = ReturnType<typeof listCollectionsPage>[number];
