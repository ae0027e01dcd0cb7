// One statement each whatever the data size: counts come from the campaigns' trigger-kept counters.
import { campaigns } from "#db/schema";
import { eq, inArray, sql } from "drizzle-orm";

import { MANAGE_PAGE_SIZE } from "~/features/collections/limits";
import { db, preparedPerConnection } from "~/lib/db.server";
import { collectionListOrder } from "~/models/collection-order.server";

export type CollectionStats = {
  totalCollections: number;
  activeCampaigns: number;
  storiesCollected: number;
  familyMembers: number;
};

export function getCollectionStats(ownerId: string): CollectionStats {
  return db.get<CollectionStats>(sql`
    select count(*) as totalCollections, coalesce(sum(${campaigns.status} = ${"active"}), 0) as activeCampaigns,
           coalesce(sum(${campaigns.storyCount}), 0) as storiesCollected, coalesce(sum(${campaigns.invitedCount}), 0) as familyMembers
    from ${campaigns} where ${campaigns.ownerId} = ${ownerId}
  `);
}

const collectionsPage = preparedPerConnection((d) => {
  const pageIds = d
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.ownerId, sql.placeholder("ownerId")))
    .orderBy(...collectionListOrder())
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));
  return d
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
    .prepare();
});

/** The page's ids are chosen first (through campaigns_owner_order_idx), so only its rows are read. */
export function listCollectionsPage(ownerId: string, offset: number, limit = MANAGE_PAGE_SIZE) {
  return collectionsPage().all({ ownerId, offset: Math.max(0, offset), limit });
}
export type CollectionRow = ReturnType<typeof listCollectionsPage>[number];
