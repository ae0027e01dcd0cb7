// Crash scenario: the job worker taking the hourly backup (real job, real SQLite online backup, the
// local storage driver) is SIGKILLed while it copies, compresses or stores the file, then started
// again. No backup may appear under a final key before it is whole and checked; the rerun must store
// one that opens, passes its integrity check and holds every row; no temporary copy may be left.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { fetchBackup, listBackups } from "~/lib/backup.server";
import { db } from "~/lib/db.server";
import { enqueueJob } from "~/lib/queue/queue.server";
import { getStorage } from "~/lib/storage/storage.server";

import { countProblems, killWhen, startWorker, type CrashOutcome, type Random } from "./harness";

const WORKER = "tests/support/podcast-worker.ts";

export type BackupKillPoint = "copy" | "compress" | "store";
export const BACKUP_KILL_POINTS: BackupKillPoint[] = ["copy", "compress", "store"];
export const pickBackupKillPoint = (random: Random) =>
  BACKUP_KILL_POINTS[Math.floor(random() * BACKUP_KILL_POINTS.length)]!;

/** Rows of incompressible bytes, so that each phase of the backup lasts long enough to be hit. */
export function fillDatabase(megabytes: number) {
  const sqlite = db.$client;
  sqlite.exec("CREATE TABLE IF NOT EXISTS crash_filler (id INTEGER PRIMARY KEY, bytes BLOB NOT NULL)");
  const insert = sqlite.prepare("INSERT INTO crash_filler (bytes) VALUES (?)");
  sqlite.transaction(() => {
    sqlite.exec("DELETE FROM crash_filler");
    for (let i = 0; i < megabytes * 16; i++) insert.run(randomBytes(64 * 1024));
  })();
  return (sqlite.prepare("SELECT count(*) AS n FROM crash_filler").get() as { n: number }).n;
}

const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

export type BackupCrash = { outcome: CrashOutcome; finalKeysAfterKill: number; rows: number };

export async function runBackupCrash({
  megabytes,
  killPoint,
}: {
  megabytes: number;
  killPoint: BackupKillPoint;
}): Promise<BackupCrash> {
  const rows = fillDatabase(megabytes);
  // The worker's own temporary folder, so the kill point is read from its files alone.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "storyhearth-backup-crash-"));
  const temps = path.join(tmp, "storyhearth-backups");
  const stored = path.resolve(process.env.DATA_DIR!, "backups");
  const env = { WORKER_JOB_TYPES: "backup-database", TMPDIR: tmp };
  enqueueJob("backup-database");

  const reached: Record<BackupKillPoint, () => boolean> = {
    copy: () => filesIn(temps).some((f) => f.endsWith(".sqlite")) && !filesIn(temps).some((f) => f.endsWith(".gz")),
    compress: () =>
      filesIn(temps).some((f) => f.endsWith(".gz")) && !filesIn(stored).some((f) => f.includes(".partial-")),
    store: () => filesIn(stored).some((f) => f.includes(".partial-")),
  };
  await killWhen(startWorker(WORKER, env), reached[killPoint], { pollMs: 1, timeoutMs: 60_000 });
  const storage = getStorage();
  const finalKeysAfterKill = (await listBackups(storage)).length;

  const restarted = await startWorker(WORKER, env).exited;
  const backups = await listBackups(storage);
  const extra: string[] = [];
  if (restarted !== 0) extra.push(`the restarted worker exited with ${restarted}`);
  if (finalKeysAfterKill > 0) extra.push(`${finalKeysAfterKill} backups under a final key right after the kill`);
  let whole = 0;
  for (const backup of backups) {
    const copy = path.join(tmp, "check.sqlite");
    try {
      await fetchBackup(storage, backup.key, copy);
      const { default: Database } = await import("better-sqlite3");
      const opened = new Database(copy, { readonly: true });
      const n = (opened.prepare("SELECT count(*) AS n FROM crash_filler").get() as { n: number }).n;
      opened.close();
      if (n === rows) whole++;
      else extra.push(`${backup.key} holds ${n} of ${rows} rows`);
    } catch (error) {
      extra.push(`${backup.key}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      fs.rmSync(copy, { force: true });
    }
  }
  const leftoverTemps = filesIn(temps).length;
  if (leftoverTemps > 0) extra.push(`temporary files left: ${filesIn(temps).join(", ")}`);
  // A kill while storing leaves the local driver's ".partial-" file; the next run's listing removes it.
  const partials = filesIn(stored).filter((f) => f.includes(".partial-"));
  if (partials.length > 0) extra.push(`partial files left: ${partials.join(", ")}`);
  fs.rmSync(tmp, { recursive: true, force: true });
  return {
    finalKeysAfterKill,
    rows,
    outcome: countProblems(
      {
        scenario: `hourly backup (${megabytes} MB)`,
        killPoint,
        expected: 1,
        delivered: whole,
        duplicates: Math.max(0, backups.length - 1),
        stuck: 0,
      },
      extra,
    ),
  };
}
