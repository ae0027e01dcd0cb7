// The answer form's thank-you (decisions 0196, 0197): the page shows a copy of what was sent, the
// thank-you e-mail carries the same words, and "Share another story" keeps the personal link, so
// the second story is the same relative's. Both projects run each test (JavaScript on and off).
import { contributions, emailOutbox } from "#db/schema";
import { and, eq } from "drizzle-orm";

import { db } from "~/lib/db.server";

import { axeViolations } from "../utils/axe-scan";
import { overflow } from "../utils/layout-checks";
import { createTestCampaign, createTestInvitation } from "../utils/stories-helpers";
import { makeVoiceMemo } from "../utils/voice-memos";
import { expect, signInAs, test, visit } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

const thanksTo = (address: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, address), eq(emailOutbox.kind, "story_thanks")))
    .all();

test("the thank-you page shows what was sent, and the next story keeps the personal link and its contributor", async ({
  page,
  user,
}) => {
  const campaign = createTestCampaign(user.id);
  const invitation = createTestInvitation(campaign.id);
  await visit(page, `/contribute/${campaign.publicId}?t=${invitation.token}`);
  await page.getByLabel("Your name").fill("Cousin Ann");
  await page.getByLabel("Your story").fill("The summer the creek froze\nwe skated to school.");
  const memo = await makeVoiceMemo("m4a");
  await page
    .getByLabel("Or record your answer (optional)")
    .setInputFiles({ name: "creek memo.m4a", mimeType: "audio/mp4", buffer: Buffer.from(await memo.arrayBuffer()) });
  await page.getByRole("button", { name: "Share My Story" }).click();

  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  const copy = page.getByRole("region", { name: "What you sent" });
  await expect(copy).toContainText("From Cousin Ann");
  await expect(copy.locator("blockquote")).toHaveText("The summer the creek froze\nwe skated to school.");
  await expect(copy).toContainText("Recording: creek memo.m4a");
  expect(await overflow(page, "thank-you page")).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  // The e-mail to the invited address carries the same words.
  expect(thanksTo(invitation.email)).toHaveLength(1);
  // A browser sends a textarea's line breaks as CRLF.
  expect(thanksTo(invitation.email)[0]!.text.replace(/\r\n/g, "\n")).toContain(
    "The summer the creek froze\nwe skated to school.",
  );

  await page.getByRole("link", { name: "Share another story" }).click();
  await expect(page.getByRole("heading", { name: "Share Your Story" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("t")).toBe(invitation.token);
  await expect(page.getByLabel("Your email")).toHaveValue(invitation.email);
  await page.getByLabel("Your name").fill("Cousin Ann");
  await page.getByLabel("Your story").fill("And the spring it flooded the barn.");
  await page.getByRole("button", { name: "Share My Story" }).click();
  await expect(page.getByRole("region", { name: "What you sent" }).locator("blockquote")).toHaveText(
    "And the spring it flooded the barn.",
  );
  await expect(page.getByRole("region", { name: "What you sent" })).not.toContainText("Recording:");

  // Both stories answer the same invitation, each thanked once.
  const stories = db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).all();
  expect(stories.map((story) => story.invitationId)).toEqual([invitation.id, invitation.id]);
  expect(thanksTo(invitation.email)).toHaveLength(2);
  await signInAs(page, user);
  await visit(page, `/campaigns/${campaign.id}/stories`);
  const cards = page.getByRole("article", { name: "Story from Cousin Ann" });
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all()) await expect(card).toContainText(invitation.email);
});

test("without a personal link the thank-you page shows the copy and the next form stays anonymous", async ({
  page,
  user,
}) => {
  const campaign = createTestCampaign(user.id);
  await visit(page, `/contribute/${campaign.publicId}`);
  await page.getByLabel("Your name").fill("A neighbour");
  await page.getByLabel("Your email").fill("neighbour@example.com");
  await page.getByLabel("Your story").fill("I remember the family's boat on the lake.");
  await page.getByRole("button", { name: "Share My Story" }).click();
  await expect(page.getByRole("region", { name: "What you sent" }).locator("blockquote")).toHaveText(
    "I remember the family's boat on the lake.",
  );
  expect(await overflow(page, "thank-you page")).toEqual([]);
  // Nobody invited this address: it gets no e-mail.
  expect(db.select().from(emailOutbox).where(eq(emailOutbox.to, "neighbour@example.com")).all()).toHaveLength(0);

  await page.getByRole("link", { name: "Share another story" }).click();
  await expect(page.getByLabel("Your email")).toHaveValue("");
  expect(new URL(page.url()).searchParams.has("t")).toBe(false);
});

test("a forged receipt shows the thanks without anyone's story", async ({ page, user }) => {
  const campaign = createTestCampaign(user.id);
  const response = await visit(page, `/contribute/${campaign.publicId}?submitted=1&receipt=not-a-story.forged`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await expect(page.getByRole("region", { name: "What you sent" })).toHaveCount(0);
});
