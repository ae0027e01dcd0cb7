// The owner's invitee list on the collection page and the per-relative resend (decision 0121).
import { emailOutbox, invitations } from "#db/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { inviteeStatus, resendRefusal } from "~/features/collections/invitee-status";
import { campaignMessages } from "~/features/collections/messages";
import { dispatchDueInvitations } from "~/features/contributions/invitations.server";
import { db } from "~/lib/db.server";
import { toastSessionStorage } from "~/lib/session.server";
import { createCampaign } from "~/models/campaign.server";
import { createContribution } from "~/models/contribution.server";
import { saveWorkflowSettings, type WorkflowInput } from "~/models/workflow.server";
import { action as storiesAction, loader as storiesLoader } from "~/routes/_app+/campaigns.$campaignId.stories";

import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";

const m = campaignMessages.invitees;
type Invitee = {
  id: string;
  email: string;
  status: string;
  statusLabel: string;
  reminderCount: number;
  maxReminders: number;
  canResend: boolean;
};

const unique = () => Math.random().toString(36).slice(2, 10);

/** A collection whose invitations have gone out (outbox rows written, 'stored' without Mailgun). */
async function sentCollection(owner: TestUser, emails: string[]) {
  const campaign = createCampaign(owner.id, {
    title: `Lake ${unique()}`,
    prompt: "What do you remember of the lake?",
    inviteEmails: emails,
  });
  await dispatchDueInvitations();
  const rows = db.select().from(invitations).where(eq(invitations.campaignId, campaign.id)).all();
  const byEmail = (email: string) => rows.find((r) => r.email === email)!;
  return { campaign, byEmail };
}

async function loadInvitees(owner: TestUser, campaignId: string) {
  const response = await callRoute(
    storiesLoader,
    makeRequest(`/campaigns/${campaignId}/stories`, { cookie: owner.cookie }),
    { campaignId },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { invitees: Invitee[] }).invitees;
}

function postResend(owner: TestUser, campaignId: string, form: Record<string, string>) {
  return callRoute(
    storiesAction,
    makeRequest(`/campaigns/${campaignId}/stories`, {
      method: "POST",
      cookie: owner.cookie,
      form: { intent: "resend-invitation", ...form },
    }),
    { campaignId },
  );
}

async function toastOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  if (!cookie) return undefined;
  return (await toastSessionStorage().getSession(cookie.split(";")[0])).get("toast") as
    { title: string; description?: string } | undefined;
}

const mailsTo = (email: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, email)).all();
const invitation = (id: string) => db.select().from(invitations).where(eq(invitations.id, id)).get()!;

const oneReminder: WorkflowInput = {
  collection: { mode: "manual", startDate: null, maxReminders: 1, contributors: [] },
  distribution: {
    mode: "manual",
    scheduledDate: null,
    dayOfWeek: null,
    dayOfMonth: null,
    monthOfYear: null,
    recipients: [],
  },
};

describe("invitee status", () => {
  it("answered and unsubscribed win, then not sent, not delivered, reminded, invited", () => {
    expect(inviteeStatus({ status: "answered", reminderCount: 2, deliveryStatus: "failed" })).toBe("answered");
    expect(inviteeStatus({ status: "unsubscribed", reminderCount: 0, deliveryStatus: "sent" })).toBe("unsubscribed");
    expect(inviteeStatus({ status: "pending", reminderCount: 0, deliveryStatus: null })).toBe("not_sent");
    expect(inviteeStatus({ status: "sent", reminderCount: 1, deliveryStatus: "failed" })).toBe("not_delivered");
    expect(inviteeStatus({ status: "sent", reminderCount: 1, deliveryStatus: "stored" })).toBe("reminded");
    expect(inviteeStatus({ status: "sent", reminderCount: 0, deliveryStatus: "sent" })).toBe("invited");
  });

  it("a resend needs a sent, unanswered invitation of an open collection under the reminder cap", () => {
    const open = { status: "active", isActive: true };
    const sent = { status: "sent" as const, reminderCount: 0, deliveryStatus: "sent" };
    expect(resendRefusal(sent, open, 3)).toBeNull();
    expect(resendRefusal({ ...sent, reminderCount: 3 }, open, 3)).toBe("limit");
    expect(resendRefusal({ ...sent, status: "answered" }, open, 3)).toBe("answered");
    expect(resendRefusal({ ...sent, status: "unsubscribed" }, open, 3)).toBe("unsubscribed");
    expect(resendRefusal({ ...sent, status: "pending" }, open, 3)).toBe("not_sent");
    expect(resendRefusal(sent, { status: "closed", isActive: true }, 3)).toBe("closed");
  });
});

describe("the collection page lists the invitees", () => {
  it("each with its status; only the unanswered, sent ones can be re-sent", async () => {
    const owner = await createTestUser();
    const [ann, ben, cy, dee] = ["ann", "ben", "cy", "dee"].map((n) => `${n}-${unique()}@example.com`) as [
      string,
      string,
      string,
      string,
    ];
    const { campaign, byEmail } = await sentCollection(owner, [ann, ben, cy, dee]);
    createContribution({
      campaignId: campaign.id,
      invitationId: byEmail(ben).id,
      contributorName: "Ben",
      contributorEmail: ben,
      storyContent: "We swam.",
      submissionMethod: "email",
    });
    db.update(invitations)
      .set({ reminderCount: 1 })
      .where(eq(invitations.id, byEmail(cy).id))
      .run();
    db.insert(emailOutbox)
      .values({
        kind: "campaign_reminder",
        to: cy,
        from: "x@example.com",
        subject: "s",
        html: "h",
        text: "t",
        dedupeKey: `reminder:${byEmail(cy).id}:1`,
        status: "stored",
      })
      .run();
    db.update(emailOutbox)
      .set({ status: "failed", attempts: 5 })
      .where(eq(emailOutbox.dedupeKey, `invitation:${byEmail(dee).id}`))
      .run();

    const list = await loadInvitees(owner, campaign.id);
    const row = (email: string) => list.find((i) => i.email === email)!;
    expect(list).toHaveLength(4);
    expect(row(ann)).toMatchObject({
      status: "invited",
      statusLabel: "Invited",
      canResend: true,
      reminderCount: 0,
      maxReminders: 3,
    });
    expect(row(ben)).toMatchObject({ status: "answered", statusLabel: "Answered", canResend: false });
    expect(row(cy)).toMatchObject({ status: "reminded", statusLabel: "Reminded", canResend: true, reminderCount: 1 });
    expect(row(dee)).toMatchObject({ status: "not_delivered", statusLabel: "Not delivered", canResend: true });
  });

  it("a scheduled collection's invitees are 'Not sent yet' and cannot be re-sent", async () => {
    const owner = await createTestUser();
    const email = `later-${unique()}@example.com`;
    const campaign = createCampaign(owner.id, {
      title: "Later",
      prompt: "Tell us later on",
      inviteEmails: [email],
      scheduledDate: new Date(Date.now() + 86_400_000),
    });
    expect(await loadInvitees(owner, campaign.id)).toEqual([
      expect.objectContaining({ email, status: "not_sent", statusLabel: "Not sent yet", canResend: false }),
    ]);
  });
});

describe("Resend invitation", () => {
  it("writes the invitation e-mail again to the outbox, counts a reminder and says so", async () => {
    const owner = await createTestUser();
    const ann = `ann-${unique()}@example.com`;
    const { campaign, byEmail } = await sentCollection(owner, [ann]);
    const id = byEmail(ann).id;
    expect(mailsTo(ann)).toHaveLength(1);

    const response = await postResend(owner, campaign.id, { invitationId: id, seen: "0" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/campaigns/${campaign.id}/stories`);
    expect(await toastOf(response)).toMatchObject(m.resent(ann));
    const mails = mailsTo(ann);
    expect(mails).toHaveLength(2);
    const again = mails.find((mail) => mail.dedupeKey === `reminder:${id}:1`)!;
    expect(again).toMatchObject({ kind: "campaign_invitation", status: "stored" });
    expect(again.subject).toBe(mails.find((mail) => mail.dedupeKey === `invitation:${id}`)!.subject);
    expect(again.text).toContain(`/contribute/${campaign.publicId}?t=${byEmail(ann).token}`);
    expect(invitation(id)).toMatchObject({ reminderCount: 1, status: "sent" });
    expect(invitation(id).lastReminderAt).toBeInstanceOf(Date);
    expect((await loadInvitees(owner, campaign.id))[0]).toMatchObject({ status: "reminded", reminderCount: 1 });
  });

  it("a double submit sends once, whether the posts come one after the other or together", async () => {
    const owner = await createTestUser();
    const [ann, ben] = [`ann-${unique()}@example.com`, `ben-${unique()}@example.com`];
    const { campaign, byEmail } = await sentCollection(owner, [ann, ben]);

    await postResend(owner, campaign.id, { invitationId: byEmail(ann).id, seen: "0" });
    const second = await postResend(owner, campaign.id, { invitationId: byEmail(ann).id, seen: "0" });
    expect(second.status).toBe(302);
    expect(await toastOf(second)).toMatchObject(m.alreadyResent(ann));
    expect(mailsTo(ann)).toHaveLength(2);
    expect(invitation(byEmail(ann).id).reminderCount).toBe(1);

    const both = await Promise.all(
      [0, 1].map(() => postResend(owner, campaign.id, { invitationId: byEmail(ben).id, seen: "0" })),
    );
    expect(both.map((r) => r.status)).toEqual([302, 302]);
    expect(mailsTo(ben)).toHaveLength(2);
    expect(invitation(byEmail(ben).id).reminderCount).toBe(1);
  });

  it("stops at the collection's reminder limit with a 409 and the message", async () => {
    const owner = await createTestUser();
    saveWorkflowSettings(owner.id, oneReminder);
    const ann = `ann-${unique()}@example.com`;
    const { campaign, byEmail } = await sentCollection(owner, [ann]);
    expect((await postResend(owner, campaign.id, { invitationId: byEmail(ann).id, seen: "0" })).status).toBe(302);
    expect((await loadInvitees(owner, campaign.id))[0]).toMatchObject({
      canResend: false,
      reminderCount: 1,
      maxReminders: 1,
    });

    const refused = await postResend(owner, campaign.id, { invitationId: byEmail(ann).id, seen: "1" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ intent: "resend-invitation", error: m.cannotResend.limit(1) });
    expect(mailsTo(ann)).toHaveLength(2);
  });

  it("refuses a relative who has answered (a stale page) with a 409", async () => {
    const owner = await createTestUser();
    const ann = `ann-${unique()}@example.com`;
    const { campaign, byEmail } = await sentCollection(owner, [ann]);
    createContribution({
      campaignId: campaign.id,
      invitationId: byEmail(ann).id,
      contributorName: "Ann",
      contributorEmail: ann,
      storyContent: "Hello",
      submissionMethod: "email",
    });
    const refused = await postResend(owner, campaign.id, { invitationId: byEmail(ann).id, seen: "0" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: m.cannotResend.answered });
    expect(mailsTo(ann)).toHaveLength(1);
  });

  it("checks ownership: another owner's collection, or an invitation of another collection, is a 404", async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const ann = `ann-${unique()}@example.com`;
    const bob = `bob-${unique()}@example.com`;
    const mine = await sentCollection(owner, [ann]);
    const theirs = await sentCollection(stranger, [bob]);

    // The stranger posting to the owner's collection page.
    expect(
      (await postResend(stranger, mine.campaign.id, { invitationId: mine.byEmail(ann).id, seen: "0" })).status,
    ).toBe(404);
    // The owner naming the stranger's invitation from their own page.
    expect(
      (await postResend(owner, mine.campaign.id, { invitationId: theirs.byEmail(bob).id, seen: "0" })).status,
    ).toBe(404);
    expect(mailsTo(ann)).toHaveLength(1);
    expect(mailsTo(bob)).toHaveLength(1);
    const untouched = db
      .select()
      .from(invitations)
      .where(and(eq(invitations.reminderCount, 0), eq(invitations.email, bob)))
      .all();
    expect(untouched).toHaveLength(1);
  });

  it("answers bad input with a 400 and a signed-out post goes to /login", async () => {
    const owner = await createTestUser();
    const ann = `ann-${unique()}@example.com`;
    const { campaign, byEmail } = await sentCollection(owner, [ann]);
    expect((await postResend(owner, campaign.id, { invitationId: byEmail(ann).id, seen: "many" })).status).toBe(400);
    expect((await postResend(owner, campaign.id, { seen: "0" })).status).toBe(400);
    const signedOut = await callRoute(
      storiesAction,
      makeRequest(`/campaigns/${campaign.id}/stories`, {
        method: "POST",
        form: { intent: "resend-invitation", invitationId: byEmail(ann).id, seen: "0" },
      }),
      { campaignId: campaign.id },
    );
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login/);
    expect(mailsTo(ann)).toHaveLength(1);
  });
});
