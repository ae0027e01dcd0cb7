// The family podcast of a story collection, with JavaScript on and off: 'Generate Family Podcast'
// saves the narrator settings and starts the real job; the page follows it to the player.
import { campaigns, podcasts } from "#db/schema";
import { eq } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";

import { createTestCampaign, insertTestContribution } from "../utils/stories-helpers";
import { expect, expectToast, signInAs, test, visit } from "./fixtures";

/** Speech synthesis and mixing run for real in the server's worker. */
const GENERATION_MS = 150_000;

test("a collection with two stories becomes a family podcast; 'Delete & Regenerate' opens the dialog", async ({
  page,
  user,
}) => {
  test.setTimeout(GENERATION_MS);
  const campaign = createTestCampaign(user.id);
  insertTestContribution(campaign.id, {
    contributorName: "Aunt May",
    storyContent: "We baked bread every Sunday morning.",
  });
  insertTestContribution(campaign.id, {
    contributorName: "Uncle Bo",
    storyContent: "Grandpa fixed clocks in the cellar.",
  });
  await signInAs(page, user);
  await visit(page, `/campaigns/${campaign.id}/stories`);

  await expect(page.getByText("Ready to Create Your Family Podcast?")).toBeVisible();
  await page.getByRole("button", { name: "Generate Family Podcast" }).click();
  const dialog = page.getByRole("dialog", { name: "Configure Family Podcast Voice" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Narrator voice").selectOption({ label: "Male, warm" });
  await dialog.getByLabel("Narrator accent").selectOption("british");
  await dialog.getByLabel("Narrator speaking speed").fill("1.1");
  await dialog.getByLabel("Background music").selectOption({ label: "None" });
  await dialog.getByRole("button", { name: "Generate Family Podcast" }).click();

  // The settings are saved and the job started; the collection says so while it runs.
  await expectToast(page, "Family podcast generation started");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("Generating Podcast", { exact: true })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Family podcast progress" })).toBeVisible();
  // Followed live: polled with JavaScript (the same page, never reloaded), a refreshing page without.
  const jsEnabled = test.info().project.use.javaScriptEnabled !== false;
  if (jsEnabled) await page.evaluate(() => Object.assign(window, { samePage: true }));
  else await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "2");
  expect(db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!.podcastSettings).toEqual({
    voiceConfig: {
      hostCount: 1,
      primaryVoice: "male-warm",
      primaryAccent: "british",
      primarySpeed: 1.1,
      secondaryVoice: null,
      secondaryAccent: null,
      secondarySpeed: null,
    },
    options: { backgroundMusic: "none", introOutro: "family", processingQuality: "standard" },
  });

  await expect(page.getByText("Family Podcast Created!")).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  if (jsEnabled) expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  const podcast = db.select().from(podcasts).where(eq(podcasts.campaignId, campaign.id)).get()!;
  expect(podcast).toMatchObject({ status: "complete", hostCount: 1, primaryVoice: "male-warm", introOutro: "family" });
  expect(String(podcast.transcript)).toContain("Aunt May");
  await expect(page.getByRole("link", { name: "Open Podcast" })).toHaveAttribute("href", `/podcast/${podcast.id}`);
  const src = await page.getByLabel("Family podcast player").getAttribute("src");
  expect(src).toBe(`/api/podcasts/${podcast.id}/audio`);
  const audio = await page.request.get(src!);
  expect(audio.status()).toBe(200);
  expect(audio.headers()["content-type"]).toBe("audio/mpeg");

  // Delete & Regenerate: the podcast and its file go, and the dialog opens with the saved settings.
  await page.getByRole("button", { name: "Delete & Regenerate" }).click();
  const again = page.getByRole("dialog", { name: "Configure Family Podcast Voice" });
  await expect(again).toBeVisible();
  await expect(again.getByLabel("Narrator voice")).toHaveValue("male-warm");
  await expect(again.getByLabel("Narrator speaking speed")).toHaveValue("1.1");
  expect(db.select().from(podcasts).where(eq(podcasts.id, podcast.id)).get()).toBeUndefined();
  expect(await getStorage().size(podcast.audioKey!)).toBeNull();
  expect(db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!.status).toBe("active");
});
