// The order of an owner's story collections, and each position's delivery date (spec part 1, §4).
import { campaigns } from "#db/schema";
import { and, asc, desc, eq, sql } from "drizzle-orm";

import { db, type DB } from "~/lib/db.server";
import { deliveryDateFor, type DistributionSettings } from "~/models/delivery-dates";

type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];
type Queryable = DB | Tx;

/** The id last, so equal timestamps still give one stable order everywhere a position matters. */
export const collectionListOrder = () => [asc(campaigns.sortOrder), desc(campaigns.createdAt), asc(campaigns.id)];

type OrderRow = { id: string; sortOrder: number; nextDeliveryDate: Date | null };

function orderedRows(q: Queryable, ownerId: string): OrderRow[] {
  return q
    .select({ id: campaigns.id, sortOrder: campaigns.sortOrder, nextDeliveryDate: campaigns.nextDeliveryDate })
    .from(campaigns)
    .where(eq(campaigns.ownerId, ownerId))
    .orderBy(...collectionListOrder())
    .all();
}

export function orderedCollectionIds(ownerId: string): string[] {
  return orderedRows(db, ownerId).map((r) => r.id);
}

export type PositionedCollection = { id: string; sortOrder: number; nextDeliveryDate: Date | null };

function writeOrder(
  tx: Tx,
  ownerId: string,
  rows: OrderRow[],
  settings: DistributionSettings,
  today: Date,
): PositionedCollection[] {
  let update: { run: (values: Record<string, unknown>) => unknown } | undefined;
  return rows.map((row, index) => {
    const sortOrder = index + 1;
    const nextDeliveryDate = deliveryDateFor(settings, index, today);
    const nextMs = nextDeliveryDate?.getTime() ?? null;
    if (row.sortOrder !== sortOrder || (row.nextDeliveryDate?.getTime() ?? null) !== nextMs) {
      update ??= tx
        .update(campaigns)
        .set({ sortOrder: sql`${sql.placeholder("sortOrder")}`, nextDeliveryDate: sql`${sql.placeholder("next")}` })
        .where(and(eq(campaigns.id, sql.placeholder("id")), eq(campaigns.ownerId, ownerId)))
        .prepare();
      update.run({ id: row.id, sortOrder, next: nextMs });
    }
    return { id: row.id, sortOrder, nextDeliveryDate };
  });
}

export type ReorderResult =
  | { ok: true; collections: PositionedCollection[] }
  | { ok: false; status: 400 | 404; reason: "not-found" | "not-exact" };

const notFound = { ok: false, status: 404, reason: "not-found" } as const;
const notExact = { ok: false, status: 400, reason: "not-exact" } as const;

function reorderSlice(
  ownerId: string,
  start: number,
  count: number | null,
  ids: string[],
  settings: DistributionSettings,
  today: Date,
): ReorderResult {
  return db.transaction(
    (tx): ReorderResult => {
      const rows = orderedRows(tx, ownerId);
      const byId = new Map(rows.map((r) => [r.id, r]));
      // A foreign or unknown id looks exactly like a missing one.
      if (ids.some((id) => !byId.has(id))) return notFound;
      const slice = rows.slice(start, count === null ? undefined : start + count);
      const sliceIds = new Set(slice.map((r) => r.id));
      if (new Set(ids).size !== ids.length || ids.length !== slice.length || ids.some((id) => !sliceIds.has(id)))
        return notExact;
      const next = [...rows.slice(0, start), ...ids.map((id) => byId.get(id)!), ...rows.slice(start + slice.length)];
      return { ok: true, collections: writeOrder(tx, ownerId, next, settings, today) };
    },
    { behavior: "immediate" },
  );
}

export function reorderCollections(ownerId: string, ids: string[], settings: DistributionSettings, today = new Date()) {
  return reorderSlice(ownerId, 0, null, ids, settings, today);
}

export function reorderPage(
  ownerId: string,
  offset: number,
  pageSize: number,
  ids: string[],
  settings: DistributionSettings,
  today = new Date(),
) {
  return reorderSlice(ownerId, Math.max(0, offset), pageSize, ids, settings, today);
}

export type MoveResult = { ok: true; index: number } | { ok: false; status: 404 };

export function moveCollection(
  ownerId: string,
  campaignId: string,
  direction: "up" | "down",
  settings: DistributionSettings,
  today = new Date(),
): MoveResult {
  return db.transaction(
    (tx): MoveResult => {
      const rows = orderedRows(tx, ownerId);
      const index = rows.findIndex((r) => r.id === campaignId);
      if (index === -1) return { ok: false, status: 404 };
      const target = direction === "up" ? index - 1 : index + 1;
      if (target < 0 || target >= rows.length) return { ok: true, index }; // already at that end
      [rows[index], rows[target]] = [rows[target]!, rows[index]!];
      writeOrder(tx, ownerId, rows, settings, today);
      return { ok: true, index: target };
    },
    { behavior: "immediate" },
  );
}

export function recalculateDeliveryDates(tx: Tx, ownerId: string, settings: DistributionSettings, today = new Date()) {
  return writeOrder(tx, ownerId, orderedRows(tx, ownerId), settings, today);
}
