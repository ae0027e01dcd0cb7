// Answers by voice (decision 0136): a relative uploads a recording on the public form (a
// plain file input, so it works without JavaScript), the owner hears it, corrects the text, and
// sees the relative's removal request. Both projects run each test (JavaScript on and off).
import fs from "node:fs";
import path from "node:path";
import { contributionRecordings, contributions, emailOutbox } from "#db/schema";
import { eq } from "drizzle-orm";

import { signedInboundForm, webhookSigningKey } from "~/features/contributions/mailgun-webhook.server";
import { removalToken } from "~/features/contributions/recordings.server";
import { replyAddressFor } from "~/features/contributions/reply-address.server";
import { db } from "~/lib/db.server";

import { axeViolations } from "../utils/axe-scan";
import { createTestCampaign, createTestInvitation } from "../utils/stories-helpers";
import { makeVoiceMemo } from "../utils/voice-memos";
import { expect, expectToast, signInAs, test, visit } from "./fixtures";

const noSidewaysScroll = async (page: import("@playwright/test").Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

test.describe("answers by voice", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("an e-mailed recording we cannot read: the relative is told why by e-mail, the owner sees it in their words", async ({
    page,
    user,
  }) => {
    const campaign = createTestCampaign(user.id);
    const invitation = createTestInvitation(campaign.id);
    const form = signedInboundForm(
      {
        recipient: replyAddressFor(invitation.token),
        from: `Cousin Ann <${invitation.email}>`,
        subject: "Re: stories",
        bodyPlain: "The barn dance, 1961.",
        messageId: `<${invitation.token}@mail.example.com>`,
      },
      webhookSigningKey()!,
      new Date(),
    );
    const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {};
    form.forEach((value, name) => {
      if (typeof value === "string") multipart[name] = value;
    });
    multipart["attachment-count"] = "1";
    multipart["attachment-1"] = { name: "memo.m4a", mimeType: "audio/mp4", buffer: Buffer.alloc(4096, 7) };
    expect((await page.request.post("/webhooks/mailgun/inbound", { multipart })).status()).toBe(200);

    // Their words are thanked with a copy (decision 0196), and the recording's refusal explained on its own.
    const told = db.select().from(emailOutbox).where(eq(emailOutbox.to, invitation.email)).all();
    expect(told.map((mail) => mail.kind)).toEqual(["story_thanks", "recording_refused"]);
    expect(told[0]!.text).toContain("The barn dance, 1961.");
    expect(told[0]!.text).not.toContain("Recording:");
    expect(told[1]!.text).toContain("We couldn't read the file as a sound recording.");
    expect(told[1]!.text).toContain("What you wrote reached us and is kept with your story");

    await signInAs(page, user);
    await visit(page, `/campaigns/${campaign.id}/stories`);
    const card = page.getByRole("article", { name: "Story from Cousin Ann" });
    await expect(card).toContainText("The barn dance, 1961.");
    await expect(card).toContainText(
      "A recording came with this story but could not be kept: the file could not be read as a sound recording.",
    );
    await expect(card).not.toContainText("Please choose");
    await noSidewaysScroll(page);
  });

  test("upload an audio file; the owner plays it, edits the text and sees a removal request", async ({
    page,
    user,
  }) => {
    const campaign = createTestCampaign(user.id);
    const invitation = createTestInvitation(campaign.id);
    await visit(page, `/contribute/${campaign.publicId}?t=${invitation.token}`);
    await expect(
      page.getByText("Your recording will be heard by the family in the family podcast and newsletter."),
    ).toBeVisible();
    const input = page.getByLabel("Or record your answer (optional)");
    await expect(input).toHaveAttribute("accept", "audio/*");
    await expect(input).toHaveAttribute("capture", "");
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    const memo = await makeVoiceMemo("m4a");
    await page.getByLabel("Your name").fill("Uncle Joe");
    await page.getByLabel("Your story").fill("The lake froze the winter I was born.");
    await input.setInputFiles({
      name: "voice memo.m4a",
      mimeType: "audio/mp4",
      buffer: Buffer.from(await memo.arrayBuffer()),
    });
    await page.getByRole("button", { name: "Share My Story" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();

    const story = db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).get()!;
    const recording = db
      .select()
      .from(contributionRecordings)
      .where(eq(contributionRecordings.contributionId, story.id))
      .get()!;
    expect(recording.originalFileName).toBe("voice memo.m4a");

    // The relative changes their mind through the thank-you e-mail's link.
    await visit(page, `/recording-removal/${removalToken(recording.id)}`);
    await page.getByRole("button", { name: "Remove my recording" }).click();
    await expect(page.getByRole("heading", { name: "Your request is noted" })).toBeVisible();

    await signInAs(page, user);
    const card = page.getByRole("article", { name: "Story from Uncle Joe" });
    // The server's job runner converts the recording in a moment.
    await expect(async () => {
      await visit(page, `/campaigns/${campaign.id}/stories`);
      await expect(card.locator("audio")).toHaveCount(1, { timeout: 500 });
    }).toPass({ timeout: 20_000 });
    const src = await card.locator("audio").getAttribute("src");
    const audio = await page.request.get(src!);
    expect(audio.status()).toBe(200);
    expect(audio.headers()["content-type"]).toBe("audio/mpeg");
    await expect(card.getByText("Removal requested")).toBeVisible();
    await noSidewaysScroll(page);

    await card.getByRole("link", { name: "Edit text" }).click();
    await card.getByLabel("Story text").fill("The lake froze the winter I was born, 1952.");
    await card.getByRole("button", { name: "Save text" }).click();
    await expectToast(page, "Story text saved");
    await expect(card).toContainText("The lake froze the winter I was born, 1952.");
    await card.getByText("Edited — see original").click();
    await expect(card.getByText("The lake froze the winter I was born.", { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await card.getByRole("button", { name: "Delete recording" }).click();
    await expectToast(page, "Recording deleted");
    await expect(card.locator("audio")).toHaveCount(0);
  });

  test("a file that is not a recording gets a clear message, and the typed story stays", async ({ page, user }) => {
    const campaign = createTestCampaign(user.id);
    await visit(page, `/contribute/${campaign.publicId}`);
    await page.getByLabel("Your name").fill("Cousin Ann");
    await page.getByLabel("Your email").fill("ann@example.com");
    await page.getByLabel("Your story").fill("We sang on the porch.");
    await page
      .getByLabel("Or record your answer (optional)")
      .setInputFiles({ name: "memo.m4a", mimeType: "audio/mp4", buffer: Buffer.from("not really audio") });
    await page.getByRole("button", { name: "Share My Story" }).click();
    await expect(page.getByText("We couldn't read that file as a sound recording.", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Your story")).toHaveValue("We sang on the porch.");
    expect(db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).all()).toHaveLength(0);
  });

  // Just over the 50 MB cap the typed fields were lost (false "Please enter your name"
  // errors), and past 51 MB the page with JavaScript fell to "Something went wrong on our side".
  for (const [label, bytes] of [
    ["just over 50 MB", 50 * 1024 * 1024 + 4096],
    ["51 MB", 51 * 1024 * 1024],
    ["60 MB", 60 * 1024 * 1024],
  ] as const) {
    test(`a recording of ${label} is refused under its field, and everything typed stays`, async ({ page, user }) => {
      const campaign = createTestCampaign(user.id);
      const big = test.info().outputPath(`memo-${bytes}.m4a`);
      fs.mkdirSync(path.dirname(big), { recursive: true });
      fs.writeFileSync(big, Buffer.alloc(bytes, 1));
      await visit(page, `/contribute/${campaign.publicId}`);
      // With JavaScript the page refuses it before sending: not one request carries it (not one POST).
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await page.getByLabel("Your name").fill("Cousin Ann");
      await page.getByLabel("Your email").fill("ann@example.com");
      await page.getByLabel("Your story").fill("We sang on the porch every summer.");
      await page.getByLabel("Or record your answer (optional)").setInputFiles(big);
      await page.getByRole("button", { name: "Share My Story" }).click();

      await expect(page.locator("#share-your-story-recording-error")).toHaveText(
        "That recording is larger than 50 MB. Please choose a shorter one (up to 10 minutes).",
      );
      await expect(page.getByLabel("Your name")).toHaveValue("Cousin Ann");
      await expect(page.getByLabel("Your email")).toHaveValue("ann@example.com");
      await expect(page.getByLabel("Your story")).toHaveValue("We sang on the porch every summer.");
      await expect(page.getByText(/Please enter/)).toHaveCount(0);
      await expect(page.getByText("Something went wrong")).toHaveCount(0);
      expect(db.select().from(contributions).where(eq(contributions.campaignId, campaign.id)).all()).toHaveLength(0);
      expect(posts).toHaveLength(test.info().project.use.javaScriptEnabled === false ? 1 : 0);
      fs.rmSync(big, { force: true });
    });
  }
});
