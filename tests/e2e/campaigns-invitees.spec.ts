// The owner sees who has answered and re-sends one invitation (decision 0121), JavaScript on and off.
import { randomUUID } from "node:crypto";
import { emailOutbox, invitations } from "#db/schema";
import { eq } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { createCampaign } from "~/models/campaign.server";
import { createContribution } from "~/models/contribution.server";

import { expect, expectToast, signInAs, test, visit } from "./fixtures";

const unique = () => randomUUID().slice(0, 8);
// Only the re-sent ones: the server's invitation job may have sent the first invitation meanwhile.
const resentTo = (email: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .all()
    .filter((mail) => mail.dedupeKey?.startsWith("reminder:"));

test("the collection page lists each invitee's status and re-sends one invitation once", async ({ page, user }) => {
  const [ann, ben] = [`ann-${unique()}@example.com`, `ben-${unique()}@example.com`];
  const campaign = createCampaign(user.id, {
    title: `Lake ${unique()}`,
    prompt: "What do you remember of the lake?",
    inviteEmails: [ann, ben],
  });
  // As if the invitation job had sent them (the e-mails themselves are not what this test is about).
  db.update(invitations)
    .set({ status: "sent", sentAt: new Date() })
    .where(eq(invitations.campaignId, campaign.id))
    .run();
  const benInvitation = db.select().from(invitations).where(eq(invitations.email, ben)).get()!;
  createContribution({
    campaignId: campaign.id,
    invitationId: benInvitation.id,
    contributorName: "Ben",
    contributorEmail: ben,
    storyContent: "We swam.",
    submissionMethod: "email",
  });

  await signInAs(page, user);
  await visit(page, `/campaigns/${campaign.id}/stories`);
  const list = page.getByRole("region", { name: "Invited relatives" });
  await expect(list).toContainText("1 of 2 answered");
  const row = (email: string) => list.getByTestId("invitee").filter({ hasText: email });
  await expect(row(ann).getByText("Invited", { exact: true })).toBeVisible();
  await expect(row(ben).getByText("Answered", { exact: true })).toBeVisible();
  await expect(row(ben).getByRole("button")).toHaveCount(0);

  await row(ann)
    .getByRole("button", { name: `Resend invitation to ${ann}` })
    .click();
  await expectToast(page, "Invitation sent again", `The invitation was sent to ${ann} again.`);
  await expect(row(ann).getByText("Reminded", { exact: true })).toBeVisible();
  await expect(row(ann)).toContainText("1 of 3 reminders sent");
  const sent = resentTo(ann);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ kind: "campaign_invitation" });
  expect(sent[0]!.subject).toContain(campaign.title);
  expect(resentTo(ben)).toHaveLength(0);
});

test("a second click from a page that was not reloaded sends nothing more", async ({ page, user }) => {
  const ann = `ann-${unique()}@example.com`;
  const campaign = createCampaign(user.id, {
    title: `Lake ${unique()}`,
    prompt: "What do you remember of the lake?",
    inviteEmails: [ann],
  });
  db.update(invitations)
    .set({ status: "sent", sentAt: new Date() })
    .where(eq(invitations.campaignId, campaign.id))
    .run();

  await signInAs(page, user);
  await visit(page, `/campaigns/${campaign.id}/stories`);
  // A second tab on the same page: its form still carries the old reminder count.
  const stale = await page.context().newPage();
  await visit(stale, `/campaigns/${campaign.id}/stories`);

  await page.getByRole("button", { name: `Resend invitation to ${ann}` }).click();
  await expectToast(page, "Invitation sent again", `The invitation was sent to ${ann} again.`);
  await stale.getByRole("button", { name: `Resend invitation to ${ann}` }).click();
  await expectToast(stale, "Invitation sent again", `The invitation to ${ann} had already been sent again.`);
  expect(resentTo(ann)).toHaveLength(1);
});
