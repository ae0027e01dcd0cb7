// Each test file gets its own fresh, migrated SQLite file and a test environment.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-test-"));
process.env.APP_ENV = "test";
process.env.DATABASE_PATH = path.join(dir, "test.db");
process.env.DATA_DIR = path.join(dir, "files");
process.env.SESSION_SECRET ??= "test-session-secret";

const { getDb, migrateDatabase, closeDb } = await import("~/lib/db.server");
migrateDatabase(getDb());

afterAll(() => {
  closeDb();
  fs.rmSync(dir, { recursive: true, force: true });
});
