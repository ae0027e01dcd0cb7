// Transactions begin IMMEDIATE (db.server.ts): a read-then-write transaction holds the write lock
// from its start, so another process's write waits for it instead of making it fail half-way.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";

import { openDatabase } from "~/lib/db.server";

test("a transaction holds the write lock from BEGIN; a second connection's write waits (here: is refused) meanwhile", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-tx-"));
  const file = path.join(dir, "tx.db");
  const a = openDatabase(file);
  const b = openDatabase(file);
  try {
    a.run(sql`create table t (n integer)`);
    b.$client.pragma("busy_timeout = 0");
    a.transaction((tx) => {
      const before = tx.get<{ c: number }>(sql`select count(*) as c from t`).c;
      // With a deferred BEGIN this write would succeed and the insert below would fail instead.
      let refused: unknown;
      try {
        b.run(sql`insert into t values (99)`);
      } catch (error) {
        refused = (error as { cause?: unknown }).cause ?? error;
      }
      expect(String(refused)).toMatch(/database is locked/);
      tx.run(sql`insert into t values (${before + 1})`);
    });
    b.run(sql`insert into t values (2)`);
    expect(a.all<{ n: number }>(sql`select n from t order by n`).map((r) => r.n)).toEqual([1, 2]);
  } finally {
    a.$client.close();
    b.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
