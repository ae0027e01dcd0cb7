// The demo family (`npm run db:seed`) as its owner downloads it: every story of every collection is a
// page reachable from index.html, and no link leaves the zip or misses. Then the archive is
// unpacked and crawled in Chromium from file:// with JavaScript off, by the links the pages show.
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";
import { contributionAttachments, contributionRecordings, contributions, podcasts, users } from "#db/schema";
import { and, asc, eq } from "drizzle-orm";
import { expect, test } from "vitest";

import { ArchiveSchema, type ArchiveData } from "~/features/archive/schema";
import { archiveResponse } from "~/features/archive/zip.server";
import { db, getDb } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { DEMO_OWNER, seedDemoData } from "~/seed/demo.server";

import { brokenLinks, ORIGINAL_M4A, readZip } from "../utils/archive-helpers";
import { makeChapteredMp3, makeMp3 } from "../utils/listening-helpers";
import { PNG_1X1 } from "../utils/newsletter-helpers";

/**
 * The seed has text stories and a family episode it only asks for (the job makes it): here the first
 * story gets a photo, the second a relative's recording with its original, and the asked-for episode
 * is finished with chapters, so the crawl has every kind of thing to reach.
 */
async function giveTheDemoFamilyMedia(ownerId: string) {
  const [first, second] = db
    .select()
    .from(contributions)
    .where(eq(contributions.ownerId, ownerId))
    .orderBy(asc(contributions.submittedAt))
    .all();
  const photoKey = `photos/${first!.id}/${randomUUID()}.png`;
  await getStorage().put(photoKey, PNG_1X1);
  db.insert(contributionAttachments)
    .values({
      contributionId: first!.id,
      storageKey: photoKey,
      fileName: "dock.png",
      contentType: "image/png",
      size: PNG_1X1.length,
    })
    .run();
  const recordingId = randomUUID();
  const normalizedKey = `recordings/${second!.id}/${recordingId}.mp3`;
  const originalKey = `recordings/${second!.id}/${recordingId}-original.m4a`;
  await getStorage().put(normalizedKey, await makeMp3());
  await getStorage().put(originalKey, ORIGINAL_M4A);
  db.insert(contributionRecordings)
    .values({
      id: recordingId,
      contributionId: second!.id,
      status: "ready",
      originalKey,
      originalFileName: "memo.m4a",
      normalizedKey,
      durationSeconds: 2,
    })
    .run();
  const episode = db
    .select()
    .from(podcasts)
    .where(and(eq(podcasts.ownerId, ownerId), eq(podcasts.status, "queued")))
    .get()!;
  const audioKey = `podcasts/${episode.id}.mp3`;
  const { size } = await getStorage().put(
    audioKey,
    await makeChapteredMp3({
      seconds: 4,
      chapters: [{ title: first!.contributorName ?? "A relative", start: 0, end: 4 }],
    }),
  );
  db.update(podcasts)
    .set({
      status: "complete",
      audioKey,
      fileSize: size,
      duration: 4,
      completedAt: new Date(),
      transcript: "Host 1: The dock at dawn.",
    })
    .where(eq(podcasts.id, episode.id))
    .run();
}

/** Every file of the archive a reader must be able to reach by links: pages and media. */
function everyThing(data: ArchiveData) {
  return [
    "index.html",
    ...data.collections.map((c) => c.page),
    ...data.stories.flatMap((s) => [
      s.page,
      ...s.photos.map((p) => p.file),
      ...(s.recording ? [s.recording.file, ...(s.recording.original ? [s.recording.original.file] : [])] : []),
    ]),
    ...data.episodes.flatMap((e) => [e.page, e.audio, ...(e.transcriptFile ? [e.transcriptFile] : [])]),
    ...data.newsletters.map((n) => n.page),
  ];
}

test("the demo family's archive: every story reachable from index.html, 0 broken links", async () => {
  await seedDemoData(getDb());
  const owner = db.select().from(users).where(eq(users.email, DEMO_OWNER.email)).get()!;
  await giveTheDemoFamilyMedia(owner.id);
  const response = (await archiveResponse(owner.id))!;
  const entries = await readZip(Buffer.from(await response.arrayBuffer()));
  const data = ArchiveSchema.parse(JSON.parse(entries.get("data.json")!.toString("utf8")));

  const seeded = db
    .select({ id: contributions.id })
    .from(contributions)
    .where(eq(contributions.ownerId, owner.id))
    .all();
  expect(seeded.length).toBeGreaterThan(0);
  expect(data.stories.map((s) => s.id).sort()).toEqual(seeded.map((s) => s.id).sort());
  expect(data.episodes).toHaveLength(1);
  expect(brokenLinks(entries)).toEqual([]);

  // Reachable: a crawl from index.html by the pages' own links finds every page of the zip.
  const found = new Set(["index.html"]);
  const queue = ["index.html"];
  while (queue.length) {
    const page = queue.shift()!;
    for (const match of entries
      .get(page)!
      .toString("utf8")
      .matchAll(/href="([^"#]+)/g)) {
      const target = new URL(match[1]!, `file:///${page}`).pathname.slice(1);
      if (target.endsWith(".html") && !found.has(target)) {
        found.add(target);
        queue.push(target);
      }
    }
  }
  expect([...found].sort()).toEqual([...entries.keys()].filter((k) => k.endsWith(".html")).sort());

  // In Chromium, from the unpacked folder, with JavaScript off: pages are opened by the links the
  // previous page shows, every link and src lands on a file of the folder, every image decodes.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "storyhearth-demo-archive-"));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    for (const [entry, bytes] of entries) {
      await fs.mkdir(path.join(dir, path.dirname(entry)), { recursive: true });
      await fs.writeFile(path.join(dir, entry), bytes);
    }
    const root = pathToFileURL(`${dir}/`).href;
    const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    const reached = new Set(["index.html"]);
    const broken: string[] = [];
    const undecoded: string[] = [];
    const pages = ["index.html"];
    while (pages.length) {
      const at = pages.shift()!;
      await page.goto(new URL(at, root).href); // a missing file fails the navigation (net::ERR_FILE_NOT_FOUND)
      const targets = [
        ...(await page.locator("a[href]").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))),
        ...(await page.locator("[src]").evaluateAll((els) => els.map((e) => (e as HTMLImageElement).src))),
      ];
      undecoded.push(
        ...(await page
          .locator("img")
          .evaluateAll((imgs) =>
            imgs
              .filter((i) => !(i as HTMLImageElement).complete || (i as HTMLImageElement).naturalWidth === 0)
              .map((i) => (i as HTMLImageElement).src),
          )),
      );
      for (const target of targets) {
        const file = target.split("#")[0]!;
        const inside = file.startsWith(root) ? decodeURIComponent(file.slice(root.length)) : null;
        if (!inside || !(await fs.stat(fileURLToPath(file)).catch(() => null))?.isFile()) {
          broken.push(`${at} -> ${target}`);
          continue;
        }
        if (inside.endsWith(".html") && !reached.has(inside)) pages.push(inside);
        reached.add(inside);
      }
    }
    expect(broken).toEqual([]);
    expect(undecoded).toEqual([]);
    const things = everyThing(data);
    expect(things.filter((thing) => !reached.has(thing))).toEqual([]);
    // A photo, a recording and its original, an episode and its transcript are among them.
    expect(data.stories.flatMap((s) => s.photos)).toHaveLength(1);
    expect(data.stories.filter((s) => s.recording?.original)).toHaveLength(1);
    expect(things.length).toBeGreaterThan(data.stories.length + 5);
  } finally {
    await browser.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}, 120_000);
