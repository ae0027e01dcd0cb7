import { randomUUID } from "node:crypto";

import {
  signedInboundForm,
  webhookSigningKey,
  type InboundMessage,
} from "~/features/contributions/mailgun-webhook.server";
import { replyAddressFor } from "~/features/contributions/reply-address.server";

import { createTestCampaign, createTestInvitation } from "../utils/stories-helpers";
import { expect, latestEmailTo, signInAs, test, visit } from "./fixtures";

test("on the local mailbox, reply to an invitation and see the story on the collection page", async ({
  page,
  user,
}) => {
  await signInAs(page, user);
  const relative = `grandpa-${randomUUID()}@example.com`;
  const created = await page.request.post("/api/campaigns", {
    data: { title: "Fishing at Dawn", prompt: "What did Grandpa teach you on the dock?", inviteEmails: [relative] },
  });
  expect(created.status()).toBe(201);
  const campaign = (await created.json()) as { id: string };

  // The job runner sends the invitation at once; locally it lands in the outbox.
  await expect.poll(() => latestEmailTo(relative)?.kind, { timeout: 15_000 }).toBe("campaign_invitation");
  const invitation = latestEmailTo(relative)!;
  expect(invitation.subject).toContain("Fishing at Dawn");
  expect(invitation.replyTo).toMatch(/^reply\+/);

  await visit(page, `/dev/mailbox/${invitation.id}`);
  await page.getByLabel("Your reply").fill("He said the fish could hear you think, so we thought quiet thoughts.");
  await page.getByRole("button", { name: "Send Reply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reply delivered" })).toBeVisible();

  await page.getByRole("link", { name: "See the collection's stories" }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.id}/stories`));
  await expect(
    page.getByText("He said the fish could hear you think, so we thought quiet thoughts.").first(),
  ).toBeVisible();
  await expect(page.getByText("Email Reply").first()).toBeVisible();
});

// An HTML-only reply, a reply with nothing usable, and a reply from another address.
test.describe("replies as mail clients really send them", () => {
  /** Posts a signed inbound webhook, as Mailgun would, to the running app. */
  async function postReply(page: import("@playwright/test").Page, message: InboundMessage) {
    const form = signedInboundForm(message, webhookSigningKey()!, new Date());
    const multipart: Record<string, string> = {};
    form.forEach((value, name) => {
      if (typeof value === "string") multipart[name] = value;
    });
    return page.request.post("/webhooks/mailgun/inbound", { multipart });
  }

  test("an HTML-only reply, one from another address, and an empty one all reach the owner; the empty one's sender is told kindly", async ({
    page,
    user,
  }) => {
    const invitee = `nana-${randomUUID()}@example.com`;
    const campaign = createTestCampaign(user.id);
    const invitation = createTestInvitation(campaign.id, invitee);
    const recipient = replyAddressFor(invitation.token);
    const base = { recipient, subject: `Re: ${campaign.title}` };

    const html = await postReply(page, {
      ...base,
      from: `Nana <${invitee}>`,
      bodyHtml: `<div dir="ltr"><p>Sunday bread, every week &amp; always by hand.</p><p>The kitchen smelled of yeast.</p></div><div class="gmail_quote">On Mon, Nov 2, 2026 at 8:00 AM Storyhearth &lt;reply@example.com&gt; wrote:<br><blockquote>${campaign.prompt}</blockquote></div>`,
      messageId: `<${randomUUID()}@mail.example.com>`,
    });
    expect(html.status()).toBe(200);
    const other = await postReply(page, {
      ...base,
      from: `Pop <pop-${invitation.id}@elsewhere.example>`,
      bodyPlain: "I carried the flour sacks.",
      messageId: `<${randomUUID()}@mail.example.com>`,
    });
    expect(other.status()).toBe(200);
    const sender = `cousin-${randomUUID()}@example.com`;
    const empty = await postReply(page, {
      ...base,
      from: `Cousin Em <${sender}>`,
      bodyPlain: `Sent from my iPhone\n\n> ${campaign.prompt}`,
      messageId: `<${randomUUID()}@mail.example.com>`,
    });
    expect(empty.status()).toBe(200);

    const note = latestEmailTo(sender);
    expect(note).toMatchObject({ kind: "empty_reply_note", replyTo: recipient });
    expect(note!.text).toContain("Hi Cousin Em,");

    await signInAs(page, user);
    await visit(page, `/campaigns/${campaign.id}/stories`);
    await expect(page.getByText("2 stories collected")).toBeVisible();
    const htmlStory = page.getByRole("article").filter({ hasText: "Sunday bread" });
    await expect(htmlStory.getByText("Sunday bread, every week & always by hand.").first()).toBeVisible();
    await expect(htmlStory.getByText("The kitchen smelled of yeast.").first()).toBeVisible();
    // The quoted invitation is only in "View Full Email".
    await expect(htmlStory.getByText(`> ${campaign.prompt}`)).toBeHidden();
    await expect(htmlStory).toContainText(invitee);
    const otherStory = page.getByRole("article").filter({ hasText: "I carried the flour sacks." });
    await expect(otherStory).toContainText(invitee);
    await expect(otherStory).toContainText(`Sent from Pop <pop-${invitation.id}@elsewhere.example>`);
    await expect(page.getByRole("heading", { name: "Replies without a story" })).toBeVisible();
    await expect(page.getByText(`Reply from ${invitee}`)).toBeVisible();
    await expect(page.getByText(`Sent from Cousin Em <${sender}>`)).toBeVisible();
  });

  test("an out-of-office reply and a delivery notice are notes for the owner, not stories, and the relative stays invited", async ({
    page,
    user,
  }) => {
    const invitee = `rosa-${randomUUID()}@example.com`;
    const campaign = createTestCampaign(user.id);
    const recipient = replyAddressFor(createTestInvitation(campaign.id, invitee).token);
    const away = await postReply(page, {
      recipient,
      from: `Rosa Bianchi <${invitee}>`,
      subject: `Automatic reply: ${campaign.title}`,
      bodyPlain: `Hello,\n\nI am away until 12 January. I will answer when I am back.\n\n> ${campaign.prompt}`,
      messageId: `<${randomUUID()}@mail.example.com>`,
      headers: { "Auto-Submitted": "auto-replied" },
    });
    expect(away.status()).toBe(200);
    const delay = await postReply(page, {
      recipient,
      from: "Mail Delivery System <MAILER-DAEMON@mx.example.net>",
      subject: "Delivery Status Notification (Delay)",
      bodyPlain: `Final-Recipient: rfc822; ${invitee}\nAction: delayed\nStatus: 4.4.7`,
      messageId: `<${randomUUID()}@mail.example.com>`,
    });
    expect(delay.status()).toBe(200);
    expect(latestEmailTo(invitee)).toBeUndefined();

    await signInAs(page, user);
    await visit(page, `/campaigns/${campaign.id}/stories`);
    await expect(page.getByRole("article")).toHaveCount(0);
    await expect(
      page.getByText("Rosa Bianchi's mailbox answered automatically: I am away until 12 January."),
    ).toBeVisible();
    await expect(
      page.getByText(`An e-mail provider wrote back about ${invitee}: a message could not be delivered.`),
    ).toBeVisible();
  });
});
