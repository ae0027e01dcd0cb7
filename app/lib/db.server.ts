import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "#db/schema";
import { env } from "./env.server";

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const migrationsFolder = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  process.env.MIGRATIONS_DIR ?? "../../db/migrations",
);

export function openDatabase(file: string): DB {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
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

/** Lazy, so importing a model does not open the file before tests pick it. */
export const db: DB = new Proxy({} as DB, {
  get(_target, prop) {
    const real = getDb() as unknown as Record<string | symbol, unknown>;
    const value = real[prop];
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(real) : value;
  },
});

export function closeDb() {
  globalForDb.__storyhearthDb?.$client.close();
  globalForDb.__storyhearthDb = undefined;
}
