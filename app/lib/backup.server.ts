// Hourly online backups of the SQLite file into the media storage (decision 0144).
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import Database from "better-sqlite3";

import { now } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { processGone, processTag } from "~/lib/process-owner.server";
import type { Storage } from "~/lib/storage/keys";
import { getStorage } from "~/lib/storage/storage.server";

export const BACKUP_PREFIX = "backups/";
export const KEEP_HOURLY = 48;
export const KEEP_DAILY = 30;

const KEY_PATTERN = /^backups\/storyhearth-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.sqlite\.gz$/;

export type Backup = { key: string; takenAt: Date; size: number };

export function backupKey(at: Date) {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
  return `${BACKUP_PREFIX}storyhearth-${stamp}.sqlite.gz`;
}

export function parseBackupKey(key: string): Date | null {
  const m = KEY_PATTERN.exec(key);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}

export async function listBackups(storage: Storage): Promise<Backup[]> {
  const found = await storage.list(BACKUP_PREFIX);
  return found
    .flatMap(({ key, size }) => {
      const takenAt = parseBackupKey(key);
      return takenAt ? [{ key, takenAt, size }] : [];
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

export function backupsToKeep(backups: Backup[], { hourly = KEEP_HOURLY, daily = KEEP_DAILY } = {}): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const keep = new Set<string>();
  const pick = (bucketOf: (d: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      if (seen.size >= count) break;
      const bucket = bucketOf(backup.takenAt);
      if (seen.has(bucket)) continue;
      seen.add(bucket);
      keep.add(backup.key);
    }
  };
  pick((d) => d.toISOString().slice(0, 13), hourly);
  pick((d) => d.toISOString().slice(0, 10), daily);
  return keep;
}

export function checkIntegrity(file: string) {
  const copy = new Database(file, { fileMustExist: true });
  try {
    const rows = copy.pragma("integrity_check") as Array<{ integrity_check: string }>;
    const result = rows.map((r) => r.integrity_check).join("; ");
    if (result !== "ok") throw new Error(`backup failed its integrity check: ${result}`);
  } finally {
    copy.close();
  }
}

export const backupTempDir = () => path.join(os.tmpdir(), "storyhearth-backups");

export type BackupResult = { key: string; size: number; pruned: string[] };

// A crash at any step leaves no backup under a final key, only temporary files the next run removes.
export async function takeBackup({
  sqlite,
  storage,
  at,
}: {
  sqlite: Database.Database;
  storage: Storage;
  at: Date;
}): Promise<BackupResult> {
  const dir = backupTempDir();
  await fs.mkdir(dir, { recursive: true });
  for (const name of await fs.readdir(dir)) {
    if (processGone(name.split("-")[0]!)) await fs.rm(path.join(dir, name), { force: true });
  }
  const copy = path.join(dir, `${processTag}-${randomUUID()}.sqlite`);
  const packed = `${copy}.gz`;
  try {
    await sqlite.backup(copy);
    checkIntegrity(copy);
    await pipeline(createReadStream(copy), createGzip(), createWriteStream(packed));
    const key = backupKey(at);
    const { size } = await storage.put(key, createReadStream(packed));
    const pruned = await pruneBackups(storage);
    return { key, size, pruned };
  } finally {
    for (const file of [copy, `${copy}-wal`, `${copy}-shm`, `${copy}-journal`, packed])
      await fs.rm(file, { force: true });
  }
}

export async function pruneBackups(storage: Storage, options?: { hourly?: number; daily?: number }) {
  const backups = await listBackups(storage);
  const keep = backupsToKeep(backups, options);
  const pruned = backups.filter((b) => !keep.has(b.key)).map((b) => b.key);
  for (const key of pruned) await storage.remove(key);
  return pruned;
}

export async function fetchBackup(storage: Storage, key: string, file: string) {
  const found = await storage.read(key);
  if (!found) throw new Error(`no backup named ${key}`);
  await pipeline(found.stream, createGunzip(), createWriteStream(file));
  checkIntegrity(file);
}

export async function backupDatabase() {
  const result = await takeBackup({ sqlite: getDb().$client, storage: getStorage(), at: now() });
  console.log(
    `backup stored as ${result.key} (${result.size} bytes)${result.pruned.length ? `, ${result.pruned.length} old backups removed` : ""}`,
  );
  return result;
}
