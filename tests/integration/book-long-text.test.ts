// A family book never fails on what a relative wrote: one unbroken 20,000-character word, or a story of
// several megabytes, is laid out (the word broken with hyphens, the story bounded); a book that does
// fail says which story and why.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { contributionAttachments, jobs } from "#db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { BOOK_STORY_MAX_CHARS } from "~/features/book/render.server";
import { jobHandlers } from "~/jobs/index.server";
import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { action as bookAction, loader as bookLoader } from "~/routes/_app+/campaigns.$campaignId.book";

import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";
import { bookPage, makeBook, pdfTool } from "../utils/book-helpers";
import { createNewsletterCollection, STORIES } from "../utils/newsletter-helpers";

let owner: TestUser;
const scratch: string[] = [];
afterAll(() => scratch.forEach((p) => fs.rmSync(p, { recursive: true, force: true })));
beforeAll(async () => {
  owner = await createTestUser({ firstName: "Margaret", lastName: "Whitfield" });
});

describe("the family book and long text", () => {
  test("one unbroken 20,000-character word is broken across lines with hyphens, and the book is made", async () => {
    const word = "Ah".repeat(10_000);
    const family = await createNewsletterCollection(owner.id, {
      podcast: false,
      stories: [
        { text: STORIES.childhood, name: "Grandpa Joe" },
        { text: `Before ${word} after.`, name: "Cousin Vito" },
      ],
    });
    const { file, pages } = await makeBook(owner, family.campaign.id, { trim: "6x9" }, scratch);
    const text = await pdfTool("pdftotext", file, "-");
    // Every letter is printed, broken across lines (pdftotext joins a line ending in a hyphen to the next).
    const joined = text.replace(/-\n/g, "").replace(/\s+/g, "");
    expect(joined).toContain("BeforeAhAh");
    expect(joined).toContain("AhAhafter.");
    expect(joined.match(/Ah/g)!.length).toBeGreaterThanOrEqual(10_000);
    expect(pages).toBeGreaterThan(3);
  });

  test("a story of several megabytes is printed up to a bound, saying where the rest is kept", async () => {
    const sentence = "We rowed to the island every morning and counted the herons on the way back. ";
    const long = sentence.repeat(Math.ceil((3 * 1024 * 1024) / sentence.length));
    const family = await createNewsletterCollection(owner.id, {
      podcast: false,
      stories: [{ text: long, name: "Aunt Rosa" }],
    });
    const { file, pages } = await makeBook(owner, family.campaign.id, { trim: "letter" }, scratch);
    const text = await pdfTool("pdftotext", file, "-");
    expect(text).toContain("The rest of Aunt Rosa's story is too long for this book");
    expect(text.replace(/\s+/g, " ").length).toBeLessThan(BOOK_STORY_MAX_CHARS * 1.3);
    expect(pages).toBeLessThan(200);
  });

  test("a book that cannot be made names the story and the reason", async () => {
    const family = await createNewsletterCollection(owner.id, {
      podcast: false,
      stories: [
        { text: STORIES.childhood, name: "Grandpa Joe" },
        { text: STORIES.holiday, name: "Nonna Lucia", photo: true },
      ],
    });
    // A photo whose bytes start like a JPEG but are not one: the layout cannot read it.
    const photo = db
      .select()
      .from(contributionAttachments)
      .where(eq(contributionAttachments.id, family.stories[1]!.photoId!))
      .get()!;
    const key = `photos/${family.stories[1]!.id}/${randomUUID()}.jpg`;
    await getStorage().put(key, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]));
    db.update(contributionAttachments)
      .set({ storageKey: key, contentType: "image/jpeg" })
      .where(eq(contributionAttachments.id, photo.id))
      .run();

    const page = bookPage(family.campaign.id);
    const campaignId = family.campaign.id;
    expect(
      (await callRoute(bookAction, makeRequest(page, { cookie: owner.cookie, form: { trim: "6x9" } }), { campaignId }))
        .status,
    ).toBe(302);
    const job = db.select().from(jobs).where(eq(jobs.type, "build-book")).all().at(-1)!;
    await expect(jobHandlers["build-book"]!(job.payload, job as never)).rejects.toThrow();
    const view = await (
      await callRoute(bookLoader, makeRequest(page, { cookie: owner.cookie }), { campaignId })
    ).json();
    expect(view.book.status).toBe("failed");
    expect(view.book.failure).toMatch(/^Nonna Lucia's story \(story 2 of 2\) could not be laid out: /);
  });
});
