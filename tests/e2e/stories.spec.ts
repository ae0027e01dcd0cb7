import { randomUUID } from "node:crypto";
import { campaigns, contributionAttachments, contributions, invitations, podcasts } from "#db/schema";
import { eq } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { addAttachment } from "~/models/contribution-attachment.server";
import { keepEmptyReply } from "~/models/empty-reply.server";

import { axeViolations } from "../utils/axe-scan";
import {
  createTestCampaign,
  createTestInvitation,
  createTestPodcast,
  insertTestContribution,
} from "../utils/stories-helpers";
import { expect, expectToast, makeUser, signInAs, test, visit } from "./fixtures";

const jsEnabled = () => test.info().project.use.javaScriptEnabled !== false;
const storiesUrl = (campaignId: string) => `/campaigns/${campaignId}/stories`;
const storyCard = (page: import("@playwright/test").Page, name: string) =>
  page.getByRole("article", { name: `Story from ${name}` });

test.describe("campaign stories", () => {
  test("adds a story by hand: blank fields are refused, then the card shows as 'Web Form'", async ({ page, user }) => {
    // Server and browser render the same page: no hydration warnings, no script errors.
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (/hydrat|did not match|Warning:/i.test(message.text())) problems.push(message.text());
    });
    const campaign = createTestCampaign(user.id);
    await signInAs(page, user);
    await visit(page, storiesUrl(campaign.id));
    await expect(page.getByRole("heading", { name: campaign.title })).toBeVisible();
    await expect(page.getByText("Family Prompt")).toBeVisible();
    await expect(page.getByText(campaign.prompt)).toBeVisible();
    await expect(page.getByText("No stories yet")).toBeVisible();
    await expect(page.getByText("0 stories collected")).toBeVisible();
    await expect(page.getByRole("button", { name: "Generate Podcast" })).toHaveCount(0);

    await page.getByRole("button", { name: "Add Story" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Story Manually" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Story").fill("   ");
    await dialog.getByRole("button", { name: "Add Story" }).click();
    await expect(dialog.getByText("Please enter the contributor's name")).toBeVisible();
    await expect(dialog.getByText("Please enter the contributor's email")).toBeVisible();
    await expect(dialog.getByText("Please enter the story")).toBeVisible();

    const email = `rose-${randomUUID()}@example.com`;
    await dialog.getByLabel("Contributor name", { exact: true }).fill("Grandma Rose");
    await dialog.getByLabel("Contributor email").fill(email);
    await dialog.getByLabel("Story").fill("Every winter we made marmalade together.");
    await dialog.getByRole("button", { name: "Add Story" }).click();

    await expectToast(page, "Story added");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const card = storyCard(page, "Grandma Rose");
    await expect(card).toContainText("Web Form");
    await expect(card).toContainText(email);
    await expect(card).toContainText("Every winter we made marmalade together.");
    await expect(card.getByText("View Full Email")).toHaveCount(0);
    await expect(page.getByText("1 story collected")).toBeVisible();
    await expect(page.getByRole("button", { name: "Generate Podcast" })).toBeVisible();
    // Reopening the dialog shows an empty form.
    await page.getByRole("button", { name: "Add Story" }).click();
    await expect(page.getByRole("dialog").getByLabel("Contributor name", { exact: true })).toHaveValue("");
    expect(problems).toEqual([]);
  });

  test("an e-mail reply shows only what they wrote; 'View Full Email' reveals the thread", async ({ page, user }) => {
    const campaign = createTestCampaign(user.id);
    insertTestContribution(campaign.id, {
      contributorName: null,
      contributorEmail: "uncle.bo@example.com",
      submissionMethod: "email",
      submittedAt: new Date("2026-11-03T09:14:00Z"),
      storyContent:
        "Grandpa repaired clocks in the cellar.\n\nOn Mon, Nov 2, 2026 at 8:00 AM Storyhearth <reply@example.com> wrote:\n> Please share a memory of Grandpa",
    });
    await signInAs(page, user);
    await visit(page, storiesUrl(campaign.id));
    const card = storyCard(page, "Anonymous Contributor");
    await expect(card).toContainText("Email Reply");
    await expect(card).toContainText("Nov 3, 2026 at 9:14 AM");
    await expect(card).toContainText("uncle.bo@example.com");
    await expect(card.getByText("Grandpa repaired clocks in the cellar.", { exact: true })).toBeVisible();
    const thread = card.getByText("> Please share a memory of Grandpa");
    await expect(thread).toBeHidden();
    await card.getByText("View Full Email").click();
    await expect(thread).toBeVisible();
  });

  test("renames a contributor inline; cancelling keeps the name", async ({ page, user }) => {
    const campaign = createTestCampaign(user.id);
    const story = insertTestContribution(campaign.id, { contributorName: "Aunt May" });
    await signInAs(page, user);
    await visit(page, storiesUrl(campaign.id));

    // Cancel: Escape with JavaScript, the cross without.
    await page.getByRole("link", { name: "Edit contributor name (Aunt May)" }).click();
    const input = page.getByLabel("Contributor name", { exact: true });
    await input.fill("Somebody Else");
    if (jsEnabled()) await input.press("Escape");
    else await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByLabel("Contributor name", { exact: true })).toHaveCount(0);
    await expect(storyCard(page, "Aunt May")).toBeVisible();

    // Save: Enter with JavaScript, the check button without.
    await page.getByRole("link", { name: "Edit contributor name (Aunt May)" }).click();
    await page.getByLabel("Contributor name", { exact: true }).fill("Great-Aunt May");
    if (jsEnabled()) await page.getByLabel("Contributor name", { exact: true }).press("Enter");
    else await page.getByRole("button", { name: "Save name" }).click();
    await expectToast(page, "Contributor name updated");
    await expect(storyCard(page, "Great-Aunt May")).toBeVisible();
    await expect(page.getByLabel("Contributor name", { exact: true })).toHaveCount(0);
    expect(db.select().from(contributions).where(eq(contributions.id, story.id)).get()!.contributorName).toBe(
      "Great-Aunt May",
    );
  });

  test("saves the family podcast voice settings", async ({ page, user }) => {
    const campaign = createTestCampaign(user.id);
    insertTestContribution(campaign.id);
    await signInAs(page, user);
    await visit(page, storiesUrl(campaign.id));
    // One story: the button is there, the bottom panel is not.
    await expect(page.getByText("Ready to Create Your Family Podcast?")).toHaveCount(0);
    await page.getByRole("button", { name: "Generate Podcast" }).click();

    const dialog = page.getByRole("dialog", { name: "Configure Family Podcast Voice" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Narrator voice")).toHaveValue("female-warm");
    await expect(dialog.getByLabel("Background music")).toHaveValue("warm");
    await expect(dialog.getByLabel("Narrator speaking speed")).toHaveValue("1");
    await dialog.getByLabel("Narrator voice").selectOption({ label: "Male, warm" });
    await dialog.getByLabel("Narrator accent").selectOption("british");
    await dialog.getByLabel("Narrator speaking speed").fill("1.2");
    await dialog.getByLabel("Background music").selectOption({ label: "Gentle" });
    await dialog.getByLabel("Sound quality").selectOption({ label: "High (clearer sound, larger file)" });
    // 'Generate Family Podcast' saves and starts the podcast; 'Save Voice Settings' only saves.
    await expect(dialog.getByRole("button", { name: "Generate Family Podcast" })).toBeVisible();
    await dialog.getByRole("button", { name: "Save Voice Settings" }).click();

    await expectToast(page, "Podcast voice settings saved");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(db.select().from(podcasts).where(eq(podcasts.campaignId, campaign.id)).all()).toHaveLength(0);
    expect(db.select().from(campaigns).where(eq(campaigns.id, campaign.id)).get()!.podcastSettings).toEqual({
      voiceConfig: {
        hostCount: 1,
        primaryVoice: "male-warm",
        primaryAccent: "british",
        primarySpeed: 1.2,
        secondaryVoice: null,
        secondaryAccent: null,
        secondarySpeed: null,
      },
      options: { backgroundMusic: "gentle", introOutro: "family", processingQuality: "premium" },
    });
    // The dialog opens with what was saved.
    await page.getByRole("button", { name: "Generate Podcast" }).click();
    await expect(page.getByRole("dialog").getByLabel("Narrator voice")).toHaveValue("male-warm");
    await expect(page.getByRole("dialog").getByLabel("Narrator speaking speed")).toHaveValue("1.2");
  });

  test("'Delete & Regenerate' deletes the podcast and opens the voice dialog", async ({ page, user }) => {
    const campaign = createTestCampaign(user.id);
    insertTestContribution(campaign.id, { contributorName: "One" });
    insertTestContribution(campaign.id, { contributorName: "Two" });
    const podcast = createTestPodcast(user.id, campaign.id);
    await signInAs(page, user);
    await visit(page, storiesUrl(campaign.id));
    await expect(page.getByText("2 stories collected")).toBeVisible();
    await expect(page.getByText("Family Podcast Created!")).toBeVisible();
    await page.getByRole("button", { name: "Delete & Regenerate" }).click();

    await expect(page.getByRole("dialog", { name: "Configure Family Podcast Voice" })).toBeVisible();
    expect(db.select().from(podcasts).where(eq(podcasts.id, podcast.id)).get()).toBeUndefined();
    await page.getByRole("dialog").getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByText("Ready to Create Your Family Podcast?")).toBeVisible();
    await expect(page.getByRole("button", { name: "Generate Family Podcast" })).toBeVisible();
  });

  test("a long collection is read 20 stories a page, newest first; editing on page 2 stays on page 2", async ({
    page,
    user,
  }) => {
    const campaign = createTestCampaign(user.id);
    // Story 1 is the oldest, story 25 the newest.
    const stories = Array.from({ length: 25 }, (_, i) =>
      insertTestContribution(campaign.id, {
        contributorName: `Cousin ${i + 1}`,
        submittedAt: new Date(Date.UTC(2026, 9, 1 + i, 12)),
      }),
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, user);
    await visit(page, storiesUrl(campaign.id));
    await expect(page.getByText("25 stories collected")).toBeVisible();
    const cards = page.getByRole("article", { name: /^Story from / });
    await expect(cards).toHaveCount(20);
    await expect(cards.first()).toHaveAttribute("aria-label", "Story from Cousin 25");
    await expect(cards.last()).toHaveAttribute("aria-label", "Story from Cousin 6");
    const pager = page.getByRole("navigation", { name: "Story pages" });
    await expect(pager).toContainText("Stories 1–20 of 25");
    await expect(pager.getByRole("link", { name: "Previous" })).toHaveCount(0);
    // The bottom panel counts every story, not the page's.
    await expect(page.getByText("Ready to Create Your Family Podcast?")).toBeVisible();

    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect(cards).toHaveCount(5);
    await expect(cards.first()).toHaveAttribute("aria-label", "Story from Cousin 5");
    await expect(page.getByRole("navigation", { name: "Story pages" })).toContainText("Stories 21–25 of 25");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    // Renaming a story on page 2 comes back to page 2.
    await page.getByRole("link", { name: "Edit contributor name (Cousin 3)" }).click();
    await page.getByLabel("Contributor name", { exact: true }).fill("Cousin Three");
    await page.getByRole("button", { name: "Save name" }).click();
    await expectToast(page, "Contributor name updated");
    await expect(storyCard(page, "Cousin Three")).toBeVisible();
    await expect(cards).toHaveCount(5);
    expect(db.select().from(contributions).where(eq(contributions.id, stories[2]!.id)).get()!.contributorName).toBe(
      "Cousin Three",
    );

    // So do correcting a story's text and opening and closing a dialog.
    await storyCard(page, "Cousin 1").getByRole("link", { name: "Edit text" }).click();
    await storyCard(page, "Cousin 1").getByLabel("Story text").fill("We fished off the old pier.");
    await storyCard(page, "Cousin 1").getByRole("button", { name: "Save text" }).click();
    await expect(storyCard(page, "Cousin 1")).toContainText("We fished off the old pier.");
    await expect(cards).toHaveCount(5);
    await page.getByRole("button", { name: "Add Story" }).click();
    await page.getByRole("dialog", { name: "Add Story Manually" }).getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect(cards).toHaveCount(5);

    // A page past the end shows the last one.
    await visit(page, `${storiesUrl(campaign.id)}?page=9`);
    await expect(cards).toHaveCount(5);
    await page.getByRole("navigation", { name: "Story pages" }).getByRole("link", { name: "Previous" }).click();
    await expect(cards).toHaveCount(20);
  });

  test("another user's collection is a 404", async ({ page, user }) => {
    const owner = await makeUser();
    const campaign = createTestCampaign(owner.id);
    await signInAs(page, user);
    const response = await visit(page, storiesUrl(campaign.id));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });
});

test.describe("public contribution page", () => {
  test("a relative shares a story without an account; the owner sees it", async ({ page, user }) => {
    const campaign = createTestCampaign(user.id);
    const invitation = createTestInvitation(campaign.id);
    await visit(page, `/contribute/${campaign.publicId}?t=${invitation.token}`);
    await expect(page.getByRole("heading", { name: "Share Your Story" })).toBeVisible();
    await expect(page.getByText(campaign.title)).toBeVisible();
    await expect(page.getByText(campaign.description!)).toBeVisible();
    await expect(page.getByText(campaign.prompt)).toBeVisible();
    await expect(page.getByLabel("Your email")).toHaveValue(invitation.email);
    await expect(page.getByLabel("Your email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Your name")).toHaveAttribute("required", "");

    await page.getByRole("button", { name: "Share My Story" }).click();
    await expect(page.getByText("Please enter the contributor's name")).toBeVisible();

    const name = `Cousin ${randomUUID().slice(0, 6)}`;
    await page.getByLabel("Your name").fill(name);
    await page.getByLabel("Your story").fill("The summer the creek froze we skated to school.");
    await page.getByRole("button", { name: "Share My Story" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    expect(db.select().from(invitations).where(eq(invitations.id, invitation.id)).get()!.status).toBe("answered");

    await signInAs(page, user);
    await visit(page, storiesUrl(campaign.id));
    const card = storyCard(page, name);
    await expect(card).toContainText("Web Form");
    await expect(card).toContainText(invitation.email);
    await expect(card).toContainText("The summer the creek froze we skated to school.");
  });

  test("an unknown or closed collection shows 'Collection Not Found'", async ({ page, user }) => {
    for (const publicId of [`missing-${randomUUID()}`, createTestCampaign(user.id, { status: "closed" }).publicId]) {
      const response = await visit(page, `/contribute/${publicId}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Collection Not Found" })).toBeVisible();
      await expect(
        page.getByText("This story collection doesn't exist or is no longer accepting contributions."),
      ).toBeVisible();
    }
  });
});

// Photos sent with e-mail replies, a reply from another address, and an empty reply.
test.describe("what came with e-mail replies", () => {
  // A real 1×1 PNG, so the browser can show it.
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );

  async function replyWithPhotos(campaignId: string) {
    const story = insertTestContribution(campaignId, {
      contributorName: null,
      contributorEmail: "robert@example.com",
      sentFrom: "Grandpa Joe <joe@elsewhere.example>",
      submissionMethod: "email",
      storyContent: "We drove the old Ford to Lake Tahoe.",
    });
    for (const fileName of ["lake.png", "dock.png"]) {
      const storageKey = `photos/${story.id}/${randomUUID()}.png`;
      await getStorage().put(storageKey, PNG);
      addAttachment({ contributionId: story.id, storageKey, fileName, contentType: "image/png", size: PNG.length });
    }
    return story;
  }

  test("photos show with their story and the owner removes one; a reply from another address says who sent it", async ({
    page,
    user,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const campaign = createTestCampaign(user.id);
    await replyWithPhotos(campaign.id);
    await signInAs(page, user);
    await visit(page, storiesUrl(campaign.id));
    const card = storyCard(page, "Anonymous Contributor");
    await expect(card).toContainText("robert@example.com");
    await expect(card).toContainText("Sent from Grandpa Joe <joe@elsewhere.example>");
    const first = card.getByRole("img", { name: "Photo 1 of 2 from Anonymous Contributor" });
    await expect(first).toBeVisible();
    await expect(card.getByRole("img", { name: "Photo 2 of 2 from Anonymous Contributor" })).toBeVisible();
    // The thumbnails really load, through the owner's photo URL.
    // (decode() rejects a broken image; naturalWidth no longer says it: a srcset's 1 px copy reads as 0.)
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.decode().then(() => img.complete)))
      .toBe(true);
    // A sized copy for its 112 px box, never the photo whole.
    expect(
      Number(new URL(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).searchParams.get("w")),
    ).toBeLessThanOrEqual(192);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // With JavaScript the page is not reloaded: a marker on window survives.
    if (jsEnabled()) await page.evaluate(() => Object.assign(window, { pageMarker: "kept" }));
    await card.getByRole("button", { name: "Remove photo 1 (lake.png)" }).click();
    await expectToast(page, "Photo removed");
    await expect(card.getByRole("img")).toHaveCount(1);
    await expect(card.getByRole("img", { name: "Photo 1 of 1 from Anonymous Contributor" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Remove photo 1 (dock.png)" })).toBeVisible();
    if (jsEnabled())
      expect(await page.evaluate(() => (window as unknown as { pageMarker?: string }).pageMarker)).toBe("kept");

    // It stays removed after a fresh load.
    await visit(page, storiesUrl(campaign.id));
    await expect(storyCard(page, "Anonymous Contributor").getByRole("img")).toHaveCount(1);
  });

  test("another user cannot see a photo of the collection", async ({ page, user }) => {
    const campaign = createTestCampaign(user.id);
    const story = await replyWithPhotos(campaign.id);
    const [photo] = db
      .select()
      .from(contributionAttachments)
      .where(eq(contributionAttachments.contributionId, story.id))
      .all();
    await signInAs(page, user);
    expect((await page.request.get(`/campaigns/${campaign.id}/photos/${photo!.id}`)).status()).toBe(200);
    await signInAs(page, await makeUser());
    expect((await page.request.get(`/campaigns/${campaign.id}/photos/${photo!.id}`)).status()).toBe(404);
  });

  test("a reply with nothing usable is shown apart from the stories, with what arrived", async ({ page, user }) => {
    const campaign = createTestCampaign(user.id);
    keepEmptyReply({
      campaignId: campaign.id,
      contributorEmail: "nana@example.com",
      subject: "Re: Grandma's Kitchen",
      content: "Sent from my iPhone",
      messageId: `<${randomUUID()}@example.com>`,
    });
    await signInAs(page, user);
    await visit(page, storiesUrl(campaign.id));
    await expect(page.getByText("No stories yet")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Replies without a story" })).toBeVisible();
    await expect(page.getByText("Reply from nana@example.com")).toBeVisible();
    const arrived = page.getByText("Sent from my iPhone");
    await expect(arrived).toBeHidden();
    await page.getByText("What arrived").click();
    await expect(arrived).toBeVisible();
  });
});
