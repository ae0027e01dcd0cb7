// Restores a backup taken by the hourly job (app/lib/backup.server.ts) into DATABASE_PATH.
//   npm run restore -- --list          the backups in storage, newest first
//   npm run restore [-- <key>]         the newest (or the named) backup into DATABASE_PATH
//   npm run restore -- --out <file>    only download, unpack and check it (LiteFS: then `litefs import`)
//   --force                            even though a process still has the database open
// In production: `node build/node/restore.js …` (same arguments). Why: docs/decisions/0144-automatic-backups.md
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { describeReapplied, reapplyErasuresToFile } from "../app/features/account/reapply-erasures.server";
import { hashedFamilyFiles } from "../app/features/podcasts/family-files.server";
import { withdrawEpisodesOfClip } from "../app/features/podcasts/generation/clip-removal.server";
import { fetchBackup, listBackups } from "../app/lib/backup.server";
import { closeDb } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";
import { getStorage } from "../app/lib/storage/storage.server";

/** Pids of other processes holding `file` (or its -wal/-shm) open, read from /proc; null where there is no /proc. */
function processesHolding(file: string): number[] | null {
  if (!fs.existsSync("/proc/self/fd")) return null;
  const targets = new Set([file, `${file}-wal`, `${file}-shm`]);
  const found: number[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let fds: string[] = [];
    try {
      fds = fs.readdirSync(`/proc/${name}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    for (const fd of fds) {
      let target = "";
      try {
        target = fs.readlinkSync(`/proc/${name}/fd/${fd}`);
      } catch {
        continue;
      }
      if (targets.has(target)) {
        found.push(Number(name));
        break;
      }
    }
  }
  return found;
}

/**
 * Relatives' removal requests and closed accounts are logged in storage as well (erasure-log.server.ts):
 * applied to the unpacked backup before it goes live, so what was erased after the backup stays erased.
 */
async function reapplyWithdrawals(file: string, storage: ReturnType<typeof getStorage>) {
  // Finished episodes that play a clip removed again are withdrawn and remade in the file, and the owner
  // told, as the removal page does: the same for both paths (decision 0176).
  const reapplied = await reapplyErasuresToFile(file, storage, hashedFamilyFiles, withdrawEpisodesOfClip);
  const episodes =
    reapplied.clips.length > 0
      ? [
          `Episodes playing ${reapplied.clips.length} removed recording(s) withdrawn from feeds and shares until remade.`,
        ]
      : [];
  return { text: [...describeReapplied(reapplied), ...episodes].join("\n") };
}

function moveIfThere(from: string, to: string) {
  if (fs.existsSync(from)) fs.renameSync(from, to);
}

async function main(args: string[]) {
  const config = env();
  const storage = getStorage();
  const backups = await listBackups(storage);
  if (args.includes("--list")) {
    if (backups.length === 0) console.log("no backups yet");
    for (const b of backups) console.log(`${b.key}  ${b.takenAt.toISOString()}  ${b.size} bytes`);
    return 0;
  }
  const outIndex = args.indexOf("--out");
  const out = outIndex >= 0 ? args[outIndex + 1] : undefined;
  if (outIndex >= 0 && !out) throw new Error("--out needs a file name");
  const named = args.find((arg, i) => !arg.startsWith("--") && i !== outIndex + 1);
  const chosen = named ? backups.find((b) => b.key === named || path.basename(b.key) === named) : backups[0];
  if (!chosen) {
    console.error(
      named ? `No backup named ${named}; \`npm run restore -- --list\` shows them.` : "There is no backup to restore.",
    );
    return 1;
  }

  if (out) {
    await fetchBackup(storage, chosen.key, out);
    const withdrawals = await reapplyWithdrawals(out, storage);
    console.log(`${chosen.key} unpacked into ${out} and passed its integrity check.`);
    console.log(withdrawals.text);
    return 0;
  }
  // Through LiteFS the file must be replaced by LiteFS itself, or the replicas would not follow.
  if (config.LITEFS_DIR || process.env.LITEFS_DIR) {
    console.error(
      "This database is replicated by LiteFS: use --out <file>, then `litefs import -name storyhearth.db <file>` (docs/deploy.md).",
    );
    return 1;
  }
  const target = path.resolve(config.DATABASE_PATH);
  const holders = processesHolding(target);
  if (!args.includes("--force")) {
    if (holders === null) {
      console.error("Cannot tell whether the app is running here (no /proc). Stop it, then run again with --force.");
      return 1;
    }
    if (holders.length > 0) {
      console.error(
        `The database is open in process ${holders.join(", ")} (the app?). Stop it first, or pass --force.`,
      );
      return 1;
    }
  }

  // Unpacked and checked beside the target, then renamed over it: the swap is one rename.
  const temp = `${target}.restore-${randomUUID()}`;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  try {
    await fetchBackup(storage, chosen.key, temp);
    const withdrawals = await reapplyWithdrawals(temp, storage);
    const before = `${target}.before-restore`;
    // A WAL belongs to its database: it moves with it (SQLite pairs X with X-wal) and is never left
    // beside the restored file, which would replay foreign pages into it.
    const suffix = fs.existsSync(target) ? "" : `.orphaned-${Date.now()}`;
    if (fs.existsSync(target)) for (const end of ["", "-wal", "-shm"]) fs.rmSync(`${before}${end}`, { force: true });
    moveIfThere(`${target}-wal`, `${before}-wal${suffix}`);
    moveIfThere(`${target}-shm`, `${before}-shm${suffix}`);
    moveIfThere(target, before);
    fs.renameSync(temp, target);
    console.log(
      `Restored ${chosen.key} (${chosen.takenAt.toISOString()}) into ${target}; the previous file is ${before}.`,
    );
    console.log(withdrawals.text);
    // Closed, so SQLite folds its WAL back in: no -wal is left beside the restored file.
    closeDb();
    return 0;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

process.exit(await main(process.argv.slice(2)));
