// A fingerprint of every table's rows, to tell whether a request wrote anything, and a way to run a
// request and then undo whatever it wrote, so each fuzzed request meets the same data.
import type { Statement } from "better-sqlite3";

import { getDb } from "~/lib/db.server";

// Writes a refused request makes on purpose, which are not half-written data:
// "Refused posts store nothing but leave a trace for the administrators" (inbound-email.server.ts),
// so new system_errors rows may appear, while rows already there must stay as they were;
const APPEND_ONLY = new Set(["system_errors"]);
// and one UPDATE checks and counts each call made with a valid API key, whatever it answers (0108).
const METERING: Record<string, string[]> = { api_keys: ["usage_count", "last_used"] };

/** Table → one JSON line per row, in rowid order. */
export type Fingerprint = Map<string, string[]>;

const sqlite = () => getDb().$client;

/** One prepared SELECT per table, metering columns left out; the schema does not change mid-run. */
let selects: Array<[string, Statement]> | undefined;
function tableSelects() {
  selects ??= (
    sqlite()
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
      )
      .pluck()
      .all() as string[]
  ).map((table) => {
    const columns = (sqlite().pragma(`table_info("${table}")`) as Array<{ name: string }>)
      .map((c) => c.name)
      .filter((c) => !METERING[table]?.includes(c));
    return [
      table,
      sqlite()
        .prepare(`SELECT ${columns.map((c) => `"${c}"`).join(", ")} FROM "${table}" ORDER BY rowid`)
        .raw(),
    ];
  });
  return selects;
}

export function dbFingerprint(): Fingerprint {
  return new Map(
    tableSelects().map(([table, select]) => [table, (select.all() as unknown[][]).map((row) => JSON.stringify(row))]),
  );
}

/** Tables whose rows differ between two fingerprints (beyond the designed writes above). */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((table) => {
    const was = before.get(table) ?? [];
    const now = after.get(table) ?? [];
    const compared = APPEND_ONLY.has(table) ? now.slice(0, was.length) : now;
    return compared.length !== was.length || compared.some((row, i) => row !== was[i]);
  });
}

/**
 * Runs `work` inside a transaction that is always rolled back. The app's own transactions nest as
 * savepoints (better-sqlite3 does this when one is already open), so they behave as in production.
 */
export async function rolledBack<T>(work: () => Promise<T>): Promise<T> {
  sqlite().exec("BEGIN");
  try {
    return await work();
  } finally {
    if (sqlite().inTransaction) sqlite().exec("ROLLBACK");
  }
}
