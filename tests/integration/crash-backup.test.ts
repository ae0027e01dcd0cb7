// kill -9 while the hourly backup copies, compresses or stores the database, then a restart: the
// `backup` scenario of `npm run crash` (tests/crash/backup.ts), once at each kill point.
import { beforeEach, expect, it } from "vitest";

import { listBackups } from "~/lib/backup.server";
import { getStorage } from "~/lib/storage/storage.server";

import { BACKUP_KILL_POINTS, runBackupCrash } from "../crash/backup";

// Each run starts with no backups, as a fresh scenario process does.
beforeEach(async () => {
  for (const backup of await listBackups(getStorage())) await getStorage().remove(backup.key);
});

for (const killPoint of BACKUP_KILL_POINTS) {
  it(`worker killed during the backup's ${killPoint} step: no backup under a final key, the rerun stores a whole one`, async () => {
    const { outcome, finalKeysAfterKill } = await runBackupCrash({ megabytes: 32, killPoint });
    expect(finalKeysAfterKill).toBe(0);
    expect(outcome.problems).toEqual([]);
    expect(outcome).toMatchObject({ expected: 1, delivered: 1, duplicates: 0, stuck: 0 });
  }, 90_000);
}
