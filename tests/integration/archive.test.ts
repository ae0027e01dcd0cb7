// "Download everything" (issue 32): the zip of a demo-like family holds a static site whose every link
// lands inside the zip, every stored object byte for byte, and a data.json valid against its schema;
// another owner's collection is a 404.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { contributionAttachments } from "#db/schema";
import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { loader as accountArchive } from "~/routes/_app+/archive";
import { loader as collectionArchive } from "~/routes/_app+/campaigns.$campaignId.archive";
import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import { brokenLinks, createArchiveFamily, ORIGINAL_M4A, readZip } from "../utils/archive-helpers";
import { ArchiveSchema, ARCHIVE_FORMAT_VERSION } from "~/features/archive/schema";

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
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="storyhearth-summers-at-the-lake-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.zip"$/);
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

    const pages = [...entries.keys()].filter((name) => name.endsWith(".html")).sort();
    expect(pages).toEqual(
      [
        "index.html",
        `collections/${summer.campaign.id}.html`,
        ...summer.stories.map((s) => `stories/${s.id}.html`),
        `episodes/${episode.id}.html`,
        `newsletters/${newsletter.id}.html`,
      ].sort(),
    );
    expect(brokenLinks(entries)).toEqual([]);

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
    expect(entries.get(archived!.transcriptFile!)!.toString("utf8")).toContain("Grandpa let everyone steer the blue truck");
    expect(data.newsletters).toHaveLength(1);
    expect(data.newsletters[0]!.stories.flatMap((s) => s.photoIds).sort()).toEqual(photoKeys.sort());

    // The pages say it in words, without JavaScript.
    const html = (name: string) => entries.get(name)!.toString("utf8");
    expect([...entries.values()].some((bytes) => bytes.includes("<script"))).toBe(false);
    expect(html(voiced.page)).toContain("Every Christmas Eve we sang carols by the fire.");
    expect(html(voiced.page)).toContain(`<audio controls preload="none" src="../${voiced.recording!.file}">`);
    expect(html(archived!.page)).toContain(`href="../${archived!.audio}#t=3">0:03 Aunt May</a>`);
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
    const none = await callRoute(collectionArchive, makeRequest("/campaigns/nope/archive", { cookie: alice.cookie }), { campaignId: "nope" });
    expect(none.status).toBe(404);
  });

  test("signed out, the download sends to the sign-in page", async () => {
    const response = await callRoute(collectionArchive, makeRequest(`/campaigns/${family.summer.campaign.id}/archive`), {
      campaignId: family.summer.campaign.id,
    });
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
    expect(entries.get("index.html")!.toString("utf8")).toContain(`href="collections/${family.kitchen.campaign.id}.html">Grandma&#39;s Kitchen`);
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
