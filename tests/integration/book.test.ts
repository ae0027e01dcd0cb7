// The family book (decision 0160): a small family's collection becomes a print-ready PDF
// through the "build-book" job; poppler reads its size, fonts, images and text, zbarimg its QR codes,
// and each code's link plays the story without a sign-in until the owner turns the links off.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { contributionAttachments, contributionRecordings, jobs } from "#db/schema";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { abandonedJobHandlers, jobHandlers } from "~/jobs/index.server";
import { db } from "~/lib/db.server";
import { JobRunner } from "~/lib/queue/runner.server";
import { getStorage } from "~/lib/storage/storage.server";
import { setStoryTitle } from "~/models/contribution.server";
import { action as accountAction, loader as accountLoader } from "~/routes/_app+/books";
import { loader as accountPreview } from "~/routes/_app+/books.$bookId.page.$n[.png]";
import { loader as accountDownload } from "~/routes/_app+/books.$bookId[.pdf]";
import { action as bookAction, loader as bookLoader } from "~/routes/_app+/campaigns.$campaignId.book";
import { loader as previewLoader } from "~/routes/_app+/campaigns.$campaignId.book.$bookId.page.$n[.png]";
import { loader as downloadLoader } from "~/routes/_app+/campaigns.$campaignId.book.$bookId[.pdf]";
import { loader as listenLoader } from "~/routes/_public+/b.$token";
import { loader as listenAudio } from "~/routes/_public+/b.$token.audio";

import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import { bookPage, makeBook as makeBookOf, pdfTool, qrLinksOf } from "../utils/book-helpers";
import { makeMp3 } from "../utils/listening-helpers";
import { createNewsletterCollection, STORIES } from "../utils/newsletter-helpers";

let alice: TestUser;
let bob: TestUser;
let family: Awaited<ReturnType<typeof createNewsletterCollection>>;
const PHOTO_PX = { width: 900, height: 600 };
const scratch: string[] = [];
afterAll(() => scratch.forEach((p) => fs.rmSync(p, { recursive: true, force: true })));

beforeAll(async () => {
  alice = await createTestUser({ firstName: "Alice", lastName: "Łąkowska" });
  bob = await createTestUser();
  family = await createNewsletterCollection(alice.id, {
    title: `Summers at the Lake ${randomUUID().slice(0, 4)}`,
    podcast: false,
    stories: [
      { text: STORIES.childhood, name: "Grandpa Joe", photo: true },
      { text: STORIES.holiday, name: "Aunt May" },
      {
        text: `${STORIES.plain}\n\n${"We sorted buttons by colour and size, and told stories about the coats they came from. ".repeat(40)}`,
        name: null,
      },
    ],
  });
  // A photo as phones send them, stored re-encoded: 900 × 600 px prints at most 3 × 2 in.
  const jpeg = await sharp({ create: { ...PHOTO_PX, channels: 3, background: "#7a9" } })
    .jpeg()
    .toBuffer();
  const photo = db
    .select()
    .from(contributionAttachments)
    .where(eq(contributionAttachments.id, family.stories[0]!.photoId!))
    .get()!;
  const photoKey = `photos/${family.stories[0]!.id}/${randomUUID()}.jpg`;
  await getStorage().put(photoKey, jpeg);
  db.update(contributionAttachments)
    .set({ storageKey: photoKey, contentType: "image/jpeg", size: jpeg.length })
    .where(eq(contributionAttachments.id, photo.id))
    .run();
  const normalizedKey = `recordings/${family.stories[1]!.id}/${randomUUID()}.mp3`;
  await getStorage().put(normalizedKey, await makeMp3());
  db.insert(contributionRecordings)
    .values({
      contributionId: family.stories[1]!.id,
      status: "ready",
      normalizedKey,
      durationSeconds: 2,
      transcript: "Every Christmas Eve we sang.",
    })
    .run();
  // The owner titles one story; the others are titled from their words (decision 0205).
  setStoryTitle(alice.id, family.campaign.id, family.stories[1]!.id, "Carols by the fire");
});

const page = bookPage;
const makeBook = (form: Record<string, string>, id = family.campaign.id) => makeBookOf(alice, id, form, scratch);
const pdf = pdfTool;

describe("the family book", () => {
  // pdftoppm and zbarimg over every page: slow on a shared machine, so more than the default 20 s.
  test("6 × 9 in with 3 mm bleed: trim and bleed boxes, embedded fonts, contents with right page numbers, the photo at print size, a QR code that plays", async () => {
    const { file, pages } = await makeBook({ trim: "6x9", bleed: "on" });
    const info = await pdf("pdfinfo", "-box", file);
    // 6 × 9 in is 432 × 648 pt; 3 mm of bleed on each side adds 17.008 pt. A5, 148 × 210 mm, is 419.528 × 595.276 pt.
    expect(info).toMatch(/Page size:\s+449\.008 x 665\.008 pts/);
    expect(info).toMatch(/TrimBox:\s+8\.50\s+8\.50\s+440\.50\s+656\.50/);
    expect(info).toMatch(/BleedBox:\s+0\.00\s+0\.00\s+449\.01\s+665\.01/);
    expect(info).toMatch(new RegExp(`Pages:\\s+${pages}\\b`));

    const fonts = (await pdf("pdffonts", file)).trim().split("\n").slice(2);
    expect(fonts.length).toBeGreaterThanOrEqual(3);
    for (const row of fonts) expect(row).toMatch(/DejaVu\S*\s+CID TrueType\s+Identity-H\s+yes\s+yes/);

    // Page by page: cover, title page, contents, then one chapter per story starting a page.
    const text = await pdf("pdftotext", "-layout", file, "-");
    const byPage = text.split("\f");
    expect(byPage[0]).toContain("The Łąkowska family");
    const contents = byPage[2]!;
    expect(contents).toContain("Contents");
    // Each contents line is the story's title and its teller (the owner's title, else made from the
    // story; a story without a teller's name by its title alone), with the page its chapter opens on.
    const flat = contents.replace(/\s+/g, " ");
    const startOf = (line: string) =>
      Number(new RegExp(`${line.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\d]*?(\\d+)`).exec(flat)![1]);
    const chapters = [
      { line: "Growing Up on the Farm — Grandpa Joe", title: "Growing Up on the Farm", teller: "From Grandpa Joe" },
      { line: "Carols by the fire — Aunt May", title: "Carols by the fire", teller: "From Aunt May" },
      {
        line: "Aunt Rose kept a jar of buttons on the windowsill",
        title: "Aunt Rose kept a jar of buttons on the windowsill",
        teller: null,
      },
    ];
    expect(flat).not.toContain("From Grandpa Joe");
    for (const { line, title, teller } of chapters) {
      const number = startOf(line);
      const chapter = byPage[number - 1]!;
      // The chapter opens with the title, its teller under it.
      expect(chapter.replace(/\s+/g, " ").trimStart().startsWith(title)).toBe(true);
      if (teller) expect(chapter).toContain(teller);
      // The printed page number is the page's own.
      expect(chapter.trim().endsWith(String(number))).toBe(true);
    }
    expect(text).toContain("Jan 1, 2026");
    expect(byPage.length - 1).toBe(pages);
    // The long third story runs over more than one page.
    expect(pages).toBeGreaterThan(6);

    // The photo is never printed larger than 300 px per inch allows.
    const images = (await pdf("pdfimages", "-list", file))
      .trim()
      .split("\n")
      .slice(2)
      .map((row) => row.trim().split(/\s+/));
    const photo = images.find((cols) => cols[3] === String(PHOTO_PX.width) && cols[4] === String(PHOTO_PX.height))!;
    expect(photo).toBeDefined();
    expect(Number(photo[12])).toBeGreaterThanOrEqual(299.5);

    // Every QR code decodes to the story's short link, which plays without a sign-in.
    const links = await qrLinksOf(file, scratch);
    expect(links).toHaveLength(1);
    const url = new URL(links[0]!);
    expect(url.pathname).toMatch(/^\/b\/[\w-]{16}$/);
    expect(text).toContain(links[0]!);
    const token = url.pathname.split("/")[2]!;
    const listen = await callRoute(listenLoader, makeRequest(url.pathname), { token });
    expect(listen.status).toBe(200);
    expect(await listen.json()).toMatchObject({
      title: "Carols by the fire",
      name: "Aunt May",
      audio: `/b/${token}/audio`,
      transcript: "Every Christmas Eve we sang.",
    });
    const audio = await callRoute(listenAudio, makeRequest(`/b/${token}/audio`), { token });
    expect(audio.status).toBe(200);
    expect(audio.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(Buffer.from(await audio.arrayBuffer()).equals(await makeMp3())).toBe(true);
  }, 120_000);

  test("the owner's dedication and foreword: bounded with a clear message, printed on their own pages after the title page, kept for the next book", async () => {
    const id = family.campaign.id;
    const ask = (form: Record<string, string>) =>
      callRoute(bookAction, makeRequest(page(id), { cookie: alice.cookie, form }), { campaignId: id });
    const long = await ask({ trim: "6x9", dedication: "x".repeat(501), foreword: "Kept as typed." });
    expect(long.status).toBe(400);
    // What was typed comes back, so the form keeps it without JavaScript.
    expect(await long.json()).toEqual({
      error: "Dedication must be at most 500 characters",
      words: { dedication: "x".repeat(501), foreword: "Kept as typed." },
    });
    const longer = await ask({ trim: "6x9", foreword: "y".repeat(5001) });
    expect(longer.status).toBe(400);
    expect(await longer.json()).toMatchObject({ error: "Foreword must be at most 5,000 characters" });
    // Line endings count once: 250 lines of one letter are within 500.
    expect((await ask({ trim: "6x9", dedication: "a\r\n".repeat(250) })).status).toBe(302);
    db.delete(jobs).where(eq(jobs.type, "build-book")).run();

    const { file, view } = await makeBook({
      trim: "6x9",
      dedication: "  For Nonna Lucia, who kept every letter.  ",
      foreword: "These are the stories we told.\r\n\r\nRead them aloud.",
    });
    expect(view.words).toEqual({
      dedication: "For Nonna Lucia, who kept every letter.",
      foreword: "These are the stories we told.\n\nRead them aloud.",
    });
    const byPage = (await pdf("pdftotext", "-layout", file, "-")).split("\f");
    expect(byPage[2]!.trim()).toMatch(/^For Nonna Lucia, who kept every letter\.\s+3$/);
    expect(byPage[3]).toMatch(/^\s*Foreword\s+These are the stories we told\.\s+Read them aloud\./);
    expect(byPage[4]).toContain("Contents");

    // Emptied, neither has a page.
    const plain = await makeBook({ trim: "6x9", dedication: "", foreword: " " });
    expect(plain.view.words).toEqual({ dedication: "", foreword: "" });
    const text = await pdf("pdftotext", "-layout", plain.file, "-");
    expect(text.split("\f")[2]).toContain("Contents");
    expect(text).not.toContain("For Nonna Lucia");
    expect(text).not.toContain("Foreword");
  });

  test("8.5 × 11 in and A5 without bleed are their trim size; the same story keeps its QR link", async () => {
    const letter = await makeBook({ trim: "letter" });
    expect(await pdf("pdfinfo", letter.file)).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    const a5 = await makeBook({ trim: "a5" });
    expect(await pdf("pdfinfo", a5.file)).toMatch(/Page size:\s+419\.528 x 595\.276 pts/);
    const texts = await Promise.all([letter.file, a5.file].map((file) => pdf("pdftotext", file, "-")));
    const link = (text: string) => /http\S+\/b\/[\w-]+/.exec(text)?.[0];
    expect(link(texts[0]!)).toBeDefined();
    expect(link(texts[0]!)).toBe(link(texts[1]!));
  });

  test("the owner turns the QR links off: the page and the audio answer 404", async () => {
    const id = family.campaign.id;
    const { file } = await makeBook({ trim: "6x9" });
    const token = /\/b\/([\w-]+)/.exec(await pdf("pdftotext", file, "-"))![1]!;
    const off = await callRoute(
      bookAction,
      makeRequest(page(id), { cookie: alice.cookie, form: { intent: "revoke" } }),
      { campaignId: id },
    );
    expect(off.status).toBe(302);
    expect((await callRoute(listenLoader, makeRequest(`/b/${token}`), { token })).status).toBe(404);
    expect((await callRoute(listenAudio, makeRequest(`/b/${token}/audio`), { token })).status).toBe(404);
    // A new book makes a new link.
    const again = await makeBook({ trim: "6x9" });
    const fresh = /\/b\/([\w-]+)/.exec(await pdf("pdftotext", again.file, "-"))![1]!;
    expect(fresh).not.toBe(token);
    expect((await callRoute(listenLoader, makeRequest(`/b/${fresh}`), { token: fresh })).status).toBe(200);
  });

  test("a bad trim size is a 400 with its message; another owner's collection and book are 404s", async () => {
    const id = family.campaign.id;
    const bad = await callRoute(bookAction, makeRequest(page(id), { cookie: alice.cookie, form: { trim: "folio" } }), {
      campaignId: id,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "Choose a trim size." });
    const theirs = await callRoute(bookAction, makeRequest(page(id), { cookie: bob.cookie, form: { trim: "6x9" } }), {
      campaignId: id,
    });
    expect(theirs.status).toBe(404);
    const { bookId } = await makeBook({ trim: "a5" });
    const stolen = await callRoute(downloadLoader, makeRequest(`${page(id)}/${bookId}.pdf`, { cookie: bob.cookie }), {
      campaignId: id,
      bookId,
    });
    expect(stolen.status).toBe(404);
  });

  test("a chosen photo is the cover; photos too small to fill their space are listed; the first four pages are previewed as images", async () => {
    const small = await createNewsletterCollection(alice.id, {
      title: `Small Photos ${randomUUID().slice(0, 4)}`,
      podcast: false,
      stories: [{ text: STORIES.childhood, name: "Cousin Ida", photo: true }],
    });
    // 300 × 200 px: at 300 px per inch it fills 1 in, far less than its space.
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c84" } })
      .jpeg()
      .toBuffer();
    const photoId = small.stories[0]!.photoId!;
    const key = `photos/${small.stories[0]!.id}/${randomUUID()}.jpg`;
    await getStorage().put(key, jpeg);
    db.update(contributionAttachments)
      .set({ storageKey: key, contentType: "image/jpeg", size: jpeg.length })
      .where(eq(contributionAttachments.id, photoId))
      .run();
    const id = small.campaign.id;

    const before = await (
      await callRoute(bookLoader, makeRequest(page(id), { cookie: alice.cookie }), { campaignId: id })
    ).json();
    expect(before.covers).toEqual([{ id: photoId, label: "Photo 1 from Cousin Ida" }]);
    // Another collection's photo is not this book's cover.
    const wrong = await callRoute(
      bookAction,
      makeRequest(page(id), { cookie: alice.cookie, form: { trim: "6x9", cover: family.stories[0]!.photoId! } }),
      { campaignId: id },
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: "Choose a cover from the book's own photos." });

    const { file, bookId, view } = await makeBook({ trim: "6x9", cover: photoId }, id);
    expect(view.book.lowRes).toEqual([
      "The cover photo: 300 × 200 px, printed 1 in wide",
      "A photo from Cousin Ida: 300 × 200 px, printed 1 in wide",
    ]);
    // The cover holds the chosen photo at 300 px per inch, not enlarged.
    const images = (await pdf("pdfimages", "-list", "-f", "1", "-l", "1", file))
      .trim()
      .split("\n")
      .slice(2)
      .map((row) => row.trim().split(/\s+/));
    expect(images.map((cols) => [cols[3], cols[4]])).toEqual([["300", "200"]]);
    expect(Number(images[0]![12])).toBeGreaterThanOrEqual(299.5);

    expect(view.book.preview).toEqual(
      [1, 2, 3, 4].map((n) => ({
        src: `${page(id)}/${bookId}/page/${n}.png`,
        alt: expect.stringMatching(new RegExp(`^Page ${n} of \\d+`)),
      })),
    );
    expect(view.book.preview[0].alt).toMatch(/, the cover$/);
    const png = await callRoute(previewLoader, makeRequest(view.book.preview[0].src, { cookie: alice.cookie }), {
      campaignId: id,
      bookId,
      n: "1",
    });
    expect(png.status).toBe(200);
    expect(png.headers.get("Content-Type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
    expect(meta.width).toBe(600);
    const fifth = await callRoute(
      previewLoader,
      makeRequest(`${page(id)}/${bookId}/page/5.png`, { cookie: alice.cookie }),
      { campaignId: id, bookId, n: "5" },
    );
    expect(fifth.status).toBe(404);
    const theirs = await callRoute(previewLoader, makeRequest(view.book.preview[0].src, { cookie: bob.cookie }), {
      campaignId: id,
      bookId,
      n: "1",
    });
    expect(theirs.status).toBe(404);
  });

  test("a book of several collections: each opens with its title, the contents list both; only the owner's collections count", async () => {
    const second = await createNewsletterCollection(alice.id, {
      title: `Winters in Town ${randomUUID().slice(0, 4)}`,
      podcast: false,
      stories: [{ text: STORIES.plain, name: "Uncle Bo" }],
    });
    const theirs = await createNewsletterCollection(bob.id, {
      title: "Not Alice's",
      podcast: false,
      stories: [{ text: STORIES.plain, name: "Someone Else" }],
    });
    const form = (fields: Record<string, string | string[]>) =>
      makeRequest("/books", { cookie: alice.cookie, form: fields });
    const onlyTheirs = await callRoute(accountAction, form({ collection: theirs.campaign.id, trim: "a5" }), {});
    expect(onlyTheirs.status).toBe(400);
    expect(await onlyTheirs.json()).toMatchObject({ error: "Choose at least one collection with stories." });

    const asked = await callRoute(
      accountAction,
      form({ collection: [family.campaign.id, second.campaign.id, theirs.campaign.id], trim: "a5" }),
      {},
    );
    expect(asked.status).toBe(302);
    const job = db.select().from(jobs).where(eq(jobs.type, "build-book")).all().at(-1)!;
    await jobHandlers["build-book"]!(job.payload, job as never);
    const view = await (await callRoute(accountLoader, makeRequest("/books", { cookie: alice.cookie }), {})).json();
    expect(view.book).toMatchObject({ status: "done", storyCount: 4, storiesDone: 4 });
    expect(view.collections.map((c: { id: string }) => c.id)).not.toContain(theirs.campaign.id);
    const bookId = view.book.id as string;
    expect(view.book.href).toBe(`/books/${bookId}.pdf`);
    const response = await callRoute(accountDownload, makeRequest(view.book.href, { cookie: alice.cookie }), {
      bookId,
    });
    expect(response.status).toBe(200);
    const file = path.join(os.tmpdir(), `book-test-${randomUUID()}.pdf`);
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    scratch.push(file);
    expect(await pdf("pdfinfo", file)).toMatch(/Page size:\s+419\.528 x 595\.276 pts/);
    const byPage = (await pdf("pdftotext", "-layout", file, "-")).split("\f");
    expect(byPage[0]).toMatch(/Our family's stories\s+The Łąkowska family/);
    const contents = byPage[2]!;
    for (const title of [family.campaign.title, second.campaign.title]) {
      const number = Number(new RegExp(`${title}\\s+(\\d+)`).exec(contents)![1]);
      // The collection's own title page (a long title may wrap).
      expect(byPage[number - 1]!.replace(/\s+/g, " ").trim().startsWith(title)).toBe(true);
    }
    // Each collection's stories follow its title, in the library's order.
    expect(contents.indexOf(second.campaign.title)).toBeLessThan(contents.indexOf("— Uncle Bo"));
    expect(contents.indexOf(family.campaign.title)).toBeLessThan(
      contents.indexOf("Growing Up on the Farm — Grandpa Joe"),
    );
    expect(contents).not.toContain("Someone Else");
    expect(
      (
        await callRoute(accountPreview, makeRequest(`/books/${bookId}/page/3.png`, { cookie: alice.cookie }), {
          bookId,
          n: "3",
        })
      ).status,
    ).toBe(200);
    expect(
      (await callRoute(accountDownload, makeRequest(view.book.href, { cookie: bob.cookie }), { bookId })).status,
    ).toBe(404);
    expect(
      (
        await callRoute(accountPreview, makeRequest(`/books/${bookId}/page/1.png`, { cookie: bob.cookie }), {
          bookId,
          n: "1",
        })
      ).status,
    ).toBe(404);

    // "All collections" takes every one of Alice's with stories, none of Bob's.
    expect((await callRoute(accountAction, form({ intent: "all", trim: "6x9" }), {})).status).toBe(302);
    const all = db.select().from(jobs).where(eq(jobs.type, "build-book")).all().at(-1)!;
    const queued = await (await callRoute(accountLoader, makeRequest("/books", { cookie: alice.cookie }), {})).json();
    expect(queued.book).toMatchObject({ status: "queued" });
    expect(queued.book.storyCount).toBe(
      view.collections.reduce((n: number, c: { storyCount: number }) => n + c.storyCount, 0),
    );
    expect(all.payload).toEqual({ bookId: queued.book.id });
  });

  test("a book whose job stopped the server on its last attempt shows as failed at the next start, and can be asked for again", async () => {
    expect(
      (
        await callRoute(
          accountAction,
          makeRequest("/books", { cookie: alice.cookie, form: { intent: "all", trim: "a5" } }),
          {},
        )
      ).status,
    ).toBe(302);
    const job = db.select().from(jobs).where(eq(jobs.type, "build-book")).all().at(-1)!;
    const bookId = String(job.payload.bookId);
    // As a process killed inside its last attempt leaves them: the job 'running', the book being made.
    db.update(jobs)
      .set({ status: "running", attempts: job.maxAttempts, lockedAt: new Date(), lockedBy: "dead-process" })
      .where(eq(jobs.id, job.id))
      .run();
    const restarted = new JobRunner({ handlers: {}, abandoned: abandonedJobHandlers });
    expect(restarted.takeBackOthersJobs().failed.map((j) => j.id)).toContain(job.id);
    await restarted.stop();
    const view = await (await callRoute(accountLoader, makeRequest("/books", { cookie: alice.cookie }), {})).json();
    expect(view.book).toMatchObject({ id: bookId, status: "failed" });
    expect(
      (
        await callRoute(
          accountAction,
          makeRequest("/books", { cookie: alice.cookie, form: { intent: "all", trim: "a5" } }),
          {},
        )
      ).status,
    ).toBe(302);
  });
});
