// `npm run crash`: kill -9 during e-mail delivery, podcast generation, newsletter delivery, a
// chunked upload, a recording's conversion and the hourly database backup, restart, and check that nothing was lost, duplicated or left stuck;
// and a job killed inside at every start until its attempts are used, which must then fail, not run again. Each scenario
// runs in its own process with its own database and files (scenario code: tests/crash/); the kill
// points are random but seeded: `CRASH_SEED=<seed> npm run crash` repeats a run, and naming
// scenarios (`npm run crash -- upload`) runs only those. Prints one table and exits non-zero if any
// scenario failed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import type { CrashOutcome } from "../tests/crash/harness";

const SCENARIOS = ["invitations", "podcast", "newsletter", "upload", "recording", "backup", "job-attempts"] as const;
type Scenario = (typeof SCENARIOS)[number];

/** Runs one scenario in this process (started by the table's process with a fresh environment). */
async function runScenario(name: Scenario, seed: number): Promise<CrashOutcome> {
  const { getDb, migrateDatabase } = await import("~/lib/db.server");
  migrateDatabase(getDb());
  const { seededRandom } = await import("../tests/crash/harness");
  const random = seededRandom(seed);
  switch (name) {
    case "invitations": {
      const { runInvitationCrash } = await import("../tests/crash/invitations");
      return (await runInvitationCrash({ count: 1000, random })).outcome;
    }
    case "podcast": {
      const { pickPodcastKillPoint, requestPodcast, runPodcastCrash } = await import("../tests/crash/podcast");
      return (await runPodcastCrash({ podcastId: await requestPodcast(), killPoint: pickPodcastKillPoint(random) }))
        .outcome;
    }
    case "newsletter": {
      const { runNewsletterCrash } = await import("../tests/crash/newsletter");
      return (await runNewsletterCrash({ recipients: 300, random })).outcome;
    }
    case "upload": {
      const { pickUploadKillPoint, runUploadCrash } = await import("../tests/crash/upload");
      return (await runUploadCrash({ megabytes: 50, killPoint: (total) => pickUploadKillPoint(random, total) }))
        .outcome;
    }
    case "recording": {
      const { pickRecordingKillPoint, runRecordingCrash, storyWithRecording } =
        await import("../tests/crash/recording");
      return runRecordingCrash({ ...(await storyWithRecording()), afterMs: pickRecordingKillPoint(random) });
    }
    case "backup": {
      const { pickBackupKillPoint, runBackupCrash } = await import("../tests/crash/backup");
      return (await runBackupCrash({ megabytes: 64, killPoint: pickBackupKillPoint(random) })).outcome;
    }
    case "job-attempts": {
      const { requestPodcast, runJobAttemptsCrash } = await import("../tests/crash/job-attempts");
      return (await runJobAttemptsCrash({ podcastId: await requestPodcast() })).outcome;
    }
  }
}

/** Starts a scenario's process: its own SQLite file, file store and temporary folder, removed after. */
function runInChild(name: Scenario, seed: number): Promise<CrashOutcome> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `storyhearth-crash-${name}-`));
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/crash.ts", "--scenario", name, String(seed)], {
    env: {
      ...process.env,
      APP_ENV: "test",
      DATABASE_PATH: path.join(dir, "crash.db"),
      DATA_DIR: path.join(dir, "files"),
      SESSION_SECRET: "crash-session-secret",
      TMPDIR: dir,
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise<CrashOutcome>((resolve) => {
    let outcome: CrashOutcome | null = null;
    child.on("message", (message) => (outcome = message as CrashOutcome));
    child.once("exit", (code, signal) => {
      fs.rmSync(dir, { recursive: true, force: true });
      resolve(
        outcome ?? {
          scenario: name,
          killPoint: "-",
          expected: 0,
          delivered: 0,
          duplicates: 0,
          stuck: 0,
          problems: [`the scenario process ended (${signal ?? code}) without a result`],
        },
      );
    });
  });
}

function printTable(rows: Array<CrashOutcome & { seconds: string }>) {
  const header = ["scenario", "kill point", "expected", "delivered", "duplicates", "stuck", "time", "result"];
  const cells = rows.map((r) => [
    r.scenario,
    r.killPoint,
    String(r.expected),
    String(r.delivered),
    String(r.duplicates),
    String(r.stuck),
    `${r.seconds} s`,
    r.problems.length ? "FAIL" : "PASS",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((cell, i) => (i >= 2 && i <= 6 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const c of cells) console.log(line(c));
  for (const r of rows) for (const problem of r.problems) console.log(`  ${r.scenario}: ${problem}`);
}

async function main() {
  const { crashSeed } = await import("../tests/crash/harness");
  const seed = crashSeed();
  console.log(`crash scenarios, seed ${seed} (CRASH_SEED=${seed} npm run crash repeats these kill points)`);
  const started = Date.now();
  const rows = [];
  // `npm run crash -- upload podcast` runs just those.
  const chosen = SCENARIOS.filter((name) => process.argv.length <= 2 || process.argv.includes(name));
  for (const name of chosen) {
    const i = SCENARIOS.indexOf(name);
    const t = Date.now();
    console.log(`\n▶ ${name}`);
    const outcome = await runInChild(name, seed + i);
    rows.push({ ...outcome, seconds: ((Date.now() - t) / 1000).toFixed(1) });
  }
  printTable(rows);
  const failed = rows.filter((r) => r.problems.length > 0).length;
  console.log(`\n${rows.length - failed} passed, ${failed} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(failed === 0 ? 0 : 1);
}

if (process.argv[2] === "--scenario") {
  const name = process.argv[3] as Scenario;
  const seed = Number(process.argv[4]);
  runScenario(name, seed)
    .catch((error: unknown): CrashOutcome => ({
      scenario: name,
      killPoint: "-",
      expected: 0,
      delivered: 0,
      duplicates: 0,
      stuck: 0,
      problems: [error instanceof Error ? error.message : String(error)],
    }))
    .then((outcome) => process.send!(outcome, () => process.exit(0)));
} else {
  await main();
}
