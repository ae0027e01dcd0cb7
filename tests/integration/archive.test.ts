// "Download everything": the zip of a demo-like family holds a static site whose every link
// lands inside the zip, every stored object byte for byte, and a data.json valid against its schema;
// another owner's collection is a 404.
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { books, campaigns, contributionAttachments } from "#db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { ZipFile } from "yazl";

import { importArchive } from "~/features/archive/import.server";
import { ARCHIVE_FORMAT_VERSION, ArchiveSchema } from "~/features/archive/schema";
import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { loader as accountArchive } from "~/routes/_app+/archive";
import { loader as collectionArchive } from "~/routes/_app+/campaigns.$campaignId.archive";

import { brokenLinks, createArchiveFamily, ORIGINAL_M4A, readZip } from "../utils/archive-helpers";
import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";

let alice: TestUser;
let bob: TestUser;
let family: Awaited<ReturnType<typeof createArchiveFamily>>;

beforeAll(async () => {
  alice = await createTestUser({ firstName: "Alice", lastName: "Lake" });
  bob = await createTestUser();
  family = await createArchiveFamily(alice.id);
});

async function stored(key: string) {
  const file = await getStorage().read(key);
  const parts: Buffer[] = [];
  for await (const chunk of file!.stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

/** The entries zipped again, as an owner's copy of the archive. */
function zipOf(entries: Map<string, Buffer>) {
  const zip = new ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
  zip.end();
  return new Response(zip.outputStream as never).arrayBuffer().then((bytes) => Buffer.from(bytes));
}

async function download(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/zip");
  return readZip(Buffer.from(await response.arrayBuffer()));
}

describe("a collection's archive", () => {
  test("holds the site, every photo, recording (and its original), the episode with chapters and transcript, and the newsletter", async () => {
    const { summer, episode, newsletter, recording } = family;
    const response = await callRoute(
      collectionArchive,
      makeRequest(`/campaigns/${summer.campaign.id}/archive`, {
        cookie: alice.cookie,
      }),
      { campaignId: summer.campaign.id },
    );
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="storyhearth-summers-at-the-lake-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = await download(response);

    const data = ArchiveSchema.parse(JSON.parse(entries.get("data.json")!.toString("utf8")));
    expect(data).toMatchObject({
      format: "storyhearth-archive",
      version: ARCHIVE_FORMAT_VERSION,
      scope: "collection",
      owner: { name: "Alice Lake" },
    });
    expect(data.collections.map((c) => c.title)).toEqual([summer.campaign.title]);
    expect(data.stories.map((s) => s.contributorName)).toEqual(["Grandpa Joe", "Aunt May", null]);
    expect(JSON.parse(entries.get("data.schema.json")!.toString("utf8"))).toMatchObject({
      type: "object",
      required: expect.arrayContaining(["version", "stories"]),
    });

    // Every file is named for what it holds, numbered in the archive's order; no id in any name.
    const slug = summer.campaign.title.toLowerCase().replace(/ /g, "-");
    expect([...entries.keys()].sort()).toEqual(
      [
        "index.html",
        "style.css",
        "data.json",
        "data.schema.json",
        `collections/01-${slug}.html`,
        "stories/01-growing-up-on-the-farm-grandpa-joe.html",
        "stories/02-every-christmas-eve-we-sang-carols-by-the-fire-aunt-may.html",
        "stories/03-aunt-rose-kept-a-jar-of-buttons-on-the-windowsill.html",
        "media/photos/01-growing-up-on-the-farm-grandpa-joe-1.png",
        "media/photos/02-every-christmas-eve-we-sang-carols-by-the-fire-aunt-may-1.png",
        "media/recordings/02-every-christmas-eve-we-sang-carols-by-the-fire-aunt-may.mp3",
        "media/recordings/02-every-christmas-eve-we-sang-carols-by-the-fire-aunt-may-original.m4a",
        "episodes/01-summer-at-the-lake.html",
        "media/episodes/01-summer-at-the-lake.mp3",
        "media/episodes/01-summer-at-the-lake-transcript.txt",
        `newsletters/01-${newsletter.title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/-$/, "")}-edition-1.html`,
        ...(newsletter.coverImageKey ? [expect.stringMatching(/^media\/newsletters\/01-[a-z0-9-]+-cover\.png$/)] : []),
      ].sort(),
    );
    for (const name of entries.keys()) expect(name).toMatch(/^[a-z0-9./-]+$/);
    expect(brokenLinks(entries)).toEqual([]);
    // One stylesheet, linked by every page; no page carries styles of its own.
    expect([...entries.keys()].filter((name) => name.endsWith(".css"))).toEqual(["style.css"]);
    for (const [name, bytes] of entries) {
      if (!name.endsWith(".html")) continue;
      expect(bytes.toString("utf8")).toContain(
        `<link rel="stylesheet" href="${name.includes("/") ? "../" : ""}style.css">`,
      );
      expect(bytes.toString("utf8")).not.toMatch(/<style|style="/);
    }
    // No family book made yet: none in the archive, and the index offers none.
    expect(data.book).toBeNull();
    expect(entries.get("index.html")!.toString("utf8")).not.toContain("book.pdf");

    // Every stored object, byte for byte.
    for (const photo of data.stories.flatMap((s) => s.photos)) {
      const row = db.select().from(contributionAttachments).where(eq(contributionAttachments.id, photo.id)).get()!;
      expect(entries.get(photo.file)!.equals(await stored(row.storageKey))).toBe(true);
    }
    const photoKeys = summer.stories.filter((s) => s.photoId).map((s) => s.photoId!);
    expect(data.stories.flatMap((s) => s.photos.map((p) => p.id)).sort()).toEqual(photoKeys.sort());
    const voiced = data.stories[1]!;
    expect(voiced.recording).toMatchObject({
      id: recording.id,
      transcript: "Every Christmas Eve we sang.",
      original: { fileName: "Aunt May.m4a" },
    });
    expect(entries.get(voiced.recording!.file)!.equals(await stored(recording.normalizedKey))).toBe(true);
    expect(entries.get(voiced.recording!.original!.file)!.equals(ORIGINAL_M4A)).toBe(true);
    const [archived] = data.episodes;
    expect(archived).toMatchObject({
      id: episode.id,
      title: "Summer at the lake",
      chapters: [
        { title: "Grandpa Joe", start: 0 },
        { title: "Aunt May", start: 3 },
      ],
    });
    expect(entries.get(archived!.audio)!.equals(await stored(episode.audioKey!))).toBe(true);
    expect(entries.get(archived!.transcriptFile!)!.toString("utf8")).toContain(
      "Grandpa let everyone steer the blue truck",
    );
    expect(data.newsletters).toHaveLength(1);
    expect(data.newsletters[0]!.stories.flatMap((s) => s.photoIds).sort()).toEqual(photoKeys.sort());

    // The pages say it in words, without JavaScript.
    const html = (name: string) => entries.get(name)!.toString("utf8");
    expect([...entries.values()].some((bytes) => bytes.includes("<script"))).toBe(false);
    expect(html(voiced.page)).toContain("Every Christmas Eve we sang carols by the fire.");
    expect(html(voiced.page)).toContain(`<audio controls preload="none" src="../${voiced.recording!.file}">`);
    expect(html(archived!.page)).toContain(`href="../${archived!.audio}#t=3">0:03 Aunt May</a>`);
  });

  test("holds the latest finished family book as book.pdf, linked from the index; an import of it round-trips", async () => {
    const owner = await createTestUser({ firstName: "Rosa", lastName: "Russo" });
    const { summer } = await createArchiveFamily(owner.id);
    const pdf = (n: number) => Buffer.from(`%PDF-1.4\n% book ${n}\n%%EOF\n`);
    const made = (
      n: number,
      status: "done" | "failed" | "queued",
      when: number,
      campaignIds: string[] | null = null,
    ) => {
      const fileKey = status === "done" ? `books/test-${randomUUID()}.pdf` : null;
      db.insert(books)
        .values({
          ownerId: owner.id,
          campaignId: summer.campaign.id,
          campaignIds,
          trim: "6x9",
          status,
          pageCount: 12 + n,
          fileKey,
          createdAt: new Date(when),
          updatedAt: new Date(when),
        })
        .run();
      return fileKey ? getStorage().put(fileKey, pdf(n)) : null;
    };
    await made(1, "done", Date.UTC(2026, 10, 1));
    await made(2, "done", Date.UTC(2026, 10, 2));
    // A newer book that failed, or is still being made, is not the family's book.
    await made(3, "failed", Date.UTC(2026, 10, 3));
    await made(4, "queued", Date.UTC(2026, 10, 4));
    const entries = await download(
      await callRoute(
        collectionArchive,
        makeRequest(`/campaigns/${summer.campaign.id}/archive`, { cookie: owner.cookie }),
        { campaignId: summer.campaign.id },
      ),
    );
    expect(entries.get("book.pdf")!.equals(pdf(2))).toBe(true);
    const data = ArchiveSchema.parse(JSON.parse(entries.get("data.json")!.toString("utf8")));
    expect(data.book).toEqual({ file: "book.pdf", pageCount: 14, trim: "6x9", madeAt: "2026-11-02T00:00:00.000Z" });
    const index = entries.get("index.html")!.toString("utf8");
    expect(index).toContain('<a class="keepsake" href="book.pdf">Open the family book (PDF)</a>');
    expect(index).toContain("The book as it was last made, on Nov 2, 2026: 14 pages, ready to print.");
    expect(brokenLinks(entries)).toEqual([]);

    // The account's archive takes the newest finished book of any of its collections, a book of several included.
    await made(5, "done", Date.UTC(2026, 10, 5), [summer.campaign.id]);
    const account = await download(await callRoute(accountArchive, makeRequest("/archive", { cookie: owner.cookie })));
    expect(account.get("book.pdf")!.equals(pdf(5))).toBe(true);

    // The book is not a row an import writes (its QR links belong to this installation): the stories come, and a new book is made from them.
    const file = path.join(os.tmpdir(), `archive-book-${randomUUID()}.zip`);
    await fs.writeFile(file, await zipOf(entries));
    const heir = await createTestUser();
    expect(await importArchive(file, heir.id)).toMatchObject({ collections: 1, stories: 3 });
    await fs.rm(file, { force: true });
    const [collection] = db.select().from(campaigns).where(eq(campaigns.ownerId, heir.id)).all();
    const again = await download(
      await callRoute(collectionArchive, makeRequest(`/campaigns/${collection!.id}/archive`, { cookie: heir.cookie }), {
        campaignId: collection!.id,
      }),
    );
    const pages = (zip: Map<string, Buffer>) => [...zip.keys()].filter((name) => name.endsWith(".html")).sort();
    expect(pages(again)).toEqual(pages(entries));
    expect(again.has("book.pdf")).toBe(false);
  });

  test("another owner's collection, or none, is a 404", async () => {
    const { summer } = family;
    const response = await callRoute(
      collectionArchive,
      makeRequest(`/campaigns/${summer.campaign.id}/archive`, {
        cookie: bob.cookie,
      }),
      { campaignId: summer.campaign.id },
    );
    expect(response.status).toBe(404);
    const none = await callRoute(collectionArchive, makeRequest("/campaigns/nope/archive", { cookie: alice.cookie }), {
      campaignId: "nope",
    });
    expect(none.status).toBe(404);
  });

  test("signed out, the download sends to the sign-in page", async () => {
    const response = await callRoute(
      collectionArchive,
      makeRequest(`/campaigns/${family.summer.campaign.id}/archive`),
      {
        campaignId: family.summer.campaign.id,
      },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("the account's archive", () => {
  test("holds every collection of the owner and none of another's", async () => {
    await createArchiveFamily(bob.id);
    const entries = await download(await callRoute(accountArchive, makeRequest("/archive", { cookie: alice.cookie })));
    const data = ArchiveSchema.parse(JSON.parse(entries.get("data.json")!.toString("utf8")));
    expect(data.scope).toBe("account");
    expect(data.collections.map((c) => c.id)).toEqual([family.summer.campaign.id, family.kitchen.campaign.id]);
    expect(data.stories).toHaveLength(4);
    expect(data.episodes.map((e) => e.id)).toEqual([family.episode.id]);
    expect(brokenLinks(entries)).toEqual([]);
    expect(entries.get("index.html")!.toString("utf8")).toMatch(
      /href="collections\/02-grandmas-kitchen-[a-z0-9]+\.html">Grandma&#39;s Kitchen/,
    );
  });

  test("a stored object gone missing cuts the download instead of leaving it silently short", async () => {
    const lonely = await createTestUser();
    const { summer } = await createArchiveFamily(lonely.id);
    const photo = summer.stories.find((s) => s.photoId)!;
    const row = db.select().from(contributionAttachments).where(eq(contributionAttachments.id, photo.photoId!)).get()!;
    await getStorage().remove(row.storageKey);
    const response = await callRoute(accountArchive, makeRequest("/archive", { cookie: lonely.cookie }));
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow();
  });
});
