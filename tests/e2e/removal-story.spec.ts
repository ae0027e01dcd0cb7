// A relative's removal link: a box takes their written story too. The page sends no
// scripts, so both projects (JavaScript on and off) post the same form.
import { contributionRecordings, contributions } from "#db/schema";
import { eq } from "drizzle-orm";

import { removalToken } from "~/features/contributions/recordings.server";
import { db } from "~/lib/db.server";

import { createTestCampaign, insertTestContribution } from "../utils/stories-helpers";
import { expect, test, visit } from "./fixtures";

test("the relative removes their recording and, by ticking the box, their written story", async ({ page, user }) => {
  const campaign = createTestCampaign(user.id, { title: "Winters" });
  const story = insertTestContribution(campaign.id, { contributorName: "Aunt May", storyContent: "The frozen pond." });
  const recording = db
    .insert(contributionRecordings)
    .values({ contributionId: story.id, status: "ready", normalizedKey: `recordings/${story.id}/r.mp3` })
    .returning()
    .get();

  await visit(page, `/recording-removal/${removalToken(recording.id)}`);
  await expect(page.getByText("Your written story, if any, stays unless you tick the box below.")).toBeVisible();
  await page.getByLabel("Also delete my written story and its photos").check();
  await page.getByRole("button", { name: "Remove my recording" }).click();
  await expect(page.getByRole("heading", { name: "Your request is noted" })).toBeVisible();
  await expect(page.getByText("Your recording and your written story have been deleted")).toBeVisible();
  expect(db.select().from(contributions).where(eq(contributions.id, story.id)).get()).toBeUndefined();
});

test("without the box, the written story stays", async ({ page, user }) => {
  const campaign = createTestCampaign(user.id, { title: "Summers" });
  const story = insertTestContribution(campaign.id, { contributorName: "Uncle Joe", storyContent: "The lake." });
  const recording = db
    .insert(contributionRecordings)
    .values({ contributionId: story.id, status: "ready", normalizedKey: `recordings/${story.id}/r.mp3` })
    .returning()
    .get();

  await visit(page, `/recording-removal/${removalToken(recording.id)}`);
  await page.getByRole("button", { name: "Remove my recording" }).click();
  await expect(page.getByText("Your recording is no longer used in the family podcast or newsletter.")).toBeVisible();
  expect(db.select().from(contributions).where(eq(contributions.id, story.id)).get()?.storyContent).toBe("The lake.");
  expect(
    db.select().from(contributionRecordings).where(eq(contributionRecordings.id, recording.id)).get()
      ?.removalRequestedAt,
  ).not.toBeNull();
});

test("after removing the recording alone, the same link still deletes the written story", async ({ page, user }) => {
  const campaign = createTestCampaign(user.id, { title: "Autumns" });
  const story = insertTestContribution(campaign.id, {
    contributorName: "Cousin Ada",
    storyContent: "The apple press.",
  });
  const recording = db
    .insert(contributionRecordings)
    .values({ contributionId: story.id, status: "ready", normalizedKey: `recordings/${story.id}/r.mp3` })
    .returning()
    .get();
  const link = `/recording-removal/${removalToken(recording.id)}`;

  await visit(page, link);
  await page.getByRole("button", { name: "Remove my recording" }).click();
  await expect(page.getByText("Your recording is no longer used in the family podcast or newsletter.")).toBeVisible();
  // Days later, from the same e-mail: the page remembers the recording and offers the story.
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, link);
  await expect(
    page.getByText("Your written story and its photos are still kept. You can delete them too."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Delete my written story and its photos" }).click();
  await expect(page.getByText("Your recording and your written story have been deleted")).toBeVisible();
  expect(db.select().from(contributions).where(eq(contributions.id, story.id)).get()).toBeUndefined();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
