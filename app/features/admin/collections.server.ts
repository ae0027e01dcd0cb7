// Reordering renumbers the whole admin list 1..n, then each affected owner's delivery dates (decision 0108).
import { campaigns, contributions, invitations, users } from "#db/schema";
import { and, asc, count, desc, eq, gt, inArray, max, sql, type SQL } from "drizzle-orm";

import type { CollectionsListParams } from "~/features/admin/list-params";
import { ADMIN_COLLECTIONS_PAGE_SIZE } from "~/features/admin/schemas";
import { db, type DB } from "~/lib/db.server";
import { containsText } from "~/lib/sql-search.server";
import { createCampaign, type NewCampaign } from "~/models/campaign.server";
import { collectionListOrder } from "~/models/collection-order.server";
import { deliveryDateFor } from "~/models/delivery-dates";
import { qualified } from "~/models/sql-columns.server";
import { getDistributionSettings } from "~/models/workflow.server";

type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];
type Queryable = DB | Tx;

export type AdminCollectionStats = {
  totalCollections: number;
  activeCampaigns: number;
  totalStories: number;
  scheduled: number;
};

export function getAdminCollectionStats(now = new Date()): AdminCollectionStats {
  const c = db
    .select({
      total: count(),
      active: sql<number>`coalesce(sum(${campaigns.isActive} = 1), 0)`.mapWith(Number),
      scheduled: sql<number>`coalesce(sum(${campaigns.scheduledDate} > ${now.getTime()}), 0)`.mapWith(Number),
    })
    .from(campaigns)
    .get();
  const stories = db.select({ n: count() }).from(contributions).get();
  return {
    totalCollections: c?.total ?? 0,
    activeCampaigns: c?.active ?? 0,
    scheduled: c?.scheduled ?? 0,
    totalStories: stories?.n ?? 0,
  };
}

const adminColumns = {
  id: campaigns.id,
  title: campaigns.title,
  description: campaigns.description,
  prompt: campaigns.prompt,
  status: campaigns.status,
  isActive: campaigns.isActive,
  sortOrder: campaigns.sortOrder,
  scheduledDate: campaigns.scheduledDate,
  nextDeliveryDate: campaigns.nextDeliveryDate,
  createdAt: campaigns.createdAt,
  ownerId: campaigns.ownerId,
  ownerEmail: users.email,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  emailsSent:
    sql<number>`(select count(*) from ${invitations} where ${invitations.campaignId} = ${qualified(campaigns.id)} and ${invitations.status} in ('sent', 'answered', 'unsubscribed'))`.mapWith(
      Number,
    ),
  storiesReceived: campaigns.storyCount,
};

export type AdminCollectionsQuery = Partial<Pick<CollectionsListParams, "q" | "filters" | "sort">>;

function collectionsWhere({ q = "", filters }: AdminCollectionsQuery, now: Date) {
  const ownerName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
  const state = filters?.state ?? "all";
  return and(
    containsText(q, [campaigns.title, campaigns.description, users.email, ownerName]),
    state === "active"
      ? eq(campaigns.isActive, true)
      : state === "inactive"
        ? eq(campaigns.isActive, false)
        : undefined,
    state === "scheduled" ? gt(campaigns.scheduledDate, now) : undefined,
  );
}

function collectionsOrder(sort: CollectionsListParams["sort"] = "order"): SQL[] {
  const tail = collectionListOrder();
  if (sort === "newest") return [desc(campaigns.createdAt), asc(campaigns.id)];
  if (sort === "oldest") return [asc(campaigns.createdAt), asc(campaigns.id)];
  if (sort === "title") return [sql`lower(${campaigns.title})`, ...tail];
  if (sort === "stories") return [desc(campaigns.storyCount), ...tail];
  return tail;
}

export function listAdminCollections(
  offset = 0,
  limit = ADMIN_COLLECTIONS_PAGE_SIZE,
  query: AdminCollectionsQuery = {},
  now = new Date(),
) {
  const order = collectionsOrder(query.sort);
  const pageIds = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .where(collectionsWhere(query, now))
    .orderBy(...order)
    .limit(limit)
    .offset(Math.max(0, offset));
  return db
    .select(adminColumns)
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .where(inArray(campaigns.id, pageIds))
    .orderBy(...order)
    .all();
}

export function countAdminCollections(query: AdminCollectionsQuery = {}, now = new Date()) {
  return (
    db
      .select({ n: count() })
      .from(campaigns)
      .innerJoin(users, eq(users.id, campaigns.ownerId))
      .where(collectionsWhere(query, now))
      .get()?.n ?? 0
  );
}
export type AdminCollection = ReturnType<typeof listAdminCollections>[number];

export function getAdminCollection(id: string) {
  return db
    .select(adminColumns)
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.ownerId))
    .where(eq(campaigns.id, id))
    .get();
}

function nextGlobalSortOrder(q: Queryable) {
  return (
    (q
      .select({ n: max(campaigns.sortOrder) })
      .from(campaigns)
      .get()?.n ?? 0) + 1
  );
}

export function createAdminCollection(adminId: string, input: NewCampaign) {
  const created = createCampaign(adminId, input);
  const sortOrder = nextGlobalSortOrder(db);
  if (sortOrder > created.sortOrder) db.update(campaigns).set({ sortOrder }).where(eq(campaigns.id, created.id)).run();
  return { ...created, sortOrder: Math.max(sortOrder, created.sortOrder) };
}

export type CollectionChanges = {
  title?: string;
  description?: string | null;
  prompt?: string;
  scheduledDate?: Date | null;
  isActive?: boolean;
};

export function updateAdminCollection(id: string, changes: CollectionChanges, now = new Date()) {
  return db.transaction((tx) => {
    const current = tx.select().from(campaigns).where(eq(campaigns.id, id)).get();
    if (!current) return undefined;
    const set: Partial<typeof campaigns.$inferInsert> = { ...changes };
    if (changes.description !== undefined) set.description = changes.description || null;
    if (
      changes.scheduledDate !== undefined &&
      !current.sentDate &&
      ["scheduled", "active", "pending"].includes(current.status)
    ) {
      const ahead = changes.scheduledDate !== null && changes.scheduledDate.getTime() > now.getTime();
      set.status = ahead ? "scheduled" : current.status === "scheduled" ? "active" : current.status;
    }
    // Drizzle refuses an UPDATE without values.
    if (Object.values(set).every((value) => value === undefined)) return current;
    return tx.update(campaigns).set(set).where(eq(campaigns.id, id)).returning().get();
  });
}

export function setCollectionActive(id: string, isActive?: boolean) {
  return db
    .update(campaigns)
    .set({ isActive: isActive === undefined ? sql`not ${campaigns.isActive}` : isActive })
    .where(eq(campaigns.id, id))
    .returning()
    .get();
}

export function deleteAdminCollection(id: string) {
  return db.delete(campaigns).where(eq(campaigns.id, id)).returning({ id: campaigns.id, title: campaigns.title }).get();
}

type OrderRow = { id: string; ownerId: string; sortOrder: number };

function globalOrder(tx: Tx): OrderRow[] {
  return tx
    .select({ id: campaigns.id, ownerId: campaigns.ownerId, sortOrder: campaigns.sortOrder })
    .from(campaigns)
    .orderBy(...collectionListOrder())
    .all();
}

function refreshDeliveryDates(tx: Tx, ownerIds: Iterable<string>, today: Date) {
  for (const ownerId of new Set(ownerIds)) {
    const settings = getDistributionSettings(ownerId);
    const rows = tx
      .select({ id: campaigns.id, nextDeliveryDate: campaigns.nextDeliveryDate })
      .from(campaigns)
      .where(eq(campaigns.ownerId, ownerId))
      .orderBy(...collectionListOrder())
      .all();
    rows.forEach((row, index) => {
      const next = deliveryDateFor(settings, index, today)?.getTime() ?? null;
      if ((row.nextDeliveryDate?.getTime() ?? null) !== next) {
        tx.update(campaigns)
          .set({ nextDeliveryDate: next === null ? null : new Date(next) })
          .where(eq(campaigns.id, row.id))
          .run();
      }
    });
  }
}

function writeGlobalOrder(tx: Tx, rows: OrderRow[]) {
  const owners = new Set<string>();
  rows.forEach((row, index) => {
    if (row.sortOrder === index + 1) return;
    tx.update(campaigns)
      .set({ sortOrder: index + 1 })
      .where(eq(campaigns.id, row.id))
      .run();
    owners.add(row.ownerId);
  });
  return owners;
}

export type AdminMoveResult = { ok: true; index: number } | { ok: false; status: 404 };

export function moveAdminCollection(id: string, direction: "up" | "down", today = new Date()): AdminMoveResult {
  return db.transaction(
    (tx): AdminMoveResult => {
      const rows = globalOrder(tx);
      const index = rows.findIndex((r) => r.id === id);
      if (index === -1) return { ok: false, status: 404 };
      const target = direction === "up" ? index - 1 : index + 1;
      if (target < 0 || target >= rows.length) return { ok: true, index };
      [rows[index], rows[target]] = [rows[target]!, rows[index]!];
      refreshDeliveryDates(tx, writeGlobalOrder(tx, rows), today);
      return { ok: true, index: target };
    },
    { behavior: "immediate" },
  );
}

export type AdminReorderResult = { ok: true } | { ok: false; status: 400 | 404 };

export function reorderAdminPage(
  offset: number,
  pageSize: number,
  ids: string[],
  today = new Date(),
): AdminReorderResult {
  return db.transaction(
    (tx): AdminReorderResult => {
      const rows = globalOrder(tx);
      const byId = new Map(rows.map((r) => [r.id, r]));
      if (ids.some((id) => !byId.has(id))) return { ok: false, status: 404 };
      const start = Math.max(0, offset);
      const slice = rows.slice(start, start + pageSize);
      const sliceIds = new Set(slice.map((r) => r.id));
      if (new Set(ids).size !== ids.length || ids.length !== slice.length || ids.some((id) => !sliceIds.has(id)))
        return { ok: false, status: 400 };
      const next = [...rows.slice(0, start), ...ids.map((id) => byId.get(id)!), ...rows.slice(start + slice.length)];
      refreshDeliveryDates(tx, writeGlobalOrder(tx, next), today);
      return { ok: true };
    },
    { behavior: "immediate" },
  );
}

export type SortOrderResult =
  | { ok: true; collections: Array<{ id: string; sortOrder: number; nextDeliveryDate: Date | null }> }
  | { ok: false; status: 400 | 404 };

export function setCollectionSortOrders(
  entries: Array<{ id: string; sortOrder: number }>,
  today = new Date(),
): SortOrderResult {
  const ids = entries.map((e) => e.id);
  if (new Set(ids).size !== ids.length) return { ok: false, status: 400 };
  return db.transaction(
    (tx): SortOrderResult => {
      const found = tx
        .select({ id: campaigns.id, ownerId: campaigns.ownerId })
        .from(campaigns)
        .where(inArray(campaigns.id, ids))
        .all();
      if (found.length !== ids.length) return { ok: false, status: 404 };
      for (const { id, sortOrder } of entries)
        tx.update(campaigns).set({ sortOrder }).where(eq(campaigns.id, id)).run();
      refreshDeliveryDates(
        tx,
        found.map((f) => f.ownerId),
        today,
      );
      const collections = tx
        .select({ id: campaigns.id, sortOrder: campaigns.sortOrder, nextDeliveryDate: campaigns.nextDeliveryDate })
        .from(campaigns)
        .where(inArray(campaigns.id, ids))
        .orderBy(...collectionListOrder())
        .all();
      return { ok: true, collections };
    },
    { behavior: "immediate" },
  );
}

export function adminCollectionJson(row: AdminCollection) {
  const { ownerId, ownerEmail, ownerFirstName, ownerLastName, ...rest } = row;
  return {
    ...rest,
    owner: {
      id: ownerId,
      email: ownerEmail,
      name: [ownerFirstName, ownerLastName].filter(Boolean).join(" ") || ownerEmail,
    },
  };
}
