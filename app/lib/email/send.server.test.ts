import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { systemErrors } from "#db/schema";
import { db } from "~/lib/db.server";
import { imageDataUrl } from "./inline-images";
import { startFakeMailgun, type FakeMailgun } from "../../../tests/mocks/mailgun-server";

const API_KEY = "key-test-123";
const DOMAIN = "mg.storyhearth.test";
const FROM = "Storyhearth <hello@mg.storyhearth.test>";

// Multipart encoding turns every LF into CRLF on the wire (as the real Mailgun receives it).
const lf = (value: string | undefined) => value?.replace(/\r\n/g, "\n");

type Modules = {
  email: typeof import("./send.server");
  outbox: typeof import("~/lib/email/outbox.server");
  mailgun: typeof import("./mailgun.server");
  env: typeof import("~/lib/env.server");
};

/** env() caches its first parse, so the modules are loaded afresh after the variables change. */
async function loadModules(vars: Record<string, string | undefined>): Promise<Modules> {
  for (const [key, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  vi.resetModules();
  return {
    email: await import("./send.server"),
    outbox: await import("~/lib/email/outbox.server"),
    mailgun: await import("./mailgun.server"),
    env: await import("~/lib/env.server"),
  };
}

describe("sendEmail with Mailgun configured", () => {
  let fake: FakeMailgun;
  let m: Modules;

  beforeAll(async () => {
    fake = await startFakeMailgun({ apiKey: API_KEY, domain: DOMAIN });
    m = await loadModules({ MAILGUN_API_KEY: API_KEY, MAILGUN_DOMAIN: DOMAIN, MAILGUN_URL: fake.url, MAIL_FROM: FROM });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it("sends through mailgun.js and marks the outbox row sent with the provider id", async () => {
    const html = "<p>Hello <strong>Ada</strong></p>";
    const text = "Hello Ada\n\nhttp://localhost:3000/reset-password/confirm?token=abc";
    const row = await m.email.sendEmail({
      kind: "password_reset",
      to: "ada@example.com",
      subject: "Reset your Storyhearth password",
      html,
      text,
      replyTo: "reply+token123@mg.storyhearth.test",
      headers: { "X-Storyhearth-Campaign": "campaign-1" },
    });

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.authUser).toBe("api");
    expect(request.domain).toBe(DOMAIN);
    expect(request.path).toBe(`/v3/${DOMAIN}/messages`);
    expect(request.contentType).toMatch(/^multipart\/form-data/);
    expect(request.field("from")).toBe(FROM);
    expect(request.fields.to).toEqual(["ada@example.com"]);
    expect(request.field("subject")).toBe("Reset your Storyhearth password");
    expect(request.field("html")).toBe(html);
    expect(lf(request.field("text"))).toBe(text);
    expect(request.headers["Reply-To"]).toBe("reply+token123@mg.storyhearth.test");
    expect(request.field("h:Reply-To")).toBe("reply+token123@mg.storyhearth.test");
    expect(request.headers["X-Storyhearth-Campaign"]).toBe("campaign-1");

    expect(row.status).toBe("sent");
    expect(row.providerMessageId).toBe(request.messageId);
    expect(row.providerMessageId).toMatch(new RegExp(`^<.+@${DOMAIN.replace(/\./g, "\\.")}>$`));
    const stored = m.outbox.getOutboxEmail(row.id)!;
    expect(stored).toMatchObject({ status: "sent", attempts: 1, from: FROM, kind: "password_reset", lastError: null });
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(stored.headers).toEqual({ "X-Storyhearth-Campaign": "campaign-1" });
  });

  it("keeps header values on one line", async () => {
    await m.email.sendEmail({ kind: "test", to: "a@example.com", subject: "Hello\r\nBcc: evil@example.com", html: "<p>x</p>", text: "x" });
    expect(fake.requests[0]!.field("subject")).toBe("Hello Bcc: evil@example.com");
    expect(fake.requests[0]!.fields.bcc).toBeUndefined();
  });

  it("sends a picture kept in the outbox as a data: URL as an inline attachment named by Content-ID", async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#9a3f12" } }).jpeg().toBuffer();
    const html = `<p>Ready</p><img src="${imageDataUrl(jpeg, "image/jpeg")}" alt="Cover">`;
    const row = await m.email.sendEmail({ kind: "podcast_ready", to: "ada@example.com", subject: "Ready", html, text: "Ready" });

    const request = fake.requests[0]!;
    expect(request.field("html")).toBe(`<p>Ready</p><img src="cid:image-1.jpg" alt="Cover">`);
    expect(request.files.map(({ field, filename, type }) => ({ field, filename, type }))).toEqual([{ field: "inline", filename: "image-1.jpg", type: "image/jpeg" }]);
    expect(request.files[0]!.bytes.equals(jpeg)).toBe(true);
    // The outbox keeps the whole message, picture included, for a retry and the dev mailbox.
    expect(m.outbox.getOutboxEmail(row.id)).toMatchObject({ status: "sent", html });
  });

  it("marks the row failed on a Mailgun error, records it, does not throw, and a retry sends it", async () => {
    fake.failNext(500);
    const row = await m.email.sendEmail({ kind: "campaign_invitation", to: "bob@example.com", subject: "Share a story", html: "<p>Hi</p>", text: "Hi" });

    expect(fake.requests).toHaveLength(1);
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/500/);
    expect(row.providerMessageId).toBeNull();
    const errors = db.select().from(systemErrors).where(eq(systemErrors.errorType, "email_send_failed")).all();
    expect(errors.some((e) => e.errorMessage.includes(row.id) && e.workflow === "email:campaign_invitation")).toBe(true);

    const report = await m.email.deliverPendingEmails();
    expect(report).toEqual({ attempted: 1, sent: 1, failed: 0, stored: 0, reconciled: 0 });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.field("to")).toBe("bob@example.com");
    const retried = m.outbox.getOutboxEmail(row.id)!;
    expect(retried).toMatchObject({ status: "sent", attempts: 2, lastError: null, providerMessageId: fake.requests[1]!.messageId });

    // Nothing left to do.
    expect(await m.email.deliverPendingEmails()).toEqual({ attempted: 0, sent: 0, failed: 0, stored: 0, reconciled: 0 });
  });

  it("settles a send interrupted by a crash by asking Mailgun's event log: sent once, never twice", async () => {
    const input = { kind: "test", to: "carol@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi" };
    // One row Mailgun accepted before the process died, one it never saw.
    const accepted = m.email.queueOutgoingEmail({ ...input, dedupeKey: "crash-accepted" });
    const lost = m.email.queueOutgoingEmail({ ...input, dedupeKey: "crash-lost" });
    const longAgo = new Date(Date.now() - m.email.SENDING_STALE_MS() - 1000);
    m.outbox.claimForSending(accepted.id, longAgo);
    m.outbox.claimForSending(lost.id, longAgo);
    const mg = m.mailgun.createMailgun()!;
    await m.mailgun.mailgunSend(mg.client, mg.domain, { ...input, from: FROM, headers: { "Message-Id": `<${m.mailgun.outboxMessageId(accepted.id, DOMAIN)}>` } });
    fake.requests.length = 0;

    const report = await m.email.deliverPendingEmails();
    expect(report.reconciled).toBe(2);
    expect(m.outbox.getOutboxEmail(accepted.id)?.status).toBe("sent");
    expect(m.outbox.getOutboxEmail(lost.id)?.status).toBe("sent");
    // Only the lost one went out again.
    const sent = fake.requests.filter((r) => r.path.endsWith("/messages"));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers["Message-Id"]).toBe(`<${m.mailgun.outboxMessageId(lost.id, DOMAIN)}>`);
  });

  it("writes a deduplicated message to the outbox once", () => {
    const input = { kind: "test", to: "dan@example.com", subject: "Once", html: "<p>x</p>", text: "x", dedupeKey: "only-once" };
    const first = m.email.queueOutgoingEmail(input);
    const second = m.email.queueOutgoingEmail(input);
    expect(second.id).toBe(first.id);
  });

  it("shares one run between overlapping retry calls", async () => {
    const first = m.email.deliverPendingEmails();
    const second = m.email.deliverPendingEmails();
    expect(second).toBe(first);
    await first;
  });

  it("the fake refuses a wrong API key with 401", async () => {
    const wrong = m.mailgun.createMailgun({ ...m.env.env(), MAILGUN_API_KEY: "not-the-key" })!;
    const error = await m.mailgun
      .mailgunSend(wrong.client, wrong.domain, { from: FROM, to: "a@example.com", subject: "s", html: "<p>h</p>", text: "t" })
      .catch((e: unknown) => e);
    expect(m.mailgun.describeMailgunError(error)).toMatch(/^Mailgun 401/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("the outbox queue", () => {
  let m: Modules;
  beforeAll(async () => {
    m = await loadModules({ MAILGUN_API_KEY: undefined, MAILGUN_DOMAIN: undefined, MAILGUN_URL: undefined });
  });

  const input = { kind: "test", to: "q@example.com", from: FROM, subject: "s", html: "<p>h</p>", text: "t" };

  it("gives up after five attempts and leaves fresh queued rows to their sender", () => {
    const exhausted = m.outbox.queueEmail(input);
    for (let i = 0; i < m.outbox.MAX_EMAIL_ATTEMPTS; i++) {
      m.outbox.claimForSending(exhausted.id);
      m.outbox.markFailed(exhausted.id, new Error("boom"));
    }
    const fresh = m.outbox.queueEmail(input);

    const now = m.outbox.pendingEmails(100).map((r) => r.id);
    expect(now).not.toContain(exhausted.id);
    expect(now).not.toContain(fresh.id);
    // A queued row nobody finished (crash mid-send) is picked up once it is stale.
    const later = m.outbox.pendingEmails(100, new Date(Date.now() + m.outbox.QUEUED_GRACE_MS + 1000)).map((r) => r.id);
    expect(later).toContain(fresh.id);
    expect(later).not.toContain(exhausted.id);
    expect(m.outbox.getOutboxEmail(exhausted.id)).toMatchObject({ status: "failed", attempts: 5, lastError: "boom" });
  });

  it("lists newest first", () => {
    const list = m.outbox.listOutbox({ limit: 2 });
    expect(list).toHaveLength(2);
    expect(list[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(list[1]!.createdAt.getTime());
  });
});

describe("sendEmail without Mailgun (a local run)", () => {
  let m: Modules;
  beforeAll(async () => {
    m = await loadModules({ MAILGUN_API_KEY: undefined, MAILGUN_DOMAIN: undefined, MAILGUN_URL: undefined, MAIL_FROM: undefined });
  });

  it("stores the message in the outbox, which is the mailbox", async () => {
    expect(m.mailgun.createMailgun()).toBeNull();
    expect(m.email.isEmailDeliveryConfigured()).toBe(false);
    const row = await m.email.sendEmail({ kind: "password_reset", to: "local@example.com", subject: "Local", html: "<p>x</p>", text: "x" });
    expect(row.status).toBe("stored");
    expect(row.from).toBe("Storyhearth <hello@storyhearth.local>");
    expect(m.outbox.listOutbox({ limit: 1 })[0]).toMatchObject({ id: row.id, status: "stored", attempts: 0 });
  });
});
