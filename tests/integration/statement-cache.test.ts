// The compiled-statement cache of app/lib/db.server.ts (decision 0140): one compile per SQL text, the
// raw mode drizzle leaves on a statement never reaches the next caller, and the cache stays bounded.
import { users } from "#db/schema";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";

import { migrateDatabase, openDatabase, STATEMENT_CACHE_SIZE } from "~/lib/db.server";

it("hands out one compiled statement per text, in the mode its caller expects, and keeps a bounded number", () => {
  const database = openDatabase(":memory:");
  migrateDatabase(database);
  database.insert(users).values({ email: "cache@example.com", firstName: "Cache", lastName: "Test" }).run();

  // drizzle's select with fields reads rows as arrays (raw mode) and maps them itself.
  const query = database.select({ email: users.email }).from(users).where(eq(users.email, "cache@example.com"));
  expect(query.all()).toEqual([{ email: "cache@example.com" }]);
  const { sql } = query.toSQL();
  const statement = database.$client.prepare(sql);
  expect(database.$client.prepare(sql)).toBe(statement);
  // The same text asked for plainly gets objects, not the arrays drizzle asked for last time.
  expect(statement.all("cache@example.com")).toEqual([{ email: "cache@example.com" }]);
  expect(query.all()).toEqual([{ email: "cache@example.com" }]);

  for (let i = 0; i <= STATEMENT_CACHE_SIZE; i++) database.$client.prepare(`select ${i} as n`).get();
  // The oldest were let go: asking again compiles anew.
  expect(database.$client.prepare(sql)).not.toBe(statement);
  expect(database.$client.prepare(`select ${STATEMENT_CACHE_SIZE} as n`).get()).toEqual({ n: STATEMENT_CACHE_SIZE });
  database.$client.close();
});
