// A story's title and a story told by voice alone, in every output (decisions 0205, 0206), with
// JavaScript on and off (every test runs in both projects), on a phone and on a desktop.
import { getStorage } from "~/lib/storage/storage.server";
import { ensureBookLink } from "~/models/book.server";
import { insertRecording } from "~/models/contribution-recording.server";

import { axeViolations } from "../utils/axe-scan";
import { createNewsletterCollection, FAKE_MP3, STORIES } from "../utils/newsletter-helpers";
import { expect, expectToast, signInAs, test, visit } from "./fixtures";

const LETTER =
  "Dear Margaret,\n\nGrandpa kept bees behind the chapel. Every June we carried the honey down in jars.\n\nLove, Uncle Sal";

const fitsAndPassesAxe = async (page: import("@playwright/test").Page, width: number) => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect(await axeViolations(page)).toEqual([]);
};

for (const width of [390, 1280]) {
  test.describe(`story titles at ${width} px`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: 844 }));

    test("a letter is titled past its greeting; the owner sets a title on the stories page and the newsletter and the book's page show it", async ({
      page,
      user,
    }) => {
      const { campaign, stories } = await createNewsletterCollection(user.id, {
        podcast: false,
        stories: [
          { text: LETTER, name: "Uncle Sal" },
          { text: STORIES.holiday, name: "Aunt May" },
        ],
      });
      await signInAs(page, user);
      await visit(page, `/campaigns/${campaign.id}/stories`);
      const card = page.getByRole("article", { name: "Story from Uncle Sal" });
      await expect(card.getByTestId("story-title")).toHaveText("Grandpa kept bees behind the chapel");
      await expect(card.getByText("Title made from the story")).toBeVisible();
      await expect(card.getByText("1 min read")).toBeVisible();

      // "Set title" opens the form by its URL, so it works without JavaScript too.
      await card.getByRole("link", { name: "Set title" }).click();
      const form = card.getByRole("form", { name: "Set title" });
      await expect(form.getByLabel("Story title")).toBeFocused();
      await fitsAndPassesAxe(page, width);
      await form.getByLabel("Story title").fill("  The bees behind the chapel ");
      await form.getByRole("button", { name: "Save title" }).click();
      await expectToast(page, "Story title saved");
      await expect(card.getByTestId("story-title")).toHaveText("The bees behind the chapel");
      await expect(card.getByText("Title made from the story")).toHaveCount(0);
      await expect(card.getByRole("link", { name: "Change title" })).toBeVisible();
      await fitsAndPassesAxe(page, width);

      // The newsletter headlines each story by its title, never by "Dear Margaret,".
      await visit(page, `/campaigns/${campaign.id}/newsletters`);
      await page.getByRole("button", { name: "Create Newsletter" }).click();
      await expectToast(page, "Newsletter created");
      await page.getByRole("link", { name: "Open newsletter: Edition 1" }).click();
      const sal = page.getByRole("article", { name: "The bees behind the chapel" });
      await expect(sal.getByText("Uncle Sal", { exact: true })).toBeVisible();
      await expect(sal).toContainText("Grandpa kept bees behind the chapel.");
      await expect(page.getByRole("article", { name: "Every Christmas Eve we sang carols by the fire" })).toBeVisible();
      await expect(page.getByRole("heading", { name: /Dear Margaret/ })).toHaveCount(0);
      await expect(page.getByText("Family Memory Keeper")).toHaveCount(0);
      await fitsAndPassesAxe(page, width);

      // The printed book's QR page names the story by its title too.
      await visit(page, `/b/${ensureBookLink(stories[0]!.id)}`);
      await expect(page.getByRole("heading", { level: 1, name: "The bees behind the chapel" })).toBeVisible();
      await expect(page.getByText("From Uncle Sal")).toBeVisible();
      await fitsAndPassesAxe(page, width);

      // Cleared, the title is made from the story again.
      await visit(page, `/campaigns/${campaign.id}/stories`);
      await card.getByRole("link", { name: "Change title" }).click();
      await card.getByLabel("Story title").fill("");
      await card.getByRole("button", { name: "Save title" }).click();
      await expectToast(page, "Story title cleared");
      await expect(card.getByTestId("story-title")).toHaveText("Grandpa kept bees behind the chapel");
    });

    test("a story told by voice alone shows its player and length in the newsletter, not placeholder text", async ({
      page,
      user,
    }) => {
      const { campaign, stories } = await createNewsletterCollection(user.id, {
        podcast: false,
        stories: [
          { text: "", name: "Rose Smith" },
          { text: STORIES.holiday, name: "Aunt May" },
        ],
      });
      const normalizedKey = `recordings/${stories[0]!.id}/memo.mp3`;
      await getStorage().put(normalizedKey, FAKE_MP3);
      insertRecording({ contributionId: stories[0]!.id, status: "ready", normalizedKey, durationSeconds: 7 });
      const { createNewsletter } = await import("~/features/newsletters/newsletters.server");
      const made = createNewsletter(user.id, campaign.id);
      if (!made.ok) throw new Error("not created");
      await visit(page, `/newsletter/${made.newsletter.publicId}`);
      const rose = page.getByRole("article", { name: "In Rose Smith's own voice" });
      await expect(rose.getByText("7 sec listen")).toBeVisible();
      await expect(rose.getByLabel("Hear it in Rose Smith's own voice")).toHaveAttribute(
        "src",
        /\/recordings\/.+\.mp3$/,
      );
      await expect(rose).not.toContainText("min read");
      await expect(rose).not.toContainText("recorded answer");
      await expect(
        page.getByRole("article", { name: "Every Christmas Eve we sang carols by the fire" }).getByText("1 min read"),
      ).toBeVisible();
      await fitsAndPassesAxe(page, width);

      // The owner's card says the same.
      await signInAs(page, user);
      await visit(page, `/campaigns/${campaign.id}/stories`);
      const card = page.getByRole("article", { name: "Story from Rose Smith" });
      await expect(card.getByTestId("story-title")).toHaveText("In Rose Smith's own voice");
      await expect(card.getByText("7 sec listen")).toBeVisible();
    });
  });
}
