// An account deletion and a relative's story removal are logged outside the database
// (account/erasure-log.server.ts), so restoring a backup taken before them erases them again. The real
// backup job's code takes the backup, the real routes delete, and `npm run restore` restores in place.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as schema from "#db/schema";
import { eq, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { expect, test } from "vitest";

import { reapplyLoggedErasures } from "~/features/account/reapply-erasures.server";
import { removalToken } from "~/features/contributions/recordings.server";
import { withdrawEpisodesOfClip } from "~/features/podcasts/generation/clip-removal.server";
import { backupDatabase } from "~/lib/backup.server";
import { closeDb, db, openDatabase, type DB } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { action as deleteAction } from "~/routes/_auth+/delete-account";
import { action as removalAction } from "~/routes/_public+/recording-removal.$token";

import { createArchiveFamily } from "../utils/archive-helpers";
import { callRoute, createTestUser, makeRequest } from "../utils/auth";

const storedKeys = async () => new Set((await getStorage().list("")).map((o) => o.key));
const added = (before: Set<string>, after: Set<string>) => [...after].filter((key) => !before.has(key));
const present = async (keys: string[]) => {
  const now = await storedKeys();
  return keys.filter((key) => now.has(key));
};
const tables = Object.values(schema as Record<string, unknown>).filter((value): value is SQLiteTable =>
  is(value, SQLiteTable),
);
/** Every row of every table that names the id, as JSON. */
/** The episode's status, the generation jobs queued for it and the owner's "clip removed" e-mails, as the live removal leaves them. */
const withdrawal = (episodeId: string, ownerEmail: string, database: DB = db) => ({
  status: database.select().from(schema.podcasts).where(eq(schema.podcasts.id, episodeId)).get()?.status,
  jobs: database
    .select()
    .from(schema.jobs)
    .all()
    .filter((job) => job.payload.podcastId === episodeId && job.status === "queued").length,
  emails: database
    .select()
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.kind, "clip_removed"))
    .all()
    .filter((e) => e.to === ownerEmail).length,
});
const rowsNaming = (id: string) =>
  tables
    .flatMap((table) => (db.select().from(table).all() as unknown[]).map((row) => JSON.stringify(row)))
    .filter((row) => row.includes(id));

test("a restored backup loses again the account deleted and the story removed after it, rows and files", async () => {
  const stayer = await createTestUser({ lastName: "Stays" });
  const beforeStayer = await storedKeys();
  const stayerFamily = await createArchiveFamily(stayer.id);
  const stayerKeys = added(beforeStayer, await storedKeys());
  const leaver = await createTestUser({ lastName: "Leaving" });
  const beforeLeaver = await storedKeys();
  await createArchiveFamily(leaver.id);
  const leaverKeys = added(beforeLeaver, await storedKeys());
  expect(leaverKeys.length).toBe(5); // 2 photos, a recording and its original, an episode

  expect(rowsNaming(leaver.id).length).toBeGreaterThan(10);
  const backup = await backupDatabase();

  // After the backup: the leaver closes their account (its files are left for the purge job, which
  // has not run: the restored database will not even know it was queued), and Aunt May asks that her
  // recording and her written story go.
  const deleted = await callRoute(
    deleteAction,
    makeRequest("/delete-account", {
      cookie: leaver.cookie,
      form: { confirmation: leaver.email, password: leaver.password },
    }),
  );
  expect(deleted.status).toBe(302);
  const token = removalToken(stayerFamily.recording.id);
  const removed = await callRoute(
    removalAction,
    makeRequest(`/recording-removal/${token}`, { form: { story: "yes" } }),
    { token },
  );
  expect(removed.status).toBe(302);
  const auntMay = stayerFamily.summer.stories[1]!.id;
  const auntMayKeys = [stayerFamily.recording.normalizedKey, stayerFamily.recording.originalKey];
  expect(await present(auntMayKeys)).toEqual([]);
  expect(rowsNaming(leaver.id)).toEqual([]);
  // The live removal withdrew the finished episode that reads her story (remade without it) and told the owner.
  const episodeId = stayerFamily.episode.id;
  expect(withdrawal(episodeId, stayer.email)).toEqual({ status: "queued", jobs: 1, emails: 1 });

  // Restored in place, with the app's connection closed (the script refuses while one is open).
  closeDb();
  const restored = spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", backup.key], {
    env: process.env,
    encoding: "utf8",
  });
  expect(restored.stderr).toBe("");
  expect(restored.status).toBe(0);
  expect(restored.stdout).toContain(
    "Removal requests: 1 kept outside the database; 1 made after this backup applied to it again",
  );
  expect(restored.stdout).toContain(
    "Story removals: 1 kept outside the database; 1 made after this backup applied to it again, so those stories, their photos and recordings are deleted again.",
  );
  expect(restored.stdout).toContain(
    "Account deletions: 1 kept outside the database; 1 made after this backup applied to it again, so those accounts' rows and files are deleted again.",
  );

  // The restored file is the backup (the stayer's other stories are there) without what was erased.
  expect(db.select().from(schema.users).where(eq(schema.users.id, stayer.id)).get()).toBeDefined();
  expect(rowsNaming(leaver.id)).toEqual([]);
  expect(await present(leaverKeys)).toEqual([]);
  expect(db.select().from(schema.contributions).where(eq(schema.contributions.id, auntMay)).get()).toBeUndefined();
  expect(rowsNaming(auntMay)).toEqual([]);
  const kept = stayerFamily.summer.stories.filter((s) => s.id !== auntMay).map((s) => s.id);
  expect(
    kept.filter((id) => !db.select().from(schema.contributions).where(eq(schema.contributions.id, id)).get()),
  ).toEqual([]);
  expect(await present(stayerKeys.filter((key) => !key.includes(auntMay)))).toEqual(
    stayerKeys.filter((key) => !key.includes(auntMay)),
  );
  const line = db.select().from(schema.activities).where(eq(schema.activities.type, "account_deleted")).all();
  expect(line.map((a) => a.userId)).toEqual([null]);
  // The backup had the episode finished, with her story in it: the restore withdrew it again as the
  // removal page does (remade without her, out of feeds and shares until then), and the owner was told.
  expect(restored.stdout).toContain(
    "Episodes playing 1 removed recording(s) withdrawn from feeds and shares until remade.",
  );
  expect(withdrawal(episodeId, stayer.email)).toEqual({ status: "queued", jobs: 1, emails: 1 });

  // The start as primary applies the log again: nothing is left to apply or withdraw.
  const again = await reapplyLoggedErasures(() => [], withdrawEpisodesOfClip);
  expect(again.applied).toEqual({ recording: 0, story: 0, account: 0 });
  expect(again.clips).toEqual([]);
  expect(withdrawal(episodeId, stayer.email)).toEqual({ status: "queued", jobs: 1, emails: 1 });
}, 120_000);

test("restored with --out (for LiteFS), the unpacked file has the removed clip's episode withdrawn as in place", async () => {
  const owner = await createTestUser({ lastName: "Litefs" });
  const family = await createArchiveFamily(owner.id);
  const backup = await backupDatabase();
  const token = removalToken(family.recording.id);
  const removed = await callRoute(
    removalAction,
    makeRequest(`/recording-removal/${token}`, { form: { story: "yes" } }),
    { token },
  );
  expect(removed.status).toBe(302);
  const episodeId = family.episode.id;
  expect(withdrawal(episodeId, owner.email)).toEqual({ status: "queued", jobs: 1, emails: 1 });

  // --out only unpacks: `litefs import` then makes the file live, where the log finds nothing new to
  // apply (the recording is already marked in it), so the episode must be withdrawn in the file itself.
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "restore-out-")), "restored.db");
  try {
    const restored = spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", "--out", out, backup.key], {
      env: process.env,
      encoding: "utf8",
    });
    expect(restored.stderr).toBe("");
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain(
      "Episodes playing 1 removed recording(s) withdrawn from feeds and shares until remade.",
    );
    const unpacked = openDatabase(out);
    try {
      expect(
        unpacked
          .select()
          .from(schema.contributions)
          .where(eq(schema.contributions.id, family.summer.stories[1]!.id))
          .get(),
      ).toBeUndefined();
      expect(withdrawal(episodeId, owner.email, unpacked)).toEqual({ status: "queued", jobs: 1, emails: 1 });
    } finally {
      unpacked.$client.close();
    }
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}, 120_000);
