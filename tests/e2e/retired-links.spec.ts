// An invitation link replaced because it may have been printed (decision 0190), with JavaScript on and
// off: the old answer-form and unsubscribe links offer a fresh link, mailed to the invitee only, and the
// old reply address takes a reply from the invitee's own mailbox alone.
import { randomBytes, randomUUID } from "node:crypto";
import { emailOutbox } from "#db/schema";
import { like } from "drizzle-orm";

import { signedInboundForm, webhookSigningKey } from "~/features/contributions/mailgun-webhook.server";
import { storyMessages } from "~/features/contributions/messages";
import { replyAddressFor } from "~/features/contributions/reply-address.server";
import { db } from "~/lib/db.server";
import { replaceInvitationToken } from "~/models/retired-invitation-token.server";

import { createTestCampaign, createTestInvitation } from "../utils/stories-helpers";
import { expect, signInAs, test, visit } from "./fixtures";

const m = storyMessages.replacedLink;

test("a replaced invitation link offers a fresh link mailed to the invitee; the old reply address takes the invitee's own mail only", async ({
  page,
  user,
}) => {
  const campaign = createTestCampaign(user.id);
  const invitee = `rose-${randomUUID()}@example.com`;
  const invitation = createTestInvitation(campaign.id, invitee);
  const old = invitation.token;
  const current = randomBytes(32).toString("base64url");
  expect(replaceInvitationToken(invitation.id, old, current, new Date())).toBe(true);

  // The old answer-form link: no form, one button.
  await visit(page, `/contribute/${campaign.publicId}?t=${old}`);
  await expect(page.getByRole("heading", { name: m.title })).toBeVisible();
  await expect(page.getByRole("button", { name: "Share My Story" })).toHaveCount(0);
  await page.getByRole("button", { name: m.button }).click();
  await expect(page.getByRole("heading", { name: m.sentTitle })).toBeVisible();
  const mails = db
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.dedupeKey, `fresh-link:${invitation.id}:%`))
    .all();
  expect(mails.map((mail) => mail.to)).toEqual([invitee]);
  expect(mails[0]!.text).toContain(`/contribute/${campaign.publicId}?t=${current}`);

  // The old unsubscribe link no longer acts; the current answer-form link is a form again.
  await visit(page, `/unsubscribe/${old}`);
  await expect(page.getByRole("heading", { name: m.title })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  await visit(page, `/contribute/${campaign.publicId}?t=${current}`);
  await expect(page.getByRole("button", { name: "Share My Story" })).toBeVisible();

  const reply = async (from: string) => {
    const form = signedInboundForm(
      {
        recipient: replyAddressFor(old),
        from,
        subject: "Re: Winter",
        bodyPlain: "We skated to the island.",
        messageId: `<${randomUUID()}@mail.example.com>`,
      },
      webhookSigningKey()!,
      new Date(),
    );
    const multipart: Record<string, string> = {};
    form.forEach((value, name) => {
      if (typeof value === "string") multipart[name] = value;
    });
    return (await page.request.post("/webhooks/mailgun/inbound", { multipart })).status();
  };
  expect(await reply("Finder <finder@example.net>")).toBe(406);
  expect(await reply(`Rose <${invitee}>`)).toBe(200);
  await signInAs(page, user);
  await visit(page, `/campaigns/${campaign.id}/stories`);
  await expect(page.getByText("We skated to the island.")).toBeVisible();
});
