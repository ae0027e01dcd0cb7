// What an account's erasure covers is derived from the schema and the storage keys, and these checks fail
// when a new table, text column or storage folder is neither covered nor declared not a family's.
import fs from "node:fs";
import path from "node:path";
import { getTableName } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";

import { familyFolders, hashedFolders, serviceFolders, storageKeys } from "~/lib/storage/keys";
import {
  foreignKeyEdges,
  KEPT_WHEN_AN_ACCOUNT_GOES,
  NAMED_IN_TEXT,
  NEVER_A_FAMILYS,
  schemaTables,
  tablesTiedToUsers,
} from "~/models/account-erasure.server";

const tableNamed = new Map(schemaTables.map((table) => [getTableName(table), table]));
const textColumns = (table: string) =>
  getTableConfig(tableNamed.get(table)!)
    .columns.filter((c) => c.columnType === "SQLiteText" || c.columnType === "SQLiteTextJson")
    .map((c) => c.name);

/**
 * Text columns of the text-named tables that the erasure does not search, each judged unable to name
 * a family. A new text column there fails the test until it is searched or judged here.
 */
const JUDGED_NOT_NAMING: Record<string, string[]> = {
  jobs: ["id", "type", "status", "locked_by"],
  email_outbox: ["id", "kind", "from", "status", "provider_message_id"],
  system_errors: ["id", "error_type", "severity"],
  activities: ["id", "type", "user_id"],
  testimonial_responses: [
    "id",
    "campaign_id",
    "respondent_name",
    "responses",
    "selected_questions",
    "video_key",
    "video_mime_type",
  ],
  suppressed_addresses: ["id", "owner_id", "kind", "reason"],
};

describe("what an account's erasure covers", () => {
  it("every table is tied to the account by a foreign key, searched by its text, or never a family's", () => {
    const tied = tablesTiedToUsers();
    const uncovered = schemaTables
      .map(getTableName)
      .filter((name) => !tied.has(name) && !NAMED_IN_TEXT[name] && !NEVER_A_FAMILYS[name]);
    expect(uncovered).toEqual([]);
    // Declared never a family's, yet tied or searched: one of the two lists is wrong.
    expect(Object.keys(NEVER_A_FAMILYS).filter((name) => tied.has(name) || NAMED_IN_TEXT[name])).toEqual([]);
    for (const name of Object.keys(NEVER_A_FAMILYS)) expect(tableNamed.has(name), name).toBe(true);
  });

  it("every text column of a searched table is searched or judged unable to name a family", () => {
    for (const [table, searched] of Object.entries(NAMED_IN_TEXT)) {
      const columns = textColumns(table);
      for (const column of searched) expect(columns, `${table}.${column}`).toContain(column);
      expect(
        columns.filter((c) => !searched.includes(c) && !JUDGED_NOT_NAMING[table]?.includes(c)),
        table,
      ).toEqual([]);
    }
  });

  it("a foreign key to the account not followed is one the schema sets to null", () => {
    const edges = foreignKeyEdges();
    for (const key of Object.keys(KEPT_WHEN_AN_ACCOUNT_GOES)) {
      const [table, column] = key.split(".");
      expect(
        edges.some((e) => e.from === table && e.column === column),
        key,
      ).toBe(true);
      const fk = getTableConfig(tableNamed.get(table!)!).foreignKeys.find(
        (f) => f.reference().columns[0]!.name === column,
      )!;
      expect(fk.onDelete, key).toBe("set null");
    }
  });

  it("every family folder is named after a row of a table tied to the account or searched", () => {
    const tied = tablesTiedToUsers();
    for (const [name, { table }] of Object.entries(familyFolders))
      expect(tied.has(table) || Boolean(NAMED_IN_TEXT[table]), name).toBe(true);
  });

  it("every storage key is built in lib/storage/keys.ts, under a folder it declares", () => {
    const declared = [
      ...Object.values(familyFolders).map((f) => f.prefix("ID", "CAMPAIGN").replace(/(ID|CAMPAIGN).*$/, "")),
      ...hashedFolders,
      ...serviceFolders,
    ];
    for (const [name, build] of Object.entries(storageKeys) as Array<[string, (...args: string[]) => string]>) {
      const key = name === "chapters" ? build(storageKeys.episode("ID")) : build("ID", "PART", "ext");
      expect(
        declared.some((folder) => key.startsWith(folder)),
        `${name}: ${key}`,
      ).toBe(true);
    }
    // A key made anywhere else would live in a folder no erasure knows: template literals that start like a key.
    const NOT_STORAGE = new Set(["app/features/archive/paths.ts"]); // names of files inside a downloaded archive
    const sources = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) =>
          e.isDirectory()
            ? sources(path.join(dir, e.name))
            : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
              ? [path.join(dir, e.name)]
              : [],
        );
    const outside = sources("app")
      .filter((file) => file !== path.join("app", "lib", "storage", "keys.ts") && !NOT_STORAGE.has(file))
      .flatMap((file) =>
        [...fs.readFileSync(file, "utf8").matchAll(/`[a-z][a-z-]*\/(?:[a-z-]+\/)*\$\{/g)].map(
          (m) => `${file}: ${m[0]}`,
        ),
      );
    expect(outside).toEqual([]);
  });
});
