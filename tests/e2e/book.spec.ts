// The family book (decision 0160), with JavaScript on and off: the owner asks for a
// book, watches it being made (the page refreshes itself), downloads the PDF, and its QR link plays
// the story for someone who is not signed in.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { books, contributionRecordings } from "#db/schema";

import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";

import { axeViolations } from "../utils/axe-scan";
import { overflow } from "../utils/layout-checks";
import { createCompletePodcast } from "../utils/listening-helpers";
import { createNewsletterCollection, FAKE_MP3, STORIES } from "../utils/newsletter-helpers";
import { expect, signInAs, test, visit } from "./fixtures";

const run = promisify(execFile);

test.describe("family book", () => {
  test("the owner makes an 8.5 × 11 in book with bleed, downloads the PDF, and its QR link plays without a sign-in", async ({
    page,
    user,
    browser,
  }) => {
    const { campaign, stories } = await createNewsletterCollection(user.id, {
      title: `Lake Book ${randomUUID().slice(0, 4)}`,
      podcast: false,
      stories: [
        { text: STORIES.childhood, name: "Grandpa Joe", photo: true },
        { text: STORIES.holiday, name: "Aunt May" },
      ],
    });
    const normalizedKey = `recordings/${stories[1]!.id}/${randomUUID()}.mp3`;
    await getStorage().put(normalizedKey, FAKE_MP3);
    db.insert(contributionRecordings)
      .values({ contributionId: stories[1]!.id, status: "ready", normalizedKey, durationSeconds: 2 })
      .run();

    await signInAs(page, user);
    await visit(page, `/campaigns/${campaign.id}/stories`);
    await page.getByRole("link", { name: "Family book" }).click();
    await expect(page.getByRole("heading", { name: `Family book: ${campaign.title}` })).toBeVisible();
    await page.getByLabel("8.5 × 11 in").check();
    await page.getByLabel("Add 3 mm bleed (for printers that trim the page)").check();
    await page.getByRole("button", { name: "Make the book" }).click();
    // The job runs in the server; the page asks again every 3 s until the book is ready.
    await expect(page.getByText(/Your book is ready: \d+ pages\./)).toBeVisible({ timeout: 25_000 });

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("storyhearth-book-letter.pdf");
    const file = await download.path();
    // 8.5 × 11 in is 612 × 792 pt; 3 mm of bleed on each side adds 17.008 pt.
    expect((await run("pdfinfo", [file])).stdout).toMatch(/Page size:\s+629\.008 x 809\.008 pts/);
    const link = /http\S+\/b\/[\w-]+/.exec((await run("pdftotext", [file, "-"])).stdout)![0];

    // Someone holding the printed page, not signed in.
    const stranger = await browser.newContext({
      javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
    });
    const phone = await stranger.newPage();
    await phone.goto(new URL(link).pathname);
    // The story by its title (made from its words), its teller under it.
    await expect(
      phone.getByRole("heading", { level: 1, name: "Every Christmas Eve we sang carols by the fire" }),
    ).toBeVisible();
    await expect(phone.getByText("From Aunt May")).toBeVisible();
    await expect(phone.locator("audio")).toHaveAttribute("src", `${new URL(link).pathname}/audio`);
    await expect(phone.getByText("The holiday smelled of cinnamon.", { exact: false })).toBeVisible();

    // The owner turns the links off: the printed link answers 404.
    await page.getByRole("button", { name: "Turn off the book's QR links" }).click();
    await expect(page.getByRole("button", { name: "Turn off the book's QR links" })).toHaveCount(0);
    const gone = await phone.goto(new URL(link).pathname);
    expect(gone!.status()).toBe(404);
    await stranger.close();
  });
});

test.describe("family book: the owner's own words", () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px the owner writes a dedication and a foreword, makes the book, and its contents list each story's title with its teller`, async ({
      page,
      user,
    }) => {
      const { campaign } = await createNewsletterCollection(user.id, {
        title: `Sunday Book ${randomUUID().slice(0, 4)}`,
        podcast: false,
        stories: [
          { text: STORIES.childhood, name: "Grandpa Joe" },
          { text: STORIES.holiday, name: "Aunt May" },
        ],
      });
      await page.setViewportSize({ width, height: 844 });
      await signInAs(page, user);
      await visit(page, `/campaigns/${campaign.id}/book`);
      // Too long: the reason, and what was typed is still there to shorten.
      const dedication = page.getByLabel("Dedication (optional)");
      await dedication.fill("x".repeat(501));
      await page.getByRole("button", { name: "Make the book" }).click();
      await expect(page.getByRole("alert")).toHaveText("Dedication must be at most 500 characters");
      await expect(dedication).toHaveValue("x".repeat(501));
      expect(await overflow(page, "book page with an error")).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);

      await dedication.fill("For Nonna Lucia, who kept every letter.");
      await page
        .getByLabel("Foreword (optional)")
        .fill("These are the stories we told at the Sunday table.\n\nRead them aloud.");
      await page.getByRole("button", { name: "Make the book" }).click();
      await expect(page.getByText(/Your book is ready: \d+ pages\./)).toBeVisible({ timeout: 25_000 });
      // The next book starts from the same words.
      await expect(page.getByLabel("Dedication (optional)")).toHaveValue("For Nonna Lucia, who kept every letter.");
      expect(await overflow(page, "book page, book ready")).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download PDF" }).click(),
      ]);
      const byPage = (await run("pdftotext", ["-layout", await download.path(), "-"])).stdout.split("\f");
      expect(byPage[2]).toContain("For Nonna Lucia, who kept every letter.");
      expect(byPage[3]).toContain("Foreword");
      expect(byPage[3]).toContain("These are the stories we told at the Sunday table.");
      const contents = byPage[4]!;
      expect(contents).toContain("Contents");
      expect(contents).toMatch(/Growing Up on the Farm — Grandpa Joe\s+\d+/);
      expect(contents.replace(/\s+/g, " ")).toMatch(/Every Christmas Eve we sang carols by the fire — Aunt May \d+/);
      expect(contents).not.toContain("From Grandpa Joe");
    });
  }
});

test.describe("family book with an episode's chapters", () => {
  // The episode's chapters as the generation job records them (the integration test makes a real one).
  test("a story told in an episode gets a QR link whose page plays the episode from that story's chapter", async ({
    page,
    user,
    browser,
  }) => {
    const { campaign, stories } = await createNewsletterCollection(user.id, {
      title: `Orchard Book ${randomUUID().slice(0, 4)}`,
      podcast: false,
      stories: [
        { text: STORIES.childhood, name: "Grandpa Joe" },
        { text: STORIES.holiday, name: "Aunt May" },
      ],
    });
    const chapters = [
      { title: "Grandpa Joe", start: 0, end: 6 },
      { title: "Aunt May", start: 6, end: 12 },
    ];
    const episode = await createCompletePodcast(user.id, {
      title: "Orchard Stories",
      campaignId: campaign.id,
      audio: { seconds: 12, chapters },
      chapterStories: chapters.map(({ title, start }, i) => ({ title, start, contributionIds: [stories[i]!.id] })),
    });

    await signInAs(page, user);
    await visit(page, `/campaigns/${campaign.id}/book`);
    await page.getByRole("button", { name: "Make the book" }).click();
    await expect(page.getByText(/Your book is ready: \d+ pages\./)).toBeVisible({ timeout: 25_000 });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    const links = (await run("pdftotext", [await download.path(), "-"])).stdout.match(/http\S+\/b\/[\w-]+/g)!;
    expect(links).toHaveLength(2);

    const stranger = await browser.newContext({
      javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
    });
    const phone = await stranger.newPage();
    const path = new URL(links[1]!).pathname;
    await phone.goto(path);
    await expect(phone.getByText("From Aunt May")).toBeVisible();
    await expect(phone.getByText(`Heard in the episode “${episode.title}”, from this story's chapter.`)).toBeVisible();
    // The start is in the server's HTML, so it holds with scripts off as well.
    await expect(phone.locator("audio")).toHaveAttribute("src", `${path}/audio#t=6`);
    if (test.info().project.use.javaScriptEnabled !== false) {
      // The browser honours the media fragment: once loaded, the player stands at the chapter's start.
      const at = await phone.locator("audio").evaluate(async (audio: HTMLAudioElement) => {
        audio.preload = "auto";
        audio.load();
        await new Promise((resolve) =>
          audio.readyState >= 1 ? resolve(null) : audio.addEventListener("loadedmetadata", resolve, { once: true }),
        );
        return audio.currentTime;
      });
      expect(at).toBeCloseTo(6, 0);
    }
    const audio = await phone.request.get(`${path}/audio`);
    expect(audio.status()).toBe(200);
    expect(audio.headers()["content-type"]).toBe("audio/mpeg");
    await stranger.close();
  });
});

test.describe("family book of several collections", () => {
  test("from the collections list the owner picks two collections and a cover photo, sees the first pages and the photos printed small, and downloads the PDF", async ({
    page,
    user,
  }) => {
    const lake = await createNewsletterCollection(user.id, {
      title: `Lake ${randomUUID().slice(0, 4)}`,
      podcast: false,
      stories: [{ text: STORIES.childhood, name: "Grandpa Joe", photo: true }],
    });
    const town = await createNewsletterCollection(user.id, {
      title: `Town ${randomUUID().slice(0, 4)}`,
      podcast: false,
      stories: [{ text: STORIES.holiday, name: "Aunt May" }],
    });
    await signInAs(page, user);
    await visit(page, "/campaigns");
    await page.getByRole("link", { name: "Family book of several collections" }).click();
    await expect(page.getByRole("heading", { name: "Family book of several collections" })).toBeVisible();
    await page.getByRole("checkbox", { name: new RegExp(lake.campaign.title) }).check();
    await page.getByRole("checkbox", { name: new RegExp(town.campaign.title) }).check();
    await page.getByLabel("A5").check();
    await page.getByLabel("Cover").selectOption({ label: "Photo 1 from Grandpa Joe" });
    await page.getByRole("button", { name: "Make the book of the chosen collections" }).click();
    // The job runs in the server; the page asks again (polling with JS, a refresh without) until ready.
    await expect(page.getByText(/Your book is ready: \d+ pages\./)).toBeVisible({ timeout: 25_000 });

    const cover = page.getByRole("img", { name: /^Page 1 of \d+, the cover$/ });
    await expect(cover).toBeVisible();
    await expect(page.getByRole("img", { name: /^Page 3 of \d+, the contents$/ })).toBeVisible();
    await cover.scrollIntoViewIfNeeded();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
    // The stories page's photo is 1 × 1 px: it is listed, as the cover it was chosen for.
    await expect(page.getByRole("heading", { name: "Photos that print small" })).toBeVisible();
    await expect(page.getByText("The cover photo: 1 × 1 px, printed under 0.1 in wide")).toBeVisible();
    await expect(page.getByText("A photo from Grandpa Joe: 1 × 1 px, printed under 0.1 in wide")).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    const file = await download.path();
    expect((await run("pdfinfo", [file])).stdout).toMatch(/Page size:\s+419\.528 x 595\.276 pts/);
    const text = (await run("pdftotext", [file, "-"])).stdout;
    expect(text).toContain(lake.campaign.title);
    expect(text).toContain(town.campaign.title);
  });

  test("a book that could not be made says which story stopped it and why, on a phone", async ({ page, user }) => {
    const { campaign } = await createNewsletterCollection(user.id, {
      podcast: false,
      stories: [
        { text: STORIES.childhood, name: "Grandpa Joe" },
        { text: STORIES.holiday, name: "Nonna Lucia" },
      ],
    });
    // As the job leaves it when a photo cannot be read (tests/integration/book-long-text.test.ts makes it so).
    const failure = "Nonna Lucia's story (story 2 of 2) could not be laid out: one of its photos cannot be read";
    db.insert(books)
      .values({
        ownerId: user.id,
        campaignId: campaign.id,
        trim: "6x9",
        status: "failed",
        storiesDone: 1,
        storyCount: 2,
        failure,
      })
      .run();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, user);
    await visit(page, `/campaigns/${campaign.id}/book`);
    await expect(page.getByRole("alert")).toContainText("The book could not be made. Please try again.");
    await expect(page.getByRole("alert")).toContainText(failure);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByRole("button", { name: "Make the book" })).toBeVisible();
  });

  test("asking with no collection chosen says so", async ({ page, user }) => {
    await createNewsletterCollection(user.id, {
      title: `Lake ${randomUUID().slice(0, 4)}`,
      podcast: false,
      stories: [{ text: STORIES.childhood, name: "Grandpa Joe" }],
    });
    await signInAs(page, user);
    await visit(page, "/books");
    await page.getByRole("button", { name: "Make the book of the chosen collections" }).click();
    await expect(page.getByRole("alert")).toHaveText("Choose at least one collection with stories.");
  });
});
