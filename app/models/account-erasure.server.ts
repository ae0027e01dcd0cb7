// An account's rows, found from the schema and deleted in one transaction (decisions 0162, 0212): every row
// a foreign key chain ties to the user, and every row of the untied tables whose text names one of their ids
// or tokens, or the address. A new table needs a foreign key or a listing here, or the erasure test fails.
import { createHash } from "node:crypto";
import * as schema from "#db/schema";
import { activities, jobs } from "#db/schema";
import { getTableName, is, sql } from "drizzle-orm";
import { getTableConfig, SQLiteTable, type SQLiteColumn } from "drizzle-orm/sqlite-core";

import type { DB } from "~/lib/db.server";
import { familyFolders } from "~/lib/storage/keys";

import { normalizeEmail } from "./user.server";

type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];
type Row = Record<string, unknown>;

/** Foreign keys to the account not followed: the row is not the family's, and the schema sets its key to null. */
export const KEPT_WHEN_AN_ACCOUNT_GOES: Record<string, string> = {
  "testimonial_campaigns.created_by_id":
    "a testimonial campaign an admin made is the service's; its answers are their senders'",
};

export const NAMED_IN_TEXT: Record<string, string[]> = {
  jobs: ["payload", "dedupe_key", "last_error"],
  email_outbox: ["to", "reply_to", "subject", "html", "text", "headers", "dedupe_key", "last_error"],
  system_errors: ["error_message", "details", "workflow"],
  activities: ["details"],
  testimonial_responses: ["respondent_email"],
  suppressed_addresses: ["email"],
};

export const NEVER_A_FAMILYS: Record<string, string> = {
  prompt_templates: "the service's script prompts",
  webhook_tokens: "Mailgun signatures already seen: random tokens",
  one_time_steps: "names of data fixes run",
  testimonial_campaigns: "the service's (see KEPT_WHEN_AN_ACCOUNT_GOES)",
};

export const schemaTables = Object.values(schema as Record<string, unknown>).filter((value): value is SQLiteTable =>
  is(value, SQLiteTable),
);
const tableNamed = new Map(schemaTables.map((table) => [getTableName(table), table]));

type Edge = { from: string; column: string; to: string; toColumn: string };

export function foreignKeyEdges(): Edge[] {
  return schemaTables.flatMap((table) =>
    getTableConfig(table).foreignKeys.flatMap((fk) => {
      const { columns, foreignColumns, foreignTable } = fk.reference();
      if (columns.length !== 1) return [];
      return [
        {
          from: getTableName(table),
          column: columns[0]!.name,
          to: getTableName(foreignTable),
          toColumn: foreignColumns[0]!.name,
        },
      ];
    }),
  );
}

export function tablesTiedToUsers() {
  const edges = foreignKeyEdges().filter((e) => !KEPT_WHEN_AN_ACCOUNT_GOES[`${e.from}.${e.column}`]);
  const tied = new Set(["users"]);
  for (let grew = true; grew;) {
    grew = false;
    for (const edge of edges) if (tied.has(edge.to) && !tied.has(edge.from)) grew = tied.add(edge.from).size > 0;
  }
  return tied;
}

export type FamilyRows = { userId: string; email: string; rows: Map<string, Row[]>; names: Set<string> };
export type FamilyFiles = { files: string[]; folders: string[] };
export type ErasedCounts = { collections: number; stories: number; podcasts: number; since: Date };
/** "cancel" marks running jobs for their runner to end (the live database); "delete" removes them (a restored one: nothing runs them). */
export type RunningJobs = "cancel" | "delete";
export type Erased = { family: FamilyRows; files: FamilyFiles; cancelledJobs: string[] };

const CHUNK = 500;
const chunks = <T>(values: T[]) =>
  Array.from({ length: Math.ceil(values.length / CHUNK) }, (_, i) => values.slice(i * CHUNK, (i + 1) * CHUNK));
const quoted = (name: string) => sql.identifier(name);

function rowsWhere(tx: Tx, table: string, column: string, values: unknown[]): Row[] {
  return chunks(values).flatMap((part) =>
    tx.all<Row>(
      sql`select rowid as "__rowid", * from ${quoted(table)} where ${quoted(column)} in (${sql.join(
        part.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    ),
  );
}

function identifyingColumns(table: SQLiteTable) {
  const { columns } = getTableConfig(table);
  return columns.filter((c: SQLiteColumn) => c.primary || c.isUnique).map((c) => c.name);
}

const wordsOf = (text: string) => text.split(/[^A-Za-z0-9_-]+/);
const addressesOf = (text: string) => text.match(/[^\s<>"',;:()/]+@[^\s<>"',;:()/]+/g) ?? [];

export type Needles = { email: string; names: Set<string>; hashed?: boolean };

const hashOf = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 32);

/** The needles as hashes, to be kept (in a job's payload) without naming the family. */
export const hashedNeedles = ({ email, names }: Needles) => ({ email: hashOf(email), names: [...names].map(hashOf) });

function namesFamily(text: string, needles: Needles) {
  if (!needles.hashed)
    return text.toLowerCase().includes(needles.email) || wordsOf(text).some((word) => needles.names.has(word));
  return (
    addressesOf(text).some((address) => hashOf(normalizeEmail(address)) === needles.email) ||
    wordsOf(text).some((word) => word.length >= 8 && needles.names.has(hashOf(word)))
  );
}

function rowsNamingFamily(tx: Tx, family: Needles) {
  const found = new Map<string, Row[]>();
  for (const [table, columns] of Object.entries(NAMED_IN_TEXT)) {
    const all = tx.all<Row>(sql`select rowid as "__rowid", * from ${quoted(table)}`);
    found.set(
      table,
      all.filter((row) => namesFamily(columns.map((c) => (row[c] == null ? "" : String(row[c]))).join("\n"), family)),
    );
  }
  return found;
}

export function readFamily(tx: Tx, userId: string): FamilyRows | null {
  const user = tx.all<Row>(sql`select rowid as "__rowid", * from ${quoted("users")} where id = ${userId}`)[0];
  if (!user) return null;
  const rows = new Map<string, Map<unknown, Row>>([["users", new Map([[user.__rowid, user]])]]);
  const edges = foreignKeyEdges().filter((e) => !KEPT_WHEN_AN_ACCOUNT_GOES[`${e.from}.${e.column}`]);
  for (let grew = true; grew;) {
    grew = false;
    for (const edge of edges) {
      const parents = rows.get(edge.to);
      if (!parents?.size) continue;
      const values = [
        ...new Set([...parents.values()].map((r) => r[edge.toColumn]).filter((v) => v !== null && v !== undefined)),
      ];
      const children = rows.get(edge.from) ?? new Map<unknown, Row>();
      for (const row of rowsWhere(tx, edge.from, edge.column, values)) {
        if (children.has(row.__rowid)) continue;
        children.set(row.__rowid, row);
        grew = true;
      }
      rows.set(edge.from, children);
    }
  }
  const names = new Set<string>();
  for (const [table, found] of rows) {
    for (const column of identifyingColumns(tableNamed.get(table)!)) {
      for (const row of found.values())
        if (typeof row[column] === "string" && (row[column] as string).length >= 8) names.add(row[column] as string);
    }
  }
  const family = {
    userId,
    email: normalizeEmail(String(user.email)),
    rows: new Map([...rows].map(([t, r]) => [t, [...r.values()]])),
    names,
  };
  for (const [table, found] of rowsNamingFamily(tx, family)) {
    const known = new Set((family.rows.get(table) ?? []).map((r) => r.__rowid));
    family.rows.set(table, [...(family.rows.get(table) ?? []), ...found.filter((r) => !known.has(r.__rowid))]);
  }
  return family;
}

export function familyFiles(family: FamilyRows): FamilyFiles {
  const files = new Set<string>();
  for (const [table, rows] of family.rows) {
    const keyColumns = getTableConfig(tableNamed.get(table)!)
      .columns.filter((c) => c.name.endsWith("_key") && c.name !== "dedupe_key")
      .map((c) => c.name);
    for (const row of rows)
      for (const column of keyColumns)
        if (typeof row[column] === "string" && row[column]) files.add(row[column] as string);
  }
  const folders = Object.values(familyFolders).flatMap(({ table, prefix }) =>
    (family.rows.get(table) ?? []).map((row) =>
      prefix(String(row.id), typeof row.campaign_id === "string" ? row.campaign_id : undefined),
    ),
  );
  return { files: [...files], folders: [...new Set(folders)] };
}

function deleteFamilyRows(tx: Tx, family: FamilyRows, running: RunningJobs): string[] {
  const cancelled: string[] = [];
  for (const [table, rows] of family.rows) {
    let rowids = rows.map((r) => r.__rowid);
    if (table === "jobs" && running === "cancel") {
      const held = rows.filter((r) => r.status === "running" || r.status === "cancelled");
      cancelled.push(...held.map((r) => String(r.id)));
      const heldRowids = new Set(held.map((r) => r.__rowid));
      rowids = rowids.filter((id) => !heldRowids.has(id));
    }
    for (const part of chunks(rowids))
      tx.run(
        sql`delete from ${quoted(table)} where rowid in (${sql.join(
          part.map((v) => sql`${v}`),
          sql`, `,
        )})`,
      );
  }
  for (const part of chunks(cancelled))
    tx.update(jobs)
      .set({ status: "cancelled" })
      .where(
        sql`${jobs.id} in (${sql.join(
          part.map((v) => sql`${v}`),
          sql`, `,
        )})`,
      )
      .run();
  return cancelled;
}

/** Rows a job still running during the erasure wrote about the family afterwards: found again by the ids it read, and deleted. */
export function forgetRowsNamingAgain(database: DB, family: Needles) {
  return database.transaction((tx) => {
    let removed = 0;
    for (const [table, rows] of rowsNamingFamily(tx, family)) {
      const rowids = rows
        .filter((r) => !(table === "jobs" && (r.status === "running" || r.status === "cancelled")))
        .map((r) => r.__rowid);
      for (const part of chunks(rowids))
        removed += tx.run(
          sql`delete from ${quoted(table)} where rowid in (${sql.join(
            part.map((v) => sql`${v}`),
            sql`, `,
          )})`,
        ).changes;
    }
    return removed;
  });
}

export function eraseAccountRows<T>(
  database: DB,
  userId: string,
  line: (counts: ErasedCounts) => string,
  running: RunningJobs,
  then: (erased: Erased) => T,
): T | null {
  return database.transaction((tx) => {
    const family = readFamily(tx, userId);
    if (!family) return null;
    const user = family.rows.get("users")![0]!;
    const count = (table: string) => family.rows.get(table)?.length ?? 0;
    const counts = { collections: count("campaigns"), stories: count("contributions"), podcasts: count("podcasts") };
    const files = familyFiles(family);
    const cancelledJobs = deleteFamilyRows(tx, family, running);
    tx.insert(activities)
      .values({
        type: "account_deleted",
        userId: null,
        details: line({ ...counts, since: new Date(Number(user.created_at)) }),
      })
      .run();
    return then({ family, files, cancelledJobs });
  });
}
