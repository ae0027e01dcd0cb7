// `npm run import`: an archive exported, imported for an owner with nothing, and exported again gives
// the same data.json (ids, and the paths made of them, aside) and the same media bytes, the relative's
// recording converted again as an upload is;
// an archive that is not ours, or of another version, imports nothing.
import { spawnSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  campaigns,
  contributionDocuments,
  contributionRecordings,
  contributions,
  newsletters,
  newsletterStories,
  podcastFeeds,
  podcasts,
} from "#db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ZipFile } from "yazl";

import { ArchiveImportError, importArchive } from "~/features/archive/import.server";
import type { ArchiveData } from "~/features/archive/schema";
import { archiveResponse } from "~/features/archive/zip.server";
import { convertRecording, removalToken, requestRecordingRemoval } from "~/features/contributions/recordings.server";
import { db } from "~/lib/db.server";
import { storageKeys } from "~/lib/storage/keys";
import { getStorage } from "~/lib/storage/storage.server";
import { action as removalAction } from "~/routes/_public+/recording-removal.$token";

import { createArchiveFamily, readZip } from "../utils/archive-helpers";
import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";

const dir = await fs.mkdtemp(path.join(os.tmpdir(), "storyhearth-import-"));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

let alice: TestUser;
const LETTER_PDF = Buffer.from("%PDF-1.4\n% Grandpa's letter\n%%EOF\n");
beforeAll(async () => {
  alice = await createTestUser({ firstName: "Alice", lastName: "Lake" });
  const family = await createArchiveFamily(alice.id);
  // A letter that came with a reply, kept as sent (decision 0213).
  const letterKey = storageKeys.document(family.summer.stories[0]!.id, "letter.pdf");
  await getStorage().put(letterKey, LETTER_PDF);
  db.insert(contributionDocuments)
    .values({
      contributionId: family.summer.stories[0]!.id,
      storageKey: letterKey,
      fileName: "Grandpa's letter.pdf",
      contentType: "application/pdf",
      size: LETTER_PDF.length,
    })
    .run();
  // Share state: a revoked feed of the first collection.
  db.insert(podcastFeeds)
    .values({
      ownerId: alice.id,
      campaignId: family.summer.campaign.id,
      token: `t-${Date.now()}`,
      revokedAt: new Date(),
    })
    .run();
});

async function exportTo(ownerId: string, name: string) {
  const response = (await archiveResponse(ownerId))!;
  const file = path.join(dir, name);
  await pipeline(Readable.fromWeb(response.body as never), createWriteStream(file));
  return file;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/**
 * data.json with ids aside, and what converting the relative's recording again decides (its length, and
 * the format ffprobe names): an import checks and converts it as an upload is.
 */
function comparable(entries: Map<string, Buffer>) {
  const {
    exportedAt: _at,
    owner: _owner,
    ...data
  } = JSON.parse(entries.get("data.json")!.toString("utf8")) as ArchiveData;
  for (const story of data.stories)
    if (story.recording)
      story.recording = {
        ...story.recording,
        durationSeconds: null,
        original: story.recording.original && { ...story.recording.original, format: null },
      };
  return JSON.parse(JSON.stringify(data).replace(UUID, "<id>")) as unknown;
}
/** The imported owner's recordings converted, as the job runner does after an import. */
async function convertRecordingsOf(ownerId: string) {
  const rows = db
    .select({ id: contributionRecordings.id })
    .from(contributionRecordings)
    .innerJoin(contributions, eq(contributions.id, contributionRecordings.contributionId))
    .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
    .where(eq(campaigns.ownerId, ownerId))
    .all();
  for (const { id } of rows) await convertRecording(id, null);
  return rows.length;
}
/** Media entries in the order data.json names them, as bytes; a recording's normalized copy is made again by the import, so it is left out. */
function media(entries: Map<string, Buffer>) {
  const data = JSON.parse(entries.get("data.json")!.toString("utf8")) as {
    stories: Array<{
      photos: Array<{ file: string }>;
      documents?: Array<{ file: string }>;
      recording: { original: { file: string } | null } | null;
    }>;
    episodes: Array<{ audio: string }>;
  };
  const files = [
    ...data.stories.flatMap((s) => [
      ...s.photos.map((p) => p.file),
      ...(s.documents ?? []).map((d) => d.file),
      ...(s.recording?.original ? [s.recording.original.file] : []),
    ]),
    ...data.episodes.map((e) => e.audio),
  ];
  return files.map((file) => entries.get(file)!.toString("base64"));
}

/** Per chapter of the archive's episode, the names of the stories it tells (resolved through data.json's own ids). */
function toldBy(entries: Map<string, Buffer>) {
  const data = JSON.parse(entries.get("data.json")!.toString("utf8")) as ArchiveData;
  const names = new Map(data.stories.map((s) => [s.id, s.contributorName]));
  return data.episodes[0]!.chapters.map((c) => (c.storyIds ?? []).map((id) => names.get(id)));
}

describe("import", () => {
  test("export -> import into an empty account -> export gives the same data.json and media bytes, the recording converted again", async () => {
    const first = await readZip(await fs.readFile(await exportTo(alice.id, "first.zip")));
    const carol = await createTestUser({
      firstName: "Alice",
      lastName: "Lake",
    });

    const result = await importArchive(path.join(dir, "first.zip"), carol.id);
    expect(await convertRecordingsOf(carol.id)).toBe(1);

    expect(result).toEqual({
      collections: 2,
      stories: 4,
      photos: 2,
      documents: 1,
      recordings: 1,
      episodes: 1,
      newsletters: 1,
      withheld: 0,
    });
    const second = await readZip(await fs.readFile(await exportTo(carol.id, "second.zip")));
    expect(comparable(second)).toEqual(comparable(first));
    expect(media(second)).toEqual(media(first));
    expect(media(first)).toHaveLength(5);
    // The family episode's chapters still name their stories, by the new ids: the book's QR links play them.
    expect(toldBy(first)).toEqual([["Grandpa Joe"], ["Aunt May"]]);
    expect(toldBy(second)).toEqual(toldBy(first));
    const [episode] = db
      .select({ chapterStories: podcasts.chapterStories })
      .from(podcasts)
      .where(eq(podcasts.ownerId, carol.id))
      .all();
    const carolsStories = new Set(
      db
        .select({ id: contributions.id })
        .from(contributions)
        .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
        .where(eq(campaigns.ownerId, carol.id))
        .all()
        .map((s) => s.id),
    );
    expect(
      episode!.chapterStories!.flatMap((c) => c.contributionIds).filter((id) => carolsStories.has(id)),
    ).toHaveLength(2);
    // Same pages, ids aside.
    const pages = (entries: Map<string, Buffer>) => [...entries.keys()].map((k) => k.replace(UUID, "<id>")).sort();
    expect(pages(second)).toEqual(pages(first));
    // The feed comes back revoked, under a new address.
    const feeds = db.select().from(podcastFeeds).where(eq(podcastFeeds.ownerId, carol.id)).all();
    expect(feeds.map((f) => f.revokedAt !== null)).toEqual([true]);
  });

  test("export -> npm run import into an empty database and storage -> export there gives the same data.json and media bytes, the recording converted again", async () => {
    const firstFile = await exportTo(alice.id, "for-a-new-installation.zip");
    const first = await readZip(await fs.readFile(firstFile));
    // Another installation: its own database file and storage folder, both empty, in processes of their own.
    const fresh = await fs.mkdtemp(path.join(dir, "fresh-"));
    const elsewhere = {
      ...process.env,
      DATABASE_PATH: path.join(fresh, "fresh.db"),
      DATA_DIR: path.join(fresh, "files"),
    };
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", ...args], { env: elsewhere, encoding: "utf8" });
    const imported = run("scripts/import.ts", firstFile, "alice@new.example.com");
    expect(imported.stderr).toBe("");
    expect(imported.status).toBe(0);
    expect(imported.stdout).toContain(
      "Imported for alice@new.example.com: 2 collections, 4 stories, 2 photos, 1 documents, 1 recordings, 1 episodes, 1 newsletters.",
    );
    const secondFile = path.join(fresh, "exported-there.zip");
    const exported = run("tests/support/export-archive.ts", "alice@new.example.com", secondFile);
    expect(exported.stderr).toBe("");
    expect(exported.status).toBe(0);

    const second = await readZip(await fs.readFile(secondFile));
    expect(comparable(second)).toEqual(comparable(first));
    expect(media(second)).toEqual(media(first));
    // The new installation's storage holds those media, the recording's new normalized copy and nothing else (and the chapter list its export read from the episode, kept beside it).
    const storedThere = (await fs.readdir(elsewhere.DATA_DIR, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => e.name);
    expect(storedThere.filter((name) => !name.endsWith(".chapters.json"))).toHaveLength(media(first).length + 1);
    expect(storedThere.filter((name) => name.endsWith(".chapters.json"))).toHaveLength(1);
  }, 120_000);

  test("an archive made before chapters named their stories still imports; its episode's chapters then name none", async () => {
    const entries = await readZip(await fs.readFile(await exportTo(alice.id, "with-chapter-stories.zip")));
    const data = JSON.parse(entries.get("data.json")!.toString("utf8")) as ArchiveData;
    for (const episode of data.episodes)
      episode.chapters = episode.chapters.map(({ title, start }) => ({ title, start }));
    const zip = new ZipFile();
    for (const [name, bytes] of entries)
      zip.addBuffer(name === "data.json" ? Buffer.from(JSON.stringify(data)) : bytes, name);
    zip.end();
    const older = path.join(dir, "older.zip");
    await pipeline(zip.outputStream, createWriteStream(older));
    const erin = await createTestUser();

    expect(await importArchive(older, erin.id)).toMatchObject({ stories: 4, episodes: 1 });
    expect(
      db.select({ chapterStories: podcasts.chapterStories }).from(podcasts).where(eq(podcasts.ownerId, erin.id)).all(),
    ).toEqual([{ chapterStories: null }]);
  });

  test("an archive of the first layout (files named by ids, no stylesheet, no book) still imports, and exports again under readable names", async () => {
    const entries = await readZip(await fs.readFile(await exportTo(alice.id, "for-the-old-layout.zip")));
    const data = JSON.parse(entries.get("data.json")!.toString("utf8")) as ArchiveData;
    // As the first exporter named them: every page and media file by the id of what it holds.
    const old = new Map<string, Buffer>();
    const moved = (from: string, to: string) => (old.set(to, entries.get(from)!), to);
    for (const c of data.collections) c.page = moved(c.page, `collections/${c.id}.html`);
    for (const st of data.stories) {
      st.page = moved(st.page, `stories/${st.id}.html`);
      for (const photo of st.photos) photo.file = moved(photo.file, `media/photos/${photo.id}.png`);
      for (const document of st.documents ?? [])
        document.file = moved(document.file, `media/documents/${document.id}.pdf`);
      const rec = st.recording;
      if (rec) {
        rec.file = moved(rec.file, `media/recordings/${rec.id}.mp3`);
        if (rec.original) rec.original.file = moved(rec.original.file, `media/recordings/${rec.id}-original.m4a`);
      }
    }
    for (const e of data.episodes) {
      e.page = moved(e.page, `episodes/${e.id}.html`);
      e.audio = moved(e.audio, `media/episodes/${e.id}.mp3`);
      if (e.transcriptFile) e.transcriptFile = moved(e.transcriptFile, `media/episodes/${e.id}-transcript.txt`);
    }
    for (const n of data.newsletters) {
      n.page = moved(n.page, `newsletters/${n.id}.html`);
      if (n.cover) n.cover = moved(n.cover, `media/newsletters/${n.id}-cover.png`);
    }
    delete data.book;
    old.set("data.json", Buffer.from(JSON.stringify(data)));
    old.set("index.html", entries.get("index.html")!);
    const zip = new ZipFile();
    for (const [name, bytes] of old) zip.addBuffer(bytes, name);
    zip.end();
    const file = path.join(dir, "first-layout.zip");
    await pipeline(zip.outputStream, createWriteStream(file));

    const gwen = await createTestUser({ firstName: "Alice", lastName: "Lake" });
    expect(await importArchive(file, gwen.id)).toMatchObject({
      collections: 2,
      stories: 4,
      photos: 2,
      recordings: 1,
      episodes: 1,
      newsletters: 1,
    });
    await convertRecordingsOf(gwen.id);
    const again = await readZip(await fs.readFile(await exportTo(gwen.id, "from-the-old-layout.zip")));
    expect(comparable(again)).toEqual(comparable(entries));
    expect(media(again)).toEqual(media(entries));
  });

  test("a zip that is not a Storyhearth archive, or of another version, imports nothing", async () => {
    const dave = await createTestUser();
    const make = async (name: string, json: unknown) => {
      const zip = new ZipFile();
      zip.addBuffer(Buffer.from(JSON.stringify(json)), "data.json");
      zip.end();
      const file = path.join(dir, name);
      await pipeline(zip.outputStream, createWriteStream(file));
      return file;
    };
    await expect(importArchive(await make("other.zip", { hello: 1 }), dave.id)).rejects.toThrow(ArchiveImportError);
    await expect(
      importArchive(await make("v9.zip", { format: "storyhearth-archive", version: 9 }), dave.id),
    ).rejects.toThrow("Archive version 9 is not one this installation reads (1)");
    const textFile = path.join(dir, "not.zip");
    await fs.writeFile(textFile, "hello");
    await expect(importArchive(textFile, dave.id)).rejects.toThrow(/Not a zip archive/);
    expect(db.select().from(campaigns).where(eq(campaigns.ownerId, dave.id)).all()).toEqual([]);
  });

  // The archive was made before a relative asked for their recording (or their story too) to go:
  // importing it must not bring back what they asked away, nor the episodes that may play it.
  describe("an archive made before a removal request", () => {
    const importedBy = async (file: string) => {
      const owner = await createTestUser();
      return { owner, result: await importArchive(file, owner.id) };
    };
    const storiesOf = (ownerId: string) =>
      db
        .select({ text: contributions.storyContent, name: contributions.contributorName })
        .from(contributions)
        .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
        .where(eq(campaigns.ownerId, ownerId))
        .all();
    const recordingsOf = (ownerId: string) =>
      db
        .select({ id: contributionRecordings.id })
        .from(contributionRecordings)
        .innerJoin(contributions, eq(contributions.id, contributionRecordings.contributionId))
        .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
        .where(eq(campaigns.ownerId, ownerId))
        .all();
    const episodesOf = (ownerId: string) =>
      db.select({ id: podcasts.id }).from(podcasts).where(eq(podcasts.ownerId, ownerId)).all();
    const newsletterTextsOf = (ownerId: string) =>
      db
        .select({ author: newsletterStories.author })
        .from(newsletterStories)
        .innerJoin(newsletters, eq(newsletters.id, newsletterStories.newsletterId))
        .where(eq(newsletters.ownerId, ownerId))
        .all()
        .map((r) => r.author);

    test("a recording asked away stays out, with the episodes of its collection made since its story came", async () => {
      const owner = await createTestUser();
      const family = await createArchiveFamily(owner.id);
      const file = await exportTo(owner.id, "before-recording-removal.zip");
      await requestRecordingRemoval(removalToken(family.recording.id));

      const { owner: importer, result } = await importedBy(file);
      expect(result).toMatchObject({ stories: 4, photos: 2, recordings: 0, episodes: 0, withheld: 2 });
      expect(storiesOf(importer.id).map((s) => s.name)).toContain("Aunt May"); // her text stays: she asked for the recording only
      expect(recordingsOf(importer.id)).toEqual([]);
      expect(episodesOf(importer.id)).toEqual([]);
    });

    test("a story asked away stays out with its photos, recording, newsletter copy and the episodes that may read it", async () => {
      const owner = await createTestUser();
      const family = await createArchiveFamily(owner.id);
      const file = await exportTo(owner.id, "before-story-removal.zip");
      expect(newsletterTextsOf(owner.id)).toContain("Aunt May");
      const token = removalToken(family.recording.id);
      expect(
        (
          await callRoute(removalAction, makeRequest(`/recording-removal/${token}`, { form: { story: "yes" } }), {
            token,
          })
        ).status,
      ).toBe(302);

      const { owner: importer, result } = await importedBy(file);
      expect(result).toMatchObject({ stories: 3, photos: 1, recordings: 0, episodes: 0, newsletters: 1, withheld: 2 });
      expect(storiesOf(importer.id).map((s) => s.name)).not.toContain("Aunt May");
      expect(newsletterTextsOf(importer.id)).not.toContain("Aunt May");
      expect(newsletterTextsOf(importer.id).length).toBeGreaterThan(0);
      expect(recordingsOf(importer.id)).toEqual([]);
    });
  });
});
