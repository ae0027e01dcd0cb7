// "Download everything" and `npm run import` on the S3 driver (a real S3-compatible server, s3rver):
// the media are read from the bucket as streams into the zip, and imported back into it.
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { contributionRecordings } from "#db/schema";
import { eq } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";

import { importArchive } from "~/features/archive/import.server";
import { ArchiveSchema } from "~/features/archive/schema";
import { archiveResponse } from "~/features/archive/zip.server";
import { convertRecording } from "~/features/contributions/recordings.server";
import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";

import { runAppOnS3 } from "../support/app-on-s3";
import { brokenLinks, createArchiveFamily, ORIGINAL_M4A, readZip } from "../utils/archive-helpers";
import { createTestUser } from "../utils/auth";

runAppOnS3("archive");
const dir = await fs.mkdtemp(path.join(os.tmpdir(), "storyhearth-archive-s3-"));

afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function exportTo(ownerId: string, name: string) {
  const file = path.join(dir, name);
  await pipeline(Readable.fromWeb((await archiveResponse(ownerId))!.body as never), createWriteStream(file));
  return readZip(await fs.readFile(file));
}

test("an account on S3 exports with every object from the bucket, and imports back into it", async () => {
  const alice = await createTestUser();
  const family = await createArchiveFamily(alice.id);
  expect((await getStorage().list("recordings/")).map((o) => o.key)).toContain(family.recording.originalKey);

  const first = await exportTo(alice.id, "first.zip");
  const data = ArchiveSchema.parse(JSON.parse(first.get("data.json")!.toString("utf8")));
  expect(
    first
      .get(data.stories.find((s) => s.contributorName === "Aunt May")!.recording!.original!.file)!
      .equals(ORIGINAL_M4A),
  ).toBe(true);
  expect(data.episodes[0]!.chapters.map((c) => c.title)).toEqual(["Grandpa Joe", "Aunt May"]);
  expect(brokenLinks(first)).toEqual([]);

  const carol = await createTestUser();
  expect(await importArchive(path.join(dir, "first.zip"), carol.id)).toMatchObject({
    stories: 4,
    photos: 2,
    recordings: 1,
    episodes: 1,
  });
  // Converted from its original, as an upload is, by the job the import queued.
  const [converting] = db
    .select({ id: contributionRecordings.id })
    .from(contributionRecordings)
    .where(eq(contributionRecordings.status, "converting"))
    .all();
  await convertRecording(converting!.id, null);
  const second = await exportTo(carol.id, "second.zip");
  const normalized = /^media\/recordings\/[\w-]+\.mp3$/;
  const bytes = (entries: Map<string, Buffer>) =>
    [...entries]
      .filter(([name]) => name.startsWith("media/") && !normalized.test(name))
      .map(([, b]) => b.toString("base64"))
      .sort();
  expect(bytes(second)).toEqual(bytes(first));
  expect(bytes(first)).toHaveLength(5); // 2 photos, a recording's original, an MP3 and its transcript
  expect([...second.keys()].filter((name) => normalized.test(name))).toHaveLength(1);
});
