// Nothing a relative e-mails is dropped silently (decision 0213): a document that came with a reply
// is listed on its story with name and size and downloads for the owner only; an attachment that
// could not be kept is named with its reason on the story, and on a reply that brought nothing else.
// The invitation states what goes through. Both projects run each test (JavaScript on and off).
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import type { Page } from "@playwright/test";

import { attachmentsWelcome } from "~/features/contributions/attachment-limits";
import {
  signedInboundForm,
  webhookSigningKey,
  type InboundMessage,
} from "~/features/contributions/mailgun-webhook.server";
import { replyAddressFor } from "~/features/contributions/reply-address.server";

import { axeViolations } from "../utils/axe-scan";
import { overflow } from "../utils/layout-checks";
import { createTestCampaign, createTestInvitation } from "../utils/stories-helpers";
import { expect, latestEmailTo, makeUser, signInAs, test, visit } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

type Part = string | { name: string; mimeType: string; buffer: Buffer };

/** Posts a signed inbound webhook with its files, as Mailgun would, to the running app. */
async function postReply(
  page: Page,
  message: InboundMessage,
  files: Array<{ name: string; mimeType: string; buffer: Buffer }>,
) {
  const form = signedInboundForm(message, webhookSigningKey()!, new Date());
  const multipart: Record<string, Part> = {};
  form.forEach((value, name) => {
    if (typeof value === "string") multipart[name] = value;
  });
  multipart["attachment-count"] = String(files.length);
  files.forEach((file, i) => (multipart[`attachment-${i + 1}`] = file));
  const response = await page.request.post("/webhooks/mailgun/inbound", { multipart });
  expect(response.status()).toBe(200);
}

/** A .docx is a zip; its first bytes are what the check reads. */
const docx = Buffer.concat([Buffer.from("PK\x03\x04"), Buffer.from("word/document.xml".padEnd(2000, " "))]);

function replyTo(campaignId: string) {
  const invitee = `nana-${randomUUID()}@example.com`;
  const invitation = createTestInvitation(campaignId, invitee);
  return {
    invitee,
    message: {
      recipient: replyAddressFor(invitation.token),
      from: `Nana <${invitee}>`,
      subject: "Re: Sunday bread",
      messageId: `<${randomUUID()}@mail.example.com>`,
    },
  };
}

test("the invitation says what can come with a reply, and how much", async ({ page, user }) => {
  await signInAs(page, user);
  const relative = `grandpa-${randomUUID()}@example.com`;
  const created = await page.request.post("/api/campaigns", {
    data: { title: "Fishing at Dawn", prompt: "What did Grandpa teach you on the dock?", inviteEmails: [relative] },
  });
  expect(created.status()).toBe(201);
  await expect.poll(() => latestEmailTo(relative)?.kind, { timeout: 15_000 }).toBe("campaign_invitation");
  const invitation = latestEmailTo(relative)!;
  expect(attachmentsWelcome).toContain("up to 18 MB in all");
  expect(invitation.text).toContain(attachmentsWelcome);
  expect(invitation.html).toContain(attachmentsWelcome);
});

test("a kept document downloads for the owner only, and a refused attachment is named with its reason", async ({
  page,
  user,
  browser,
}) => {
  const campaign = createTestCampaign(user.id);
  const words = "Nana's bread recipe, in her own hand, typed up by Aunt Jo.";
  const { invitee, message } = replyTo(campaign.id);
  await postReply(page, { ...message, bodyPlain: words }, [
    {
      name: "Sunday bread.docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      buffer: docx,
    },
    { name: "holiday.mov", mimeType: "video/quicktime", buffer: Buffer.from("not a playable video") },
  ]);
  expect(latestEmailTo(invitee)).toMatchObject({ kind: "attachments_refused" });

  await signInAs(page, user);
  await visit(page, `/campaigns/${campaign.id}/stories`);
  const card = page.getByRole("article").filter({ hasText: words });
  const link = card.getByRole("link", { name: "Download Sunday bread.docx (2.0 KB)" });
  await expect(link).toBeVisible();
  await expect(
    card.getByText("1 attachment did not come through: holiday.mov (a kind of file we do not keep)"),
  ).toBeVisible();
  expect(await overflow(page, "stories page")).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("Sunday bread.docx");
  expect(await fs.readFile((await download.path())!)).toEqual(docx);

  // Another family's owner, and nobody signed in, never get it.
  const href = (await link.getAttribute("href"))!;
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  expect((await otherPage.request.get(href, { maxRedirects: 0 })).status()).toBe(302);
  await signInAs(otherPage, await makeUser());
  expect((await otherPage.request.get(href)).status()).toBe(404);
  await other.close();
});

test("a reply that brought only a file we could not keep is a note for the owner, not a story", async ({
  page,
  user,
}) => {
  const campaign = createTestCampaign(user.id);
  const { invitee, message } = replyTo(campaign.id);
  await postReply(page, { ...message, bodyPlain: "" }, [
    { name: "holiday.mov", mimeType: "video/quicktime", buffer: Buffer.from("not a playable video") },
  ]);
  expect(latestEmailTo(invitee)).toMatchObject({ kind: "attachments_refused" });

  await signInAs(page, user);
  await visit(page, `/campaigns/${campaign.id}/stories`);
  await expect(page.getByRole("heading", { name: "No stories yet" })).toBeVisible();
  await expect(
    page.getByText("1 attachment did not come through: holiday.mov (a kind of file we do not keep)"),
  ).toBeVisible();
  expect(await overflow(page, "stories page")).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
});
