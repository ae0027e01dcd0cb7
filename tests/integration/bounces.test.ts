// Mailgun's event webhooks for e-mail that never arrives (decision 0143): signed JSON in Mailgun's
// own shape, posted to the route; a permanent failure or a complaint marks the contact and the
// invitations, stops reminders and newsletters, and the owner corrects the address and resends.
import { randomBytes, randomUUID } from "node:crypto";
import { campaigns, contacts, emailOutbox, invitations, workflowSettings } from "#db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { signWebhook } from "~/features/contributions/mailgun-webhook.server";
import { db } from "~/lib/db.server";

import type { FakeMailgun } from "../mocks/mailgun-server";
import { makeCollection, startMailLoop } from "../support/email-loop";
import { callRoute, createTestUser, makeRequest, type TestUser } from "../utils/auth";

const SIGNING_KEY = "signing-key-test";
let loop: Awaited<ReturnType<typeof startMailLoop>>;
let fake: FakeMailgun;
let events: typeof import("~/routes/webhooks+/mailgun.events");
let stories: typeof import("~/routes/_app+/campaigns.$campaignId.stories");
let recipients: typeof import("~/models/newsletter-delivery.server");

beforeAll(async () => {
  loop = await startMailLoop();
  fake = loop.fake;
  events = await import("~/routes/webhooks+/mailgun.events");
  stories = await import("~/routes/_app+/campaigns.$campaignId.stories");
  recipients = await import("~/models/newsletter-delivery.server");
});
afterAll(() => fake.close());
beforeEach(() => loop.clock.setClock(null));

type EventData = Record<string, unknown>;

/** Mailgun's webhook body: { signature: { timestamp, token, signature }, "event-data": { … } }. */
function signedEvent(
  eventData: EventData,
  { at = new Date(), key = SIGNING_KEY, token = randomBytes(25).toString("hex") } = {},
) {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return { signature: { timestamp, token, signature: signWebhook(key, timestamp, token) }, "event-data": eventData };
}

async function post(body: unknown) {
  const request = new Request("http://localhost/webhooks/mailgun/events", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const response = await callRoute(events.action as never, request);
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}

/** The message Mailgun was asked to send to `to`, as its events name it. */
function sentTo(to: string) {
  const request = fake.requests.findLast((r) => r.field("to") === to && r.status === 200);
  if (!request) throw new Error(`nothing was sent to ${to}`);
  return { messageId: request.messageId!.slice(1, -1), outboxId: request.field("v:outbox-id")! };
}

/** A permanent failure as Mailgun posts it (trimmed to the fields Mailgun always sends). */
function permanentFailure(to: string, { withVariables = true } = {}): EventData {
  const { messageId, outboxId } = sentTo(to);
  return {
    event: "failed",
    severity: "permanent",
    reason: "bounce",
    recipient: to,
    timestamp: Date.now() / 1000,
    id: randomUUID(),
    "log-level": "error",
    "delivery-status": {
      code: 550,
      message: "5.1.1 The email account that you tried to reach does not exist.",
      description: "",
      "attempt-no": 1,
    },
    message: {
      headers: {
        to,
        "message-id": messageId,
        from: "Storyhearth <hello@mg.storyhearth.test>",
        subject: "A story request",
      },
      attachments: [],
      size: 2048,
    },
    flags: { "is-routed": false, "is-authenticated": true, "is-system-test": false, "is-test-mode": false },
    "user-variables": withVariables ? { "outbox-id": outboxId } : {},
  };
}

async function invitedCollection(emails: string[], ownerEmail?: string) {
  const made = makeCollection({ emails, ...(ownerEmail ? { ownerEmail } : {}) });
  await loop.invitationsJob.dispatchDueInvitations();
  return made;
}
/** makeCollection makes a new owner each time: hand the collection to the one the test needs. */
const giveTo = (ownerId: string, campaignId: string) =>
  db.update(campaigns).set({ ownerId }).where(eq(campaigns.id, campaignId)).run();
const invitation = (id: string) => db.select().from(invitations).where(eq(invitations.id, id)).get()!;

describe("signed Mailgun event webhooks", () => {
  it("sends every message with its outbox id as a custom variable and as its Message-Id", async () => {
    const to = `v-${randomUUID()}@example.com`;
    await invitedCollection([to]);
    const { messageId, outboxId } = sentTo(to);
    const row = db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId)).get();
    expect(row?.to).toBe(to);
    expect(messageId).toBe(`outbox.${outboxId}@mg.storyhearth.test`);
  });

  it("a permanent failure marks the invitation not delivered with Mailgun's reason, and the owner's contact undeliverable", async () => {
    const to = `gone-${randomUUID()}@example.com`;
    const {
      owner,
      invitations: [inv],
    } = await invitedCollection([to]);
    db.insert(contacts).values({ ownerId: owner.id, email: to }).run();
    const result = await post(signedEvent(permanentFailure(to)));
    expect(result).toMatchObject({ status: 200 });
    expect(result.message).toMatch(/^Recorded/);
    expect(invitation(inv!.id)).toMatchObject({
      status: "failed",
      failureReason: expect.stringContaining("does not exist"),
    });
    const contact = db.select().from(contacts).where(eq(contacts.email, to)).get()!;
    expect(contact).toMatchObject({ deliveryStatus: "undeliverable", deliveryProblem: expect.stringContaining("550") });
  });

  it("matches by Message-Id alone when the custom variable is missing", async () => {
    const to = `mid-${randomUUID()}@example.com`;
    const {
      invitations: [inv],
    } = await invitedCollection([to]);
    expect((await post(signedEvent(permanentFailure(to, { withVariables: false })))).status).toBe(200);
    expect(invitation(inv!.id).status).toBe("failed");
  });

  it("a complaint unsubscribes the relative from every collection of that owner", async () => {
    const to = `spam-${randomUUID()}@example.com`;
    const first = await invitedCollection([to]);
    const second = makeCollection({ emails: [to] });
    // The same owner's other collection, not sent yet.
    giveTo(first.owner.id, second.campaign.id);
    const { messageId, outboxId } = sentTo(to);
    const complaint = {
      event: "complained",
      recipient: to,
      timestamp: Date.now() / 1000,
      message: { headers: { "message-id": messageId } },
      "user-variables": { "outbox-id": outboxId },
    };
    expect((await post(signedEvent(complaint))).status).toBe(200);
    expect(invitation(first.invitations[0]!.id)).toMatchObject({
      status: "unsubscribed",
      failureReason: "The relative marked the e-mail as spam.",
    });
    expect(invitation(second.invitations[0]!.id).status).toBe("unsubscribed");
  });

  it("stops reminders and newsletters to a bounced address; a later invitation to it is never sent", async () => {
    const to = `stop-${randomUUID()}@example.com`;
    const ok = `fine-${randomUUID()}@example.com`;
    const { owner, campaign, invitations: invs } = await invitedCollection([to, ok]);
    db.insert(contacts).values({ ownerId: owner.id, email: to }).run();
    db.insert(workflowSettings)
      .values({ ownerId: owner.id, campaignId: null, collectionMode: "weekly", maxReminders: 3 })
      .run();
    await post(signedEvent(permanentFailure(to)));
    loop.clock.setClock(new Date(Date.now() + 30 * 86_400_000));
    const before = fake.requests.length;
    await loop.remindersJob.sendDueReminders();
    const reminded = fake.requests.slice(before).map((r) => r.field("to"));
    expect(reminded).toContain(ok);
    expect(reminded).not.toContain(to);
    expect(recipients.distributionRecipients(owner.id, campaign.id).map((r) => r.email)).toEqual([ok]);
    expect(invitation(invs.find((i) => i.email === to)!.id).reminderCount).toBe(0);

    // A new collection of the same owner inviting the dead address: marked, not e-mailed.
    loop.clock.setClock(null);
    const later = makeCollection({ emails: [to] });
    giveTo(owner.id, later.campaign.id);
    const sentBefore = fake.requests.filter((r) => r.field("to") === to).length;
    await loop.invitationsJob.dispatchDueInvitations();
    expect(fake.requests.filter((r) => r.field("to") === to)).toHaveLength(sentBefore);
    expect(invitation(later.invitations[0]!.id)).toMatchObject({
      status: "failed",
      failureReason: expect.stringContaining("does not exist"),
    });
  });

  it("a complaint on a typed-in address (no contact): the owner's next collection, reminders and other families' collections do not e-mail it", async () => {
    const to = `typed-${randomUUID()}@example.com`;
    const first = await invitedCollection([to]);
    expect(db.select().from(contacts).where(eq(contacts.email, to)).all()).toHaveLength(0);
    // Another family invited the same address before the complaint, and reminds weekly.
    const elsewhere = await invitedCollection([to.toUpperCase()]);
    db.insert(workflowSettings)
      .values({ ownerId: elsewhere.owner.id, campaignId: null, collectionMode: "weekly", maxReminders: 3 })
      .run();
    const { messageId, outboxId } = sentTo(to);
    const complaint = {
      event: "complained",
      recipient: to,
      message: { headers: { "message-id": messageId } },
      "user-variables": { "outbox-id": outboxId },
    };
    expect((await post(signedEvent(complaint))).status).toBe(200);

    const outboxTo = () =>
      db
        .select()
        .from(emailOutbox)
        .all()
        .filter((row) => row.to.toLowerCase() === to).length;
    const before = outboxTo();
    const next = makeCollection({ emails: [to] });
    giveTo(first.owner.id, next.campaign.id);
    const another = makeCollection({ emails: [to] });
    await loop.invitationsJob.dispatchDueInvitations();
    loop.clock.setClock(new Date(Date.now() + 30 * 86_400_000));
    await loop.remindersJob.sendDueReminders();
    expect(outboxTo()).toBe(before);
    expect(invitation(next.invitations[0]!.id)).toMatchObject({
      status: "unsubscribed",
      failureReason: "The relative marked the e-mail as spam.",
    });
    // The other families learn why without learning whose mail it was.
    for (const id of [another.invitations[0]!.id, elsewhere.invitations[0]!.id]) {
      expect(invitation(id)).toMatchObject({
        status: "unsubscribed",
        failureReason: "This address marked an e-mail sent from here as spam, so we send it nothing more.",
      });
    }
  });

  it("ignores a temporary failure, an unknown message and other events with 200", async () => {
    const to = `temp-${randomUUID()}@example.com`;
    const {
      invitations: [inv],
    } = await invitedCollection([to]);
    const temporary = { ...permanentFailure(to), severity: "temporary" };
    expect(await post(signedEvent(temporary))).toMatchObject({
      status: 200,
      message: expect.stringMatching(/^Ignored/),
    });
    expect(invitation(inv!.id).status).toBe("sent");
    const unknown = {
      ...permanentFailure(to),
      message: { headers: { "message-id": "20260101.abc@mg.example.com" } },
      "user-variables": {},
    };
    expect(await post(signedEvent(unknown))).toMatchObject({
      status: 200,
      message: "Ignored: not a message this app sent",
    });
    expect(await post(signedEvent({ event: "delivered", recipient: to }))).toMatchObject({ status: 200 });
    expect(invitation(inv!.id).status).toBe("sent");
  });

  it("refuses a bad signature, a missing one, an old timestamp and a replayed token", async () => {
    const to = `sig-${randomUUID()}@example.com`;
    const {
      invitations: [inv],
    } = await invitedCollection([to]);
    const data = permanentFailure(to);
    expect(await post(signedEvent(data, { key: "not-the-key" }))).toEqual({
      status: 401,
      message: "Invalid webhook signature",
    });
    expect((await post({ "event-data": data })).status).toBe(400);
    const old = signedEvent(data, { at: new Date(Date.now() - 60 * 60_000) });
    expect(await post(old)).toEqual({ status: 401, message: "Webhook timestamp is too old" });
    expect(invitation(inv!.id).status).toBe("sent");
    const fresh = signedEvent(data);
    expect((await post(fresh)).status).toBe(200);
    expect(await post(fresh)).toEqual({ status: 406, message: "Replayed webhook token" });
    expect((await post("not an object")).status).toBe(400);
  });
});

describe("the owner corrects a bounced address", () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createTestUser();
  });

  async function bounced(emails: string[]) {
    const made = makeCollection({ emails });
    giveTo(owner.id, made.campaign.id);
    await loop.invitationsJob.dispatchDueInvitations();
    await post(signedEvent(permanentFailure(emails[0]!)));
    return made;
  }
  const correct = (campaignId: string, form: Record<string, string>) =>
    callRoute(
      stories.action as never,
      makeRequest(`/campaigns/${campaignId}/stories`, {
        method: "POST",
        cookie: owner.cookie,
        form: { intent: "correct-invitation", ...form },
      }),
      { campaignId },
    );

  it("lists the failure with its reason, and a corrected address gets the invitation once", async () => {
    const typo = `typo-${randomUUID()}@exampel.com`;
    const {
      campaign,
      invitations: [inv],
    } = await bounced([typo]);
    const page = await callRoute(
      stories.loader as never,
      makeRequest(`/campaigns/${campaign.id}/stories`, { cookie: owner.cookie }),
      { campaignId: campaign.id },
    );
    const { invitees } = (await page.json()) as {
      invitees: Array<{
        id: string;
        status: string;
        failureReason: string | null;
        canCorrect: boolean;
        canResend: boolean;
      }>;
    };
    expect(invitees[0]).toMatchObject({
      id: inv!.id,
      status: "not_delivered",
      canCorrect: true,
      canResend: false,
      failureReason: expect.stringContaining("does not exist"),
    });

    const fixed = typo.replace("exampel", "example");
    const response = await correct(campaign.id, { invitationId: inv!.id, email: fixed });
    expect(response.status).toBe(302);
    expect(invitation(inv!.id)).toMatchObject({ email: fixed, status: "sent", failureReason: null, reminderCount: 0 });
    expect(fake.requests.filter((r) => r.field("to") === fixed)).toHaveLength(1);
    // A double submit: the page catches up, nothing is sent twice.
    expect((await correct(campaign.id, { invitationId: inv!.id, email: fixed })).status).toBe(302);
    expect(fake.requests.filter((r) => r.field("to") === fixed)).toHaveLength(1);
  });

  it("refuses an invalid, unchanged or already invited address with a message, and a foreign invitation with 404", async () => {
    const typo = `typo-${randomUUID()}@exampel.com`;
    const other = `other-${randomUUID()}@example.com`;
    const { campaign, invitations: invs } = await bounced([typo, other]);
    const id = invs.find((i) => i.email === typo)!.id;
    const errorsOf = async (response: Response) =>
      ((await response.json()) as { result: { error: Record<string, string[]> } }).result.error;
    const invalid = await correct(campaign.id, { invitationId: id, email: "not an address" });
    expect(invalid.status).toBe(400);
    expect(await errorsOf(invalid)).toMatchObject({ email: ["Enter a valid e-mail address."] });
    const same = await correct(campaign.id, { invitationId: id, email: typo.toUpperCase() });
    expect(same.status).toBe(400);
    expect(Object.values(await errorsOf(same)).flat()).toContain(
      "That is the address that did not accept the invitation. Enter a corrected one.",
    );
    const taken = await correct(campaign.id, { invitationId: id, email: other });
    expect(taken.status).toBe(409);
    expect(invitation(id).status).toBe("failed");

    const stranger = await createTestUser();
    const foreign = await callRoute(
      stories.action as never,
      makeRequest(`/campaigns/${campaign.id}/stories`, {
        method: "POST",
        cookie: stranger.cookie,
        form: { intent: "correct-invitation", invitationId: id, email: "x@example.com" },
      }),
      { campaignId: campaign.id },
    );
    expect(foreign.status).toBe(404);
  });
});
