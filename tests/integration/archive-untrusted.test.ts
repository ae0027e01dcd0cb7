// An imported archive is untrusted input: its photos are decoded and written again as a photo by e-mail
// is, its recordings checked and converted as an upload is, and a zip built to exhaust the server (an
// overlap bomb, a data.json that inflates to gigabytes, names that climb out) is refused with a message,
// with nothing written and no account made. A family of 5,000 stories goes there and back.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import { campaigns, contributionAttachments, contributionRecordings, contributions, users } from "#db/schema";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ZipFile } from "yazl";

import { ArchiveImportError, importArchive } from "~/features/archive/import.server";
import type { ArchiveData } from "~/features/archive/schema";
import { archiveResponse } from "~/features/archive/zip.server";
import { servePhoto } from "~/features/contributions/photos.server";
import { convertRecording } from "~/features/contributions/recordings.server";
import { db } from "~/lib/db.server";
import { readStoredBytes } from "~/lib/storage/read-bytes.server";
import { getStorage } from "~/lib/storage/storage.server";
import { countWords } from "~/lib/word-count";
import { action } from "~/routes/admin+/import-archive";

import { createTestAdmin, type TestAdmin } from "../utils/admin-helpers";
import { createArchiveFamily, readZip } from "../utils/archive-helpers";
import { callRoute, createTestUser, makeRequest } from "../utils/auth";
import { forgeZip, type ForgedEntry } from "../utils/zip-forge";

const MB = 1024 * 1024;
const dir = await fs.mkdtemp(path.join(os.tmpdir(), "storyhearth-untrusted-"));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

let admin: TestAdmin;
let base: Map<string, Buffer>;
beforeAll(async () => {
  admin = await createTestAdmin();
  const alice = await createTestUser();
  await createArchiveFamily(alice.id);
  base = await readZip(Buffer.from(await (await archiveResponse(alice.id))!.arrayBuffer()));
});

const dataOf = (entries: Map<string, Buffer>) => JSON.parse(entries.get("data.json")!.toString("utf8")) as ArchiveData;

/** The family's archive with data.json and entries changed by `edit`, zipped as our exporter zips. */
async function variant(edit: (data: ArchiveData, entries: Map<string, Buffer>) => void) {
  const entries = new Map(base);
  const data = dataOf(base);
  edit(data, entries);
  entries.set("data.json", Buffer.from(JSON.stringify(data)));
  return rezip(entries);
}

/** A photo of the family swapped for `bytes`, said by the archive to be `fileName` of `contentType`. */
const withPhoto = (bytes: Buffer, fileName: string, contentType: string) =>
  variant((data, entries) => {
    const photo = data.stories.find((s) => s.photos.length)!.photos[0]!;
    entries.delete(photo.file);
    Object.assign(photo, {
      file: `media/photos/${photo.id}.${fileName.split(".").pop()}`,
      fileName,
      contentType,
      size: bytes.length,
    });
    entries.set(photo.file, bytes);
  });

async function toFile(bytes: Buffer) {
  const file = path.join(dir, `${randomUUID()}.zip`);
  await fs.writeFile(file, bytes);
  return file;
}

const storedKeys = async () => (await getStorage().list("")).map((o) => o.key).sort();
const userByEmail = (email: string) => db.select().from(users).where(eq(users.email, email)).get();
const newEmail = () => `imported-${randomUUID()}@example.com`;

/** Imports for a new address; returns the owner's id. */
async function importFor(bytes: Buffer) {
  const email = newEmail();
  await importArchive(await toFile(bytes), { email });
  return userByEmail(email)!.id;
}

/** The import is refused with `message`, leaving storage as it was and no account for the address. */
async function expectRefused(bytes: Buffer, message: RegExp) {
  const before = await storedKeys();
  const email = newEmail();
  const refused = importArchive(await toFile(bytes), { email });
  await expect(refused).rejects.toThrow(ArchiveImportError);
  await expect(refused).rejects.toThrow(message);
  expect(await storedKeys()).toEqual(before);
  expect(userByEmail(email)).toBeUndefined();
}

function upload(bytes: Buffer, ownerEmail = newEmail()) {
  const form = new FormData();
  form.append("ownerEmail", ownerEmail);
  form.append("archive", new File([new Uint8Array(bytes)], "family.zip", { type: "application/zip" }));
  return callRoute(action, makeRequest("/admin/import-archive", { method: "POST", cookie: admin.cookie, body: form }));
}

const photosOf = (ownerId: string) =>
  db
    .select({
      storageKey: contributionAttachments.storageKey,
      fileName: contributionAttachments.fileName,
      contentType: contributionAttachments.contentType,
    })
    .from(contributionAttachments)
    .innerJoin(contributions, eq(contributions.id, contributionAttachments.contributionId))
    .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
    .where(eq(campaigns.ownerId, ownerId))
    .all();
const recordingsOf = (ownerId: string) =>
  db
    .select({ recording: contributionRecordings })
    .from(contributionRecordings)
    .innerJoin(contributions, eq(contributions.id, contributionRecordings.contributionId))
    .innerJoin(campaigns, eq(campaigns.id, contributions.campaignId))
    .where(eq(campaigns.ownerId, ownerId))
    .all()
    .map((r) => r.recording);

describe("media are checked as on arrival", () => {
  const SVG = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><rect width="9" height="9"/></svg>',
  );
  const HTML = Buffer.from("<!doctype html><script>fetch('/admin').then(r => r.text()).then(alert)</script>");

  test("a 'photo' that is SVG or HTML is refused: nothing is imported, nothing is stored", async () => {
    await expectRefused(
      await withPhoto(SVG, "drawing.svg", "image/svg+xml"),
      /media\/photos\/[\w-]+\.svg is not a photo/,
    );
    await expectRefused(await withPhoto(HTML, "page.html", "text/html"), /media\/photos\/[\w-]+\.html is not a photo/);
  });

  test("a real photo under a wrong name and type is stored as what it is: the type and name come from its bytes", async () => {
    const png = await sharp({
      create: { width: 4, height: 4, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const ownerId = await importFor(await withPhoto(png, "page.html", "text/html"));
    const photo = photosOf(ownerId).find((p) => p.fileName.startsWith("page"))!;
    expect(photo).toMatchObject({
      fileName: "page.png",
      contentType: "image/png",
      storageKey: expect.stringMatching(/^photos\/[\w-]+\/[\w-]+\.png$/),
    });
  });

  test("a 'photo' an earlier import kept as SVG is served as bytes to save, never as SVG", async () => {
    const [story] = db.select({ id: contributions.id }).from(contributions).limit(1).all();
    const storageKey = `photos/${story!.id}/${randomUUID()}.svg`;
    await getStorage().put(storageKey, SVG);
    const photo = db
      .insert(contributionAttachments)
      .values({
        contributionId: story!.id,
        storageKey,
        fileName: "drawing.svg",
        contentType: "image/svg+xml",
        size: SVG.length,
      })
      .returning()
      .get();
    const response = await servePhoto(makeRequest("/newsletter/x/images/y"), photo, "private, max-age=86400");
    expect(response.headers.get("Content-Type")).toBe("application/octet-stream");
  });

  test("a JPEG with its GPS position and camera serial comes back without them", async () => {
    const exif = {
      IFD0: { Make: "PhoneMaker", Model: "Model X1" },
      IFD2: { BodySerialNumber: "SN-123456789" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
    };
    const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#c03030" } })
      .jpeg()
      .withExif(exif)
      .toBuffer();
    const sent = (await sharp(jpeg).metadata()).exif!;
    expect(sent.includes("SN-123456789")).toBe(true);
    expect(sent.includes(Buffer.from([0x88, 0x25])) || sent.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS directory's tag

    const ownerId = await importFor(await withPhoto(jpeg, "lake.jpg", "image/jpeg"));
    const photo = photosOf(ownerId).find((p) => p.fileName === "lake.jpg")!;
    const stored = (await readStoredBytes(photo.storageKey))!;
    const meta = await sharp(stored).metadata();
    expect({ format: meta.format, width: meta.width, exif: meta.exif, contentType: photo.contentType }).toEqual({
      format: "jpeg",
      width: 32,
      exif: undefined,
      contentType: "image/jpeg",
    });
    expect(stored.includes("SN-123456789")).toBe(false);
  });

  test("a recording named .html is kept under the type ffprobe finds and converted as an upload is", async () => {
    const bytes = await variant((data, entries) => {
      const original = data.stories.find((s) => s.recording)!.recording!.original!;
      const audio = entries.get(original.file)!;
      entries.delete(original.file);
      original.file = original.file.replace(/\.m4a$/, ".html");
      original.fileName = "voice.html";
      entries.set(original.file, audio);
    });
    const ownerId = await importFor(bytes);
    const [recording] = recordingsOf(ownerId);
    expect(recording).toMatchObject({
      status: "converting",
      originalKey: expect.stringMatching(/\.m4a$/),
      originalFileName: "voice.html",
      transcript: "Every Christmas Eve we sang.",
    });
    await convertRecording(recording!.id, null);
    expect(recordingsOf(ownerId)[0]).toMatchObject({ status: "ready", normalizedKey: expect.stringMatching(/\.mp3$/) });
  });

  test("a 'recording' that is HTML is refused", async () => {
    const bytes = await variant((data, entries) => {
      const recording = data.stories.find((s) => s.recording)!.recording!;
      entries.set(recording.original!.file, HTML);
      entries.set(recording.file, HTML);
    });
    await expectRefused(bytes, /media\/recordings\/[\w-]+-original\.m4a is not a recording/);
  });
});

describe("zips built to exhaust the server", () => {
  /** The family's entries as forged entries (deflated, each with its own data). */
  const forgedBase = (data = dataOf(base)): ForgedEntry[] =>
    [...base].map(([name, bytes]) => ({
      name,
      data: name === "data.json" ? Buffer.from(JSON.stringify(data)) : bytes,
    }));

  test("entries that share their data (an overlap bomb) are refused with a 4xx, nothing written", async () => {
    const data = dataOf(base);
    const episode = data.episodes[0]!;
    // The relative's recording is the episode's bytes again: in a bomb, thousands of entries do this.
    const shared = data.stories.find((s) => s.recording)!.recording!.original!.file;
    const entries = forgedBase(data).map((e) => (e.name === shared ? { name: e.name, sameDataAs: episode.audio } : e));
    const bytes = forgeZip([...entries.filter((e) => !e.sameDataAs), ...entries.filter((e) => e.sameDataAs)]);
    await expectRefused(bytes, /entries overlap/);
    const response = await upload(bytes);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/^Nothing was imported: .*entries overlap/) });
  });

  test("a data.json that inflates far past its limit is refused with a 4xx before it is read whole", async () => {
    const data = dataOf(base);
    const [head, tail] = JSON.stringify({ ...data, owner: { name: "\u0001" } }).split("\\u0001") as [string, string];
    const size = 80 * MB;
    const body = Buffer.concat([
      Buffer.from(head),
      Buffer.alloc(size - head.length - tail.length, "A"),
      Buffer.from(tail),
    ]);
    const raw = { deflated: deflateRawSync(body, { level: 9 }), size: body.length, crc: crc32(body) };
    const others = forgedBase(data).filter((e) => e.name !== "data.json");
    // Its zip directory says its true size, or lies that it is small.
    for (const [claimedSize, why] of [
      [undefined, /data\.json is larger than \d+ MB/],
      [4096, /data\.json inflates to more than its zip directory says/],
    ] as const) {
      const bytes = forgeZip([{ name: "data.json", raw, claimedSize }, ...others]);
      expect(bytes.length).toBeLessThan(2 * MB);
      await expectRefused(bytes, why);
      const response = await upload(bytes);
      expect(response.status).toBe(claimedSize ? 400 : 413);
      expect(await response.json()).toEqual({
        error: expect.stringMatching(new RegExp(`^Nothing was imported: ${why.source}`)),
      });
    }
  });

  test("an entry named ../x answers a 4xx, and no descriptor of the upload stays open", async () => {
    const bytes = forgeZip([...forgedBase(), { name: "../x", data: Buffer.from("outside") }]);
    for (let i = 0; i < 3; i++) {
      const response = await upload(bytes);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: expect.stringMatching(/^Nothing was imported: .*\.\.\/x/) });
    }
    const open = await Promise.all(
      (await fs.readdir("/proc/self/fd")).map((fd) => fs.readlink(`/proc/self/fd/${fd}`).catch(() => "")),
    );
    expect(open.filter((target) => target.includes("storyhearth-upload-archive-"))).toEqual([]);
  });

  test("two data.json entries are refused", async () => {
    const data = dataOf(base);
    const other = { ...data, collections: data.collections.map((c) => ({ ...c, title: "Someone else's" })) };
    const bytes = forgeZip([...forgedBase(data), { name: "data.json", data: Buffer.from(JSON.stringify(other)) }]);
    await expectRefused(bytes, /data\.json twice/);
  });

  test("an import that fails part way leaves no owner account and no stored file", async () => {
    const bytes = await variant((data, entries) => {
      // The last story's photo is missing: every earlier photo was already stored when it is reached.
      entries.delete(data.stories.filter((s) => s.photos.length).at(-1)!.photos[0]!.file);
    });
    await expectRefused(bytes, /lacks media\/photos\//);
  });

  test("npm run import says why an archive is refused and exits with an error", () => {
    const data = dataOf(base);
    const bytes = forgeZip([...forgedBase(data), { name: "data.json", data: Buffer.from(JSON.stringify(data)) }]);
    const file = path.join(dir, "twice.zip");
    return fs.writeFile(file, bytes).then(async () => {
      const fresh = await fs.mkdtemp(path.join(dir, "cli-"));
      const env = { ...process.env, DATABASE_PATH: path.join(fresh, "cli.db"), DATA_DIR: path.join(fresh, "files") };
      const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/import.ts", file, "cli@example.com"], {
        env,
        encoding: "utf8",
      });
      expect({ status: run.status, stdout: run.stdout, stderr: run.stderr.trim() }).toEqual({
        status: 1,
        stdout: "",
        stderr: "Import failed, nothing was imported: The archive holds data.json twice",
      });
      expect(await fs.readdir(env.DATA_DIR).catch(() => [])).toEqual([]);
    });
  }, 60_000);
});

describe("a large family", () => {
  test("5,000 stories go there and back", async () => {
    const owner = await createTestUser();
    const campaign = db
      .insert(campaigns)
      .values({
        ownerId: owner.id,
        publicId: randomUUID(),
        title: "Everyone's stories",
        prompt: "Tell us anything",
        status: "active",
      })
      .returning()
      .get();
    const rows = Array.from({ length: 5000 }, (_, i) => {
      const text = `Story number ${i + 1}: the summer the lake froze early.`;
      return {
        campaignId: campaign.id,
        contributorName: `Relative ${i + 1}`,
        storyContent: text,
        submissionMethod: "web" as const,
        wordCount: countWords(text),
        submittedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      db.insert(contributions)
        .values(rows.slice(i, i + 500))
        .run();
    const first = await readZip(Buffer.from(await (await archiveResponse(owner.id))!.arrayBuffer()));

    const ownerId = await importFor(await rezip(first));
    const imported = db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.ownerId, ownerId)).all();
    const stories = db
      .select({ name: contributions.contributorName })
      .from(contributions)
      .where(
        inArray(
          contributions.campaignId,
          imported.map((c) => c.id),
        ),
      )
      .all();
    expect(stories).toHaveLength(5000);
    const second = await readZip(Buffer.from(await (await archiveResponse(ownerId))!.arrayBuffer()));
    const texts = (entries: Map<string, Buffer>) =>
      dataOf(entries).stories.map((s) => `${s.contributorName}: ${s.text}`);
    expect(texts(second)).toEqual(texts(first));
  }, 300_000);
});

async function rezip(entries: Map<string, Buffer>) {
  const zip = new ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
  zip.end();
  const parts: Buffer[] = [];
  for await (const chunk of zip.outputStream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}
