import fs from "node:fs";
import path from "node:path";
import * as schema from "#db/schema";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";

import { env } from "./env.server";

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const migrationsFolder = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  process.env.MIGRATIONS_DIR ?? "../../db/migrations",
);

/** Distinct SQL texts kept compiled; a query built with a varying number of parameters adds one each. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * drizzle asks SQLite to compile every query again on each call (its prepare); the compiled
 * statements are kept by SQL text, most recently used first, and handed out again (decision 0140).
 * A statement keeps its raw mode, which drizzle turns on where it wants rows as arrays, so it is
 * turned off again before anyone else gets it.
 */
function keepCompiledStatements(sqlite: Database.Database) {
  const compile = sqlite.prepare.bind(sqlite);
  const kept = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    const found = kept.get(source);
    if (found) {
      kept.delete(source);
      kept.set(source, found);
      if (found.reader) found.raw(false);
      return found;
    }
    const statement = compile(source);
    kept.set(source, statement);
    if (kept.size > STATEMENT_CACHE_SIZE) kept.delete(kept.keys().next().value!);
    return statement;
  }) as Database.Database["prepare"];
}

export function openDatabase(file: string): DB {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  keepCompiledStatements(sqlite);
  const database = drizzle(sqlite, { schema }) as DB;
  // BEGIN IMMEDIATE: a deferred transaction that reads then writes fails at once with "database is
  // locked" if another process wrote in between (busy_timeout cannot help); IMMEDIATE waits.
  const transaction = database.transaction.bind(database);
  database.transaction = ((fn, config) => transaction(fn, { behavior: "immediate", ...config })) as DB["transaction"];
  return database;
}

export function migrateDatabase(database: DB, folder = resolveMigrationsFolder()) {
  migrate(database, { migrationsFolder: folder });
}

function resolveMigrationsFolder() {
  const candidates = [migrationsFolder, path.resolve("db/migrations")];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta/_journal.json")));
  if (!found) throw new Error(`No migrations found in ${candidates.join(" or ")}`);
  return found;
}

// One connection per process, kept across dev-server reloads.
const globalForDb = globalThis as unknown as { __storyhearthDb?: DB };

export function getDb(): DB {
  globalForDb.__storyhearthDb ??= openDatabase(env().DATABASE_PATH);
  return globalForDb.__storyhearthDb;
}

/**
 * A query built once per connection instead of on every call: drizzle spends more time turning a
 * query into SQL text than SQLite spends running a small one (decision 0146). `build` makes it with
 * `sql.placeholder(...)` for the values and ends in `.prepare()`; placeholders are bound as given
 * (no column encoder), so dates go in as milliseconds.
 */
export function preparedPerConnection<T>(build: (database: DB) => T): () => T {
  const built = new WeakMap<DB, T>();
  return () => {
    const database = getDb();
    let query = built.get(database);
    if (query === undefined) built.set(database, (query = build(database)));
    return query;
  };
}

/** Lazy, so importing a model does not open the file before tests pick it. */
export const db: DB = new Proxy({} as DB, {
  get(_target, prop) {
    const real = getDb() as unknown as Record<string | symbol, unknown>;
    const value = real[prop];
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(real) : value;
  },
});

/**
 * The app's connection on another file while `run` lasts: a restore applies the erasure log to the
 * unpacked backup with the same code the live app uses (account/reapply-erasures.server.ts).
 */
export async function withDatabaseFile<T>(file: string, run: (database: DB) => Promise<T>): Promise<T> {
  const previous = globalForDb.__storyhearthDb;
  const database = openDatabase(file);
  globalForDb.__storyhearthDb = database;
  try {
    return await run(database);
  } finally {
    database.$client.close();
    globalForDb.__storyhearthDb = previous;
  }
}

export function closeDb() {
  globalForDb.__storyhearthDb?.$client.close();
  globalForDb.__storyhearthDb = undefined;
}
