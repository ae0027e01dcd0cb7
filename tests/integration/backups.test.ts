// Decision 0144: the hourly backup, its rotation, and `npm run restore` against
// the real server process, with real SQLite files and the local storage driver in this file's DATA_DIR.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { contributionRecordings, contributions, jobs } from "#db/schema";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";

import { reapplyLoggedErasures } from "~/features/account/reapply-erasures.server";
import { removalToken, requestRecordingRemoval } from "~/features/contributions/recordings.server";
import { withdrawEpisodesOfClip } from "~/features/podcasts/generation/clip-removal.server";
import {
  backupDatabase,
  backupKey,
  backupsToKeep,
  checkIntegrity,
  fetchBackup,
  listBackups,
  parseBackupKey,
} from "~/lib/backup.server";
import { advanceClock, now, setClock } from "~/lib/clock.server";
import { closeDb, db } from "~/lib/db.server";
import { enqueueJob } from "~/lib/queue/queue.server";
import { getStorage } from "~/lib/storage/storage.server";
import { insertRecording } from "~/models/contribution-recording.server";

import { createTestUser } from "../utils/auth";
import { createTestCampaign, insertTestContribution } from "../utils/stories-helpers";

const HOUR = 60 * 60_000;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-backups-test-"));

async function removeAllBackups() {
  for (const backup of await listBackups(getStorage())) await getStorage().remove(backup.key);
}

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("the hourly backup", () => {
  beforeEach(removeAllBackups);
  afterEach(() => setClock(null));

  it("copies the live database, checks it and stores it gzipped under backups/", async () => {
    const owner = await createTestUser();
    const campaign = createTestCampaign(owner.id);
    const story = insertTestContribution(campaign.id, { storyContent: "The flood of 1953." });
    setClock(new Date("2026-11-27T08:07:00Z"));

    const result = await backupDatabase();

    expect(result.key).toBe("backups/storyhearth-20261127T080700Z.sqlite.gz");
    const file = path.resolve(process.env.DATA_DIR!, result.key);
    expect(fs.statSync(file).size).toBe(result.size);
    expect(fs.readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip magic
    const copy = path.join(scratch, "fetched.sqlite");
    await fetchBackup(getStorage(), result.key, copy);
    const Database = (await import("better-sqlite3")).default;
    const opened = new Database(copy, { readonly: true });
    expect(opened.prepare("SELECT story_content AS s FROM contributions WHERE id = ?").get(story.id)).toEqual({
      s: "The flood of 1953.",
    });
    opened.close();
    // No temporary copy is left behind by a successful run.
    const temps = path.join(os.tmpdir(), "storyhearth-backups");
    expect(fs.readdirSync(temps).filter((f) => f.startsWith(`${process.pid}.`))).toEqual([]);
  });

  it("refuses a damaged copy: the integrity check opens it and reads every page", async () => {
    const copy = path.join(scratch, "damaged.sqlite");
    const Database = (await import("better-sqlite3")).default;
    const made = new Database(copy);
    made.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT); CREATE INDEX t_body ON t(body);");
    const insert = made.prepare("INSERT INTO t (body) VALUES (?)");
    made.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run(`row ${i} `.repeat(20));
    })();
    made.close();
    checkIntegrity(copy);
    // Scribble over a page in the middle of the file (past the header and schema).
    const fd = fs.openSync(copy, "r+");
    fs.writeSync(fd, Buffer.alloc(4096, 0xab), 0, 4096, 4096 * 20);
    fs.closeSync(fd);
    expect(() => checkIntegrity(copy)).toThrow();
  });

  it("keeps the newest of each of the last 48 hours and of each of the last 30 days, and removes the rest", async () => {
    // 40 days of hourly backups already stored (small stand-in files: rotation reads only names).
    const start = new Date("2026-10-01T00:07:00Z");
    for (let h = 0; h < 40 * 24; h++)
      await getStorage().put(backupKey(new Date(start.getTime() + h * HOUR)), Buffer.from("old"));
    setClock(new Date(start.getTime() + 40 * 24 * HOUR)); // 2026-11-10T00:07Z

    // Three more real hourly runs, each pruning as it goes.
    for (let run = 0; run < 3; run++) {
      await backupDatabase();
      advanceClock(HOUR);
    }

    const kept = (await listBackups(getStorage())).map((b) => b.takenAt.toISOString());
    const newest = now().getTime() - HOUR; // the last run
    const hourly = Array.from({ length: 48 }, (_, i) => new Date(newest - i * HOUR).toISOString());
    // The newest of each earlier day is its 23:07 backup; the current day's is the newest overall.
    const days = Array.from({ length: 30 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 10, 10 - i, 23, 7));
      return i === 0 ? new Date(newest).toISOString() : day.toISOString();
    });
    expect(new Set(kept)).toEqual(new Set([...hourly, ...days]));
    expect(kept).toHaveLength(new Set([...hourly, ...days]).size); // 48 + 28 days not covered by the hours
    expect(kept.at(-1)).toBe("2026-10-12T23:07:00.000Z");
  });

  it("rotation is by calendar hour and day: two backups in one hour count once", () => {
    const at = (iso: string) => ({ key: backupKey(new Date(iso)), takenAt: new Date(iso), size: 1 });
    const list = [
      at("2026-11-27T08:07:00Z"),
      at("2026-11-27T08:30:00Z"),
      at("2026-11-27T07:07:00Z"),
      at("2026-11-26T23:07:00Z"),
      at("2026-11-25T12:00:00Z"),
    ];
    expect(backupsToKeep(list, { hourly: 2, daily: 2 })).toEqual(new Set([list[1]!.key, list[2]!.key, list[3]!.key]));
    expect(parseBackupKey("backups/storyhearth-20261127T083000Z.sqlite.gz")?.toISOString()).toBe(
      "2026-11-27T08:30:00.000Z",
    );
    expect(parseBackupKey("backups/notes.txt")).toBeNull();
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The development server (no build needed), jobs on, on this test's database and files. */
async function startServer(port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      APP_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      VOICES_AUTO_DOWNLOAD: "false",
      JOBS_DISABLED: "false",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  server.stderr!.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return server;
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function killHard(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGKILL");
  await exited;
}

const restore = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", ...args], {
    env: process.env,
    encoding: "utf8",
  });

describe("npm run restore", () => {
  let server: ChildProcess | null = null;
  afterAll(async () => {
    if (server) await killHard(server);
  });

  it("kills the app, restores, and finds every row", async () => {
    await removeAllBackups();
    const owner = await createTestUser();
    const campaign = createTestCampaign(owner.id);
    const before = Array.from(
      { length: 300 },
      (_, i) => insertTestContribution(campaign.id, { storyContent: `Story ${i} before the backup` }).id,
    );
    const recording = insertRecording({
      contributionId: before[0]!,
      status: "ready",
      normalizedKey: `recordings/${before[0]}/memo.mp3`,
    })!;
    const removalOf = () =>
      db
        .select({ at: contributionRecordings.removalRequestedAt })
        .from(contributionRecordings)
        .where(eq(contributionRecordings.id, recording.id))
        .get()?.at;
    const port = await freePort();
    server = await startServer(port);

    // The server's own job runner takes the backup, as the hourly cron would.
    const job = enqueueJob("backup-database")!;
    const deadline = Date.now() + 60_000;
    while (db.select().from(jobs).where(eq(jobs.id, job.id)).get()?.status !== "done") {
      if (Date.now() > deadline) throw new Error("the server never ran the backup job");
      await new Promise((r) => setTimeout(r, 100));
    }
    const [backup] = await listBackups(getStorage());
    expect(backup).toBeDefined();
    const after = Array.from(
      { length: 20 },
      (_, i) => insertTestContribution(campaign.id, { storyContent: `Story ${i} after the backup` }).id,
    );
    // The relative withdraws consent after the backup was taken.
    await requestRecordingRemoval(removalToken(recording.id));
    const withdrawnAt = removalOf();
    expect(withdrawnAt).toBeInstanceOf(Date);

    // While the app has the database open, restore refuses.
    const refused = restore();
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(String(server.pid));

    await killHard(server);
    closeDb();
    // The database is ruined (its WAL and shared-memory files from the kill stay beside it).
    const dbFile = path.resolve(process.env.DATABASE_PATH!);
    fs.writeFileSync(dbFile, Buffer.alloc(64 * 1024, 0x5a));

    const listed = restore("--list");
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain(backup!.key);
    const restored = restore();
    expect(restored.stderr).toBe("");
    expect(restored.status).toBe(0);
    // The backup predates the request; the restore applies it again and says so.
    expect(restored.stdout).toContain(
      "Removal requests: 1 kept outside the database; 1 made after this backup applied to it again, so those recordings stay out of podcasts and newsletters.",
    );
    expect(fs.existsSync(`${dbFile}.before-restore`)).toBe(true);
    expect(fs.existsSync(`${dbFile}-wal`)).toBe(false);

    server = await startServer(port);
    // The restarted app serves the owner's page from the restored file (the session row came back too).
    const page = await fetch(`http://127.0.0.1:${port}/dashboard`, { headers: { Cookie: owner.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(campaign.title.slice(-8)); // the title's random part
    const ids = new Set(
      db
        .select({ id: contributions.id })
        .from(contributions)
        .where(eq(contributions.campaignId, campaign.id))
        .all()
        .map((r) => r.id),
    );
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    // Rows written after the backup are not in it: the data came from the backup, not a leftover file.
    expect(after.filter((id) => ids.has(id))).toEqual([]);
    expect(removalOf()).toEqual(withdrawnAt);

    // Restored some other way (a copy by hand, litefs import): the start as primary applies it again
    // (called here with the server stopped, so its own start-up run cannot race this one).
    await killHard(server);
    db.update(contributionRecordings)
      .set({ removalRequestedAt: null })
      .where(eq(contributionRecordings.id, recording.id))
      .run();
    expect((await reapplyLoggedErasures(() => [], withdrawEpisodesOfClip)).applied.recording).toBe(1);
    expect(removalOf()).toEqual(withdrawnAt);
    expect((await reapplyLoggedErasures(() => [], withdrawEpisodesOfClip)).applied.recording).toBe(0);
  }, 180_000);
});
