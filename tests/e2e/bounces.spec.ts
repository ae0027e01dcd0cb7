// An invitation that bounced (decision 0143), JavaScript on and off: Mailgun's signed event reaches
// the running server, the owner sees which invitation failed and why, corrects the address and the
// invitation goes to the new one.
import { randomBytes, randomUUID } from "node:crypto";
import { emailOutbox, invitations } from "#db/schema";
import { eq } from "drizzle-orm";

import { dispatchDueInvitations } from "~/features/contributions/invitations.server";
import { signWebhook } from "~/features/contributions/mailgun-webhook.server";
import { db } from "~/lib/db.server";
import { createCampaign } from "~/models/campaign.server";

import { axeViolations } from "../utils/axe-scan";
import { expect, expectToast, signInAs, test, visit } from "./fixtures";

// The e2e server has no MAILGUN_WEBHOOK_SIGNING_KEY: APP_ENV=test on 127.0.0.1 uses the local one.
const KEY = "dev-webhook-signing-key";

/** Mailgun's spam-complaint event for the outbox row, signed as Mailgun signs it. */
function complaintEvent(outboxId: string, to: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = randomBytes(25).toString("hex");
  return {
    signature: { timestamp, token, signature: signWebhook(KEY, timestamp, token) },
    "event-data": {
      event: "complained",
      recipient: to,
      timestamp: Date.now() / 1000,
      message: { headers: { to, "message-id": `outbox.${outboxId}@storyhearth.local` } },
      "user-variables": { "outbox-id": outboxId },
    },
  };
}

/** Mailgun's permanent-failure event for the outbox row, signed as Mailgun signs it. */
function bounceEvent(outboxId: string, to: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = randomBytes(25).toString("hex");
  return {
    signature: { timestamp, token, signature: signWebhook(KEY, timestamp, token) },
    "event-data": {
      event: "failed",
      severity: "permanent",
      reason: "bounce",
      recipient: to,
      timestamp: Date.now() / 1000,
      "delivery-status": {
        code: 550,
        message: "5.1.1 The email account that you tried to reach does not exist.",
        description: "",
      },
      message: { headers: { to, "message-id": `outbox.${outboxId}@storyhearth.local` } },
      "user-variables": { "outbox-id": outboxId },
    },
  };
}

test("the owner sees a bounced invitation with its reason, corrects the address and it is sent there", async ({
  page,
  user,
}) => {
  const slug = randomUUID().slice(0, 8);
  const typo = `gran-${slug}@exampel.com`;
  const fixed = `gran-${slug}@example.com`;
  const campaign = createCampaign(user.id, {
    title: `Lake ${slug}`,
    prompt: "What do you remember of the lake?",
    inviteEmails: [typo],
  });
  await dispatchDueInvitations();
  const invitation = db.select().from(invitations).where(eq(invitations.campaignId, campaign.id)).get()!;
  const outbox = db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `invitation:${invitation.id}`))
    .get()!;

  const hook = await page.request.post("/webhooks/mailgun/events", { data: bounceEvent(outbox.id, typo) });
  expect(hook.status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, user);
  await visit(page, `/campaigns/${campaign.id}/stories`);
  const row = page.getByRole("region", { name: "Invited relatives" }).getByTestId("invitee").filter({ hasText: typo });
  await expect(row.getByText("Not delivered", { exact: true })).toBeVisible();
  await expect(row).toContainText(
    "Why: The address refused the e-mail (550): 5.1.1 The email account that you tried to reach does not exist.",
  );
  await expect(row.getByRole("button", { name: `Resend invitation to ${typo}` })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);

  // The same address again is refused by the server, with the reason beside the form.
  const field = row.getByLabel(`Corrected address for ${typo}`);
  await field.fill(typo);
  await row.getByRole("button", { name: "Correct and resend" }).click();
  await expect(
    page.getByText("That is the address that did not accept the invitation. Enter a corrected one."),
  ).toBeVisible();

  await page.getByLabel(`Corrected address for ${typo}`).fill(fixed);
  await page.getByRole("button", { name: "Correct and resend" }).click();
  await expectToast(page, "Invitation sent again", `The invitation was sent to ${fixed}.`);
  const corrected = page
    .getByRole("region", { name: "Invited relatives" })
    .getByTestId("invitee")
    .filter({ hasText: fixed });
  await expect(corrected.getByText("Invited", { exact: true })).toBeVisible();
  await expect(page.getByText(typo)).toHaveCount(0);
  const sent = db.select().from(emailOutbox).where(eq(emailOutbox.to, fixed)).all();
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ kind: "campaign_invitation", dedupeKey: `invitation:${invitation.id}:to:${fixed}` });
});

test("an address typed into a collection that complained shows why it won't be e-mailed, wherever it is typed again", async ({
  page,
  user,
}) => {
  const to = `aunt-${randomUUID().slice(0, 8)}@example.com`;
  // Typed into a collection, never saved as a contact.
  const campaign = createCampaign(user.id, {
    title: "Harvest",
    prompt: "What did the harvest smell like?",
    inviteEmails: [to],
  });
  await dispatchDueInvitations();
  const invitation = db.select().from(invitations).where(eq(invitations.campaignId, campaign.id)).get()!;
  const outbox = db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `invitation:${invitation.id}`))
    .get()!;
  expect((await page.request.post("/webhooks/mailgun/events", { data: complaintEvent(outbox.id, to) })).status()).toBe(
    200,
  );
  const note = `We won't e-mail ${to}: The relative marked the e-mail as spam.`;

  await signInAs(page, user);
  await visit(page, "/create-story-collection");
  await page
    .getByLabel("Add e-mail addresses")
    .fill(`${to.toUpperCase()}, cousin-${randomUUID().slice(0, 8)}@example.com`);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const warnings = page.getByRole("list", { name: "Recipients we won't e-mail" });
  // Typed in capitals, shown as the one mailbox it is (decision 0194).
  await expect(warnings.getByRole("listitem")).toHaveText([note]);

  await visit(page, "/contacts?dialog=add-contact");
  await page.getByLabel("Email").fill(to);
  if (test.info().project.use.javaScriptEnabled !== false) {
    // With JavaScript the form says so as soon as the address is typed.
    await page.getByLabel("Preferred name").focus();
    await expect(page.getByRole("dialog", { name: "Add Contact" })).toContainText(note);
  }
  await page.getByRole("button", { name: "Create Contact" }).click();
  await expectToast(page, "Contact created successfully", note);
  await expect(page.getByRole("listitem", { name: to })).toContainText(note);
  await page.getByRole("link", { name: `Edit ${to}` }).click();
  await expect(page.getByRole("dialog", { name: "Edit Contact" })).toContainText(note);
});
