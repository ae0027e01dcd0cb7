// Unsubscribe means unsubscribe (decision 0200): whatever an address is to a collection (an invitee in
// any state, a distribution-list recipient, a saved contact who answered uninvited), once it used the
// collection's unsubscribe link every sender of collection mail finds it and the outbox gets nothing
// for it, while an address beside it that did not unsubscribe gets each kind.
import { randomBytes, randomUUID } from "node:crypto";
import { campaigns, contacts, contributionRecordings, contributions, emailOutbox, invitations } from "#db/schema";
import { and, eq, gt, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { resendInvitation } from "~/features/collections/invitees.server";
import { dispatchDueInvitations } from "~/features/contributions/invitations.server";
import { signedInboundForm, webhookSigningKey } from "~/features/contributions/mailgun-webhook.server";
import { queueRecordingRefused } from "~/features/contributions/recording-notices.server";
import { sendDueReminders } from "~/features/contributions/reminders.server";
import { replyAddressFor } from "~/features/contributions/reply-address.server";
import { sendFreshLink } from "~/features/contributions/retired-links.server";
import { queueStoryThanks } from "~/features/contributions/story-thanks.server";
import { deliverNewsletter } from "~/features/newsletters/delivery.server";
import { createNewsletter } from "~/features/newsletters/newsletters.server";
import { setClock } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { unsubscribeTokenFor } from "~/models/collection-mail-recipient.server";
import { saveWorkflowSettings } from "~/models/workflow.server";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/_public+/unsubscribe.$token";
import { action as inboundAction } from "~/routes/webhooks+/mailgun.inbound";

import { createTestUser } from "../utils/auth";

afterEach(() => setClock(null));

const DAY = 86_400_000;
type InvitationState = "pending" | "sent" | "reminded" | "answered";
type Recipient = { kind: "invitee"; state: InvitationState } | { kind: "distribution list" } | { kind: "contact" };

const routeArgs = (token: string, method = "GET") => ({
  request: new Request(
    `http://localhost/unsubscribe/${token}`,
    method === "POST" ? { method, body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) } : {},
  ),
  params: { token },
  context: {},
});

/** An owner whose collection has a story, automatic weekly reminders and the two addresses on its distribution list. */
async function family(addresses: string[], recipient: Recipient) {
  const owner = await createTestUser({ firstName: "Margaret", lastName: "Whitfield" });
  saveWorkflowSettings(owner.id, {
    collection: { mode: "weekly", startDate: null, maxReminders: 3, contributors: [] },
    distribution: {
      mode: "manual",
      scheduledDate: null,
      dayOfWeek: null,
      dayOfMonth: null,
      monthOfYear: null,
      recipients: addresses,
    },
  });
  const campaign = db
    .insert(campaigns)
    .values({
      ownerId: owner.id,
      publicId: randomBytes(16).toString("base64url"),
      title: "Summers at the Lake",
      prompt: "What do you remember about the lake?",
      status: "active",
    })
    .returning()
    .get();
  db.insert(contributions)
    .values({
      campaignId: campaign.id,
      contributorName: "Aunt May",
      contributorEmail: "may@example.com",
      storyContent: "We swam to the island every morning.",
      submissionMethod: "web",
    })
    .run();
  const invited = recipient.kind === "invitee" ? recipient.state : null;
  const rows = addresses.map((email) => {
    const invitation = invited
      ? db
          .insert(invitations)
          .values({
            campaignId: campaign.id,
            email,
            token: randomBytes(24).toString("base64url"),
            status: invited === "reminded" ? "sent" : invited,
            sentAt: invited === "pending" ? null : new Date(Date.now() - 20 * DAY),
            reminderCount: invited === "reminded" ? 1 : 0,
            lastReminderAt: invited === "reminded" ? new Date(Date.now() - 10 * DAY) : null,
            respondedAt: invited === "answered" ? new Date(Date.now() - DAY) : null,
          })
          .returning()
          .get()
      : null;
    if (recipient.kind === "contact")
      db.insert(contacts).values({ ownerId: owner.id, email, preferredName: "Cousin Sam" }).run();
    return { email, invitation };
  });
  return { owner, campaign, rows };
}

/**
 * A story of theirs with a recording: an answer (invitees) or the public form typed uninvited (the
 * others). Written after the reminder job, which skips an invitation any story answers.
 */
function storyOf(campaignId: string, { email, invitation }: { email: string; invitation: { id: string } | null }) {
  const story = db
    .insert(contributions)
    .values({
      campaignId,
      invitationId: invitation?.id,
      contributorName: "Sam",
      contributorEmail: email,
      storyContent: "The ice cracked like thunder.",
      submissionMethod: "web",
    })
    .returning()
    .get();
  db.insert(contributionRecordings)
    .values({ contributionId: story.id, status: "converting", originalFileName: "lake.m4a" })
    .run();
  return story;
}

/** Every sender of collection mail, each given its chance to write to every address of the family. */
async function sendEverything({ owner, campaign, rows }: Awaited<ReturnType<typeof family>>) {
  await dispatchDueInvitations();
  setClock(new Date(Date.now() + 30 * DAY));
  await sendDueReminders();
  setClock(null);
  for (const { email, invitation } of rows) {
    if (invitation) {
      const current = db.select().from(invitations).where(eq(invitations.id, invitation.id)).get()!;
      await resendInvitation(campaign.id, invitation.id, current.reminderCount).catch(() => undefined);
      await sendFreshLink({ invitation: current, campaign, retiredAt: new Date() });
      const form = signedInboundForm(
        {
          recipient: replyAddressFor(current.token),
          from: `Sam <${email}>`,
          subject: "Re: Summers at the Lake",
          bodyPlain: "",
          messageId: `<${randomUUID()}@example.com>`,
        },
        webhookSigningKey()!,
        new Date(),
      );
      expect(
        (
          await inboundAction({
            request: new Request("http://localhost/webhooks/mailgun/inbound", { method: "POST", body: form }),
            params: {},
            context: {},
          })
        ).status,
      ).toBe(200);
    }
    const story = storyOf(campaign.id, { email, invitation });
    queueStoryThanks(story.id);
    await queueRecordingRefused(story.id, randomUUID(), "tooLong");
  }
  const made = createNewsletter(owner.id, campaign.id);
  if (!made.ok) throw new Error("no newsletter");
  await deliverNewsletter(made.newsletter.id);
}

const kindsSentTo = (email: string, since: Date) =>
  db
    .select({ kind: emailOutbox.kind })
    .from(emailOutbox)
    .where(and(sql`lower(${emailOutbox.to}) = ${email}`, gt(emailOutbox.createdAt, since)))
    .all()
    .map((r) => r.kind)
    .sort();

// An address nobody invited gets one mail a day about its recording (recording-notices.server.ts): the thanks, here.
const CASES: Array<[string, Recipient, string[]]> = [
  [
    "an invitee whose invitation is not sent yet",
    { kind: "invitee", state: "pending" },
    [
      "campaign_invitation",
      "campaign_reminder",
      "empty_reply_note",
      "family_newsletter",
      "invitation_fresh_link",
      "recording_refused",
      "story_thanks",
    ],
  ],
  [
    "an invitee who was invited",
    { kind: "invitee", state: "sent" },
    [
      "campaign_invitation",
      "campaign_reminder",
      "empty_reply_note",
      "family_newsletter",
      "invitation_fresh_link",
      "recording_refused",
      "story_thanks",
    ],
  ],
  [
    "an invitee who was reminded",
    { kind: "invitee", state: "reminded" },
    [
      "campaign_invitation",
      "campaign_reminder",
      "empty_reply_note",
      "family_newsletter",
      "invitation_fresh_link",
      "recording_refused",
      "story_thanks",
    ],
  ],
  [
    "an invitee who answered",
    { kind: "invitee", state: "answered" },
    ["empty_reply_note", "family_newsletter", "invitation_fresh_link", "recording_refused", "story_thanks"],
  ],
  [
    "a distribution-list recipient nobody invited",
    { kind: "distribution list" },
    ["family_newsletter", "story_thanks"],
  ],
  ["a saved contact who answered uninvited", { kind: "contact" }, ["family_newsletter", "story_thanks"]],
];

describe("after unsubscribing, no collection mail at all", () => {
  it.each(CASES)("%s", async (_name, recipient, everyKind) => {
    const stays = `stays-${randomUUID()}@example.com`;
    const leaves = `leaves-${randomUUID()}@example.com`;
    const world = await family([stays, leaves], recipient);
    const token = unsubscribeTokenFor(world.campaign.id, leaves);
    expect(await unsubscribeLoader(routeArgs(token))).toMatchObject({
      title: "Summers at the Lake",
      unsubscribed: false,
    });
    expect(await unsubscribeAction(routeArgs(token, "POST"))).toEqual({ done: true });
    expect(await unsubscribeLoader(routeArgs(token))).toMatchObject({ unsubscribed: true });
    const before = new Date(Date.now() - 1);

    await sendEverything(world);

    expect(kindsSentTo(leaves, before)).toEqual([]);
    expect([...new Set(kindsSentTo(stays, before))]).toEqual(everyKind);
  });

  it("an invitation's own token, in mail sent before collection links, unsubscribes the answered invitee from the newsletter too", async () => {
    const leaves = `leaves-${randomUUID()}@example.com`;
    const world = await family([leaves], { kind: "invitee", state: "answered" });
    const token = world.rows[0]!.invitation!.token;
    expect(await unsubscribeAction(routeArgs(token, "POST"))).toEqual({ done: true });
    expect(await unsubscribeLoader(routeArgs(token))).toMatchObject({ unsubscribed: true });
    // The owner's list still says they answered.
    expect(db.select().from(invitations).where(eq(invitations.id, world.rows[0]!.invitation!.id)).get()!.status).toBe(
      "answered",
    );
    const before = new Date(Date.now() - 1);
    await sendEverything(world);
    expect(kindsSentTo(leaves, before)).toEqual([]);
  });

  it("a newsletter queued before the click and not yet handed to Mailgun is not sent", async () => {
    const leaves = `leaves-${randomUUID()}@example.com`;
    const world = await family([leaves], { kind: "distribution list" });
    const made = createNewsletter(world.owner.id, world.campaign.id);
    if (!made.ok) throw new Error("no newsletter");
    await deliverNewsletter(made.newsletter.id);
    const queued = db.select().from(emailOutbox).where(eq(emailOutbox.to, leaves)).get()!;
    db.update(emailOutbox).set({ status: "retrying", retryAt: new Date() }).where(eq(emailOutbox.id, queued.id)).run();
    const link = /<[^>]*\/unsubscribe\/([^>]+)>/.exec(queued.headers["List-Unsubscribe"]!)![1]!;
    await unsubscribeAction(routeArgs(link, "POST"));
    expect(db.select().from(emailOutbox).where(eq(emailOutbox.id, queued.id)).get()).toMatchObject({
      status: "failed",
      lastError: "Not sent: the recipient unsubscribed first.",
    });
  });
});
