// Mail that says who is asking (decision 0201), as it reaches the fake Mailgun: collection mail from
// "<owner> via Storyhearth" with the relative's reply address (a reply to it still becomes a story),
// account mail from its own address and, when set, its own Mailgun domain, a Reply-To that a person
// reads on every message, and Auto-Submitted on what no person sent.
import { randomUUID } from "node:crypto";
import { contributions, emailOutbox } from "#db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { db } from "~/lib/db.server";

import { startFakeMailgun, type FakeMailgun } from "../mocks/mailgun-server";
import { makeCollection } from "../support/email-loop";

const DOMAIN = "mg.storyhearth.test";
const ACCOUNT_DOMAIN = "account.storyhearth.test";

let fake: FakeMailgun;
beforeAll(async () => {
  fake = await startFakeMailgun({ apiKey: "key-senders", domain: DOMAIN, otherDomains: [ACCOUNT_DOMAIN] });
  Object.assign(process.env, {
    MAILGUN_API_KEY: "key-senders",
    MAILGUN_DOMAIN: DOMAIN,
    MAILGUN_URL: fake.url,
    MAILGUN_WEBHOOK_SIGNING_KEY: "signing-key-senders",
    APP_URL: "http://127.0.0.1:3999",
    MAIL_FROM: `Storyhearth <hello@${DOMAIN}>`,
    ACCOUNT_MAILGUN_DOMAIN: ACCOUNT_DOMAIN,
    ACCOUNT_MAIL_FROM: `Storyhearth <account@${ACCOUNT_DOMAIN}>`,
    SUPPORT_EMAIL: "team@example.com",
  });
  vi.resetModules();
});
afterAll(async () => {
  for (const key of ["MAIL_FROM", "ACCOUNT_MAILGUN_DOMAIN", "ACCOUNT_MAIL_FROM", "SUPPORT_EMAIL"])
    delete process.env[key];
  await fake.close();
});

const sentTo = (address: string) =>
  fake.requests.filter((r) => r.field("to") === address && r.path.endsWith("/messages"));

describe("who our mail is from", () => {
  it("an invitation comes from the owner via Storyhearth with the relative's reply address; a reminder is marked automatic", async () => {
    const { dispatchDueInvitations, queueStoryRequest } = await import("~/features/contributions/invitations.server");
    const { deliverEmails } = await import("~/lib/email/send.server");
    const address = `joe-${randomUUID()}@example.com`;
    const { owner, campaign, invitations } = makeCollection({ emails: [address] });
    await dispatchDueInvitations();
    const [invitation] = sentTo(address);
    expect(invitation!.path).toBe(`/v3/${DOMAIN}/messages`);
    expect(invitation!.field("from")).toBe(`"Margaret Whitfield via Storyhearth" <hello@${DOMAIN}>`);
    expect(invitation!.headers["Reply-To"]).toBe(`reply+${invitations[0]!.token}@${DOMAIN}`);
    // The owner sent it: no Auto-Submitted, so an out-of-office reply still tells the owner something.
    expect(invitation!.headers["Auto-Submitted"]).toBeUndefined();

    await deliverEmails([
      queueStoryRequest(
        "campaign_reminder",
        { invitation: invitations[0]!, campaign, owner },
        `reminder:${invitations[0]!.id}:1`,
      )!,
    ]);
    const reminder = sentTo(address)[1]!;
    expect(reminder.field("from")).toBe(invitation!.field("from"));
    expect(reminder.headers["Auto-Submitted"]).toBe("auto-generated");
    expect(reminder.headers["X-Auto-Response-Suppress"]).toBe("All");

    // A reply to the address in Reply-To is still the relative's story.
    const { signedInboundForm } = await import("~/features/contributions/mailgun-webhook.server");
    const { action } = await import("~/routes/webhooks+/mailgun.inbound");
    const form = signedInboundForm(
      {
        recipient: invitation!.headers["Reply-To"]!,
        from: `Joe <${address}>`,
        subject: "Re: Summers at the Lake",
        bodyPlain: "We drove the old Ford to the lake.",
        messageId: `<${randomUUID()}@example.com>`,
      },
      "signing-key-senders",
      new Date(),
    );
    expect(
      (
        await action({
          request: new Request("http://localhost/webhooks/mailgun/inbound", { method: "POST", body: form }),
          params: {},
          context: {},
        })
      ).status,
    ).toBe(200);
    expect(
      db
        .select()
        .from(contributions)
        .where(eq(contributions.campaignId, campaign.id))
        .all()
        .map((c) => c.storyContent),
    ).toEqual(["We drove the old Ford to the lake."]);
  });

  it("a newsletter to the distribution list is answered to the family member who sent it", async () => {
    const { deliverNewsletter } = await import("~/features/newsletters/delivery.server");
    const { createNewsletter } = await import("~/features/newsletters/newsletters.server");
    const { saveWorkflowSettings } = await import("~/models/workflow.server");
    const cousin = `cousin-${randomUUID()}@example.com`;
    const { owner, campaign } = makeCollection({ emails: [] });
    saveWorkflowSettings(owner.id, {
      collection: { mode: "manual", startDate: null, maxReminders: 3, contributors: [] },
      distribution: {
        mode: "manual",
        scheduledDate: null,
        dayOfWeek: null,
        dayOfMonth: null,
        monthOfYear: null,
        recipients: [cousin],
      },
    });
    db.insert(contributions)
      .values({
        campaignId: campaign.id,
        contributorName: "May",
        contributorEmail: "may@example.com",
        storyContent: "We swam every morning.",
        submissionMethod: "web",
      })
      .run();
    const made = createNewsletter(owner.id, campaign.id);
    if (!made.ok) throw new Error("no newsletter");
    await deliverNewsletter(made.newsletter.id);
    const [mail] = sentTo(cousin);
    expect(mail!.field("from")).toBe(`"Margaret Whitfield via Storyhearth" <hello@${DOMAIN}>`);
    expect(mail!.headers["Reply-To"]).toBe(owner.email);
    expect(mail!.headers["Auto-Submitted"]).toBeUndefined();
  });

  it("account mail comes from its own address through its own Mailgun domain, answered by the support inbox", async () => {
    const { createUser } = await import("~/models/user.server");
    const { requestPasswordReset } = await import("~/features/account/account.server");
    const user = await createUser({
      email: `ada-${randomUUID()}@example.com`,
      firstName: "Ada",
      password: "correct horse battery",
    });
    await requestPasswordReset(user.email);
    // The request does not wait for its delivery.
    await vi.waitFor(() =>
      expect(db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email)).get()?.status).toBe("sent"),
    );
    const [reset] = sentTo(user.email);
    expect(reset!.path).toBe(`/v3/${ACCOUNT_DOMAIN}/messages`);
    expect(reset!.field("from")).toBe(`Storyhearth <account@${ACCOUNT_DOMAIN}>`);
    expect(reset!.headers["Message-Id"]).toMatch(new RegExp(`@${ACCOUNT_DOMAIN.replace(/\./g, "\\.")}>$`));
    expect(reset!.headers["Reply-To"]).toBe("team@example.com");
    expect(reset!.headers["Auto-Submitted"]).toBe("auto-generated");
  });

  it("the service's own notes come from MAIL_FROM and are answered by the support inbox", async () => {
    const { sendEmail } = await import("~/lib/email/send.server");
    await sendEmail({
      kind: "podcast_ready",
      to: "owner@example.com",
      subject: "Ready",
      html: "<p>Ready</p>",
      text: "Ready",
      autoSubmitted: "auto-generated",
    });
    const note = sentTo("owner@example.com").at(-1)!;
    expect(note.field("from")).toBe(`Storyhearth <hello@${DOMAIN}>`);
    expect(note.headers["Reply-To"]).toBe("team@example.com");
  });
});

describe("the sender settings", () => {
  it("default to addresses of MAIL_FROM's domain, and refuse what Mailgun could not send from", async () => {
    const { parseEnv } = await import("~/lib/env.server");
    expect(() => parseEnv({ MAIL_FROM: "hello" })).toThrow(/MAIL_FROM must be an address or Name <address>/);
    expect(() => parseEnv({ ACCOUNT_MAIL_FROM: "Storyhearth <account>" })).toThrow(
      /ACCOUNT_MAIL_FROM must be an address/,
    );
    expect(() => parseEnv({ SUPPORT_EMAIL: "not an address" })).toThrow(/SUPPORT_EMAIL/);
    expect(() =>
      parseEnv({ ACCOUNT_MAILGUN_DOMAIN: "account.example.com", ACCOUNT_MAIL_FROM: "account@mg.example.com" }),
    ).toThrow(/ACCOUNT_MAIL_FROM must be an address of ACCOUNT_MAILGUN_DOMAIN/);
    expect(parseEnv({ MAIL_FROM: "Storyhearth <hello@mg.example.com>" })).toMatchObject({
      MAIL_FROM: "Storyhearth <hello@mg.example.com>",
    });
  });

  it("without their own settings, account mail and replies go to addresses of MAIL_FROM's domain", async () => {
    for (const key of ["ACCOUNT_MAILGUN_DOMAIN", "ACCOUNT_MAIL_FROM", "SUPPORT_EMAIL"]) delete process.env[key];
    process.env.MAIL_FROM = "Storyhearth <hello@mg.example.com>";
    vi.resetModules();
    const senders = await import("~/lib/email/senders.server");
    expect(senders.accountMailFrom()).toBe('"Storyhearth" <account@mg.example.com>');
    expect(senders.supportAddress()).toBe("support@mg.example.com");
    expect(senders.fromLine({ onBehalfOf: 'Whitfield, "Maggie"' })).toBe(
      '"Whitfield, \\"Maggie\\" via Storyhearth" <hello@mg.example.com>',
    );
  });
});
