import { systemErrors } from "#db/schema";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { db } from "~/lib/db.server";

import { startFakeMailgun, type FakeMailgun } from "../../../tests/mocks/mailgun-server";
import { imageDataUrl } from "./inline-images";

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
  clock: typeof import("~/lib/clock.server");
};

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
    clock: await import("~/lib/clock.server"),
  };
}

describe("sendEmail with Mailgun configured", () => {
  let fake: FakeMailgun;
  let m: Modules;

  beforeAll(async () => {
    fake = await startFakeMailgun({ apiKey: API_KEY, domain: DOMAIN });
    m = await loadModules({
      MAILGUN_API_KEY: API_KEY,
      MAILGUN_DOMAIN: DOMAIN,
      MAILGUN_URL: fake.url,
      MAIL_FROM: FROM,
      MAILGUN_TIMEOUT_MS: "300",
    });
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
    await m.email.sendEmail({
      kind: "test",
      to: "a@example.com",
      subject: "Hello\r\nBcc: evil@example.com",
      html: "<p>x</p>",
      text: "x",
    });
    expect(fake.requests[0]!.field("subject")).toBe("Hello Bcc: evil@example.com");
    expect(fake.requests[0]!.fields.bcc).toBeUndefined();
  });

  it("sends a picture kept in the outbox as a data: URL as an inline attachment named by Content-ID", async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#9a3f12" } })
      .jpeg()
      .toBuffer();
    const html = `<p>Ready</p><img src="${imageDataUrl(jpeg, "image/jpeg")}" alt="Cover">`;
    const row = await m.email.sendEmail({
      kind: "podcast_ready",
      to: "ada@example.com",
      subject: "Ready",
      html,
      text: "Ready",
    });

    const request = fake.requests[0]!;
    expect(request.field("html")).toBe(`<p>Ready</p><img src="cid:image-1.jpg" alt="Cover">`);
    expect(request.files.map(({ field, filename, type }) => ({ field, filename, type }))).toEqual([
      { field: "inline", filename: "image-1.jpg", type: "image/jpeg" },
    ]);
    expect(request.files[0]!.bytes.equals(jpeg)).toBe(true);
    expect(m.outbox.getOutboxEmail(row.id)).toMatchObject({ status: "sent", html });
  });

  it("on a Mailgun error marks the row retrying, records it, does not throw, and a retry once its time has come sends it", async () => {
    fake.failNext(500);
    const row = await m.email.sendEmail({
      kind: "campaign_invitation",
      to: "bob@example.com",
      subject: "Share a story",
      html: "<p>Hi</p>",
      text: "Hi",
    });

    expect(fake.requests).toHaveLength(1);
    expect(row.status).toBe("retrying");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/500/);
    expect(row.providerMessageId).toBeNull();
    expect(row.retryAt!.getTime() - Date.now()).toBeGreaterThan(40_000);
    const errors = db.select().from(systemErrors).where(eq(systemErrors.errorType, "email_send_failed")).all();
    expect(errors.some((e) => e.errorMessage.includes(row.id) && e.workflow === "email:campaign_invitation")).toBe(
      true,
    );
    expect(await m.email.deliverPendingEmails()).toMatchObject({ attempted: 0 });

    m.clock.setClock(new Date(row.retryAt!.getTime() + 1));
    const report = await m.email.deliverPendingEmails();
    expect(report).toEqual({ attempted: 1, sent: 1, failed: 0, stored: 0, reconciled: 0 });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.field("to")).toBe("bob@example.com");
    const retried = m.outbox.getOutboxEmail(row.id)!;
    expect(retried).toMatchObject({
      status: "sent",
      attempts: 2,
      lastError: null,
      providerMessageId: fake.requests[1]!.messageId,
    });

    expect(await m.email.deliverPendingEmails()).toEqual({
      attempted: 0,
      sent: 0,
      failed: 0,
      stored: 0,
      reconciled: 0,
    });
    m.clock.setClock(null);
  });

  it("a 30-minute throttle (429 with Retry-After) delivers every message once afterwards, none given up on", async () => {
    const start = new Date();
    m.clock.setClock(start);
    fake.throttle(1800);
    const rows = await m.email.deliverEmails(
      ["ann", "ben", "cat"].map((name) =>
        m.email.queueOutgoingEmail({
          kind: "campaign_invitation",
          to: `${name}@throttled.example`,
          subject: "Share a story",
          html: "<p>Hi</p>",
          text: "Hi",
          dedupeKey: `throttle:${name}:${start.getTime()}`,
        }),
      ),
    );
    expect(rows.map((r) => r.status)).toEqual(["retrying", "retrying", "retrying"]);
    for (let minute = 1; minute <= 120; minute++) {
      m.clock.setClock(new Date(start.getTime() + minute * 60_000));
      if (minute === 30) fake.throttle(null);
      await m.email.deliverPendingEmails();
      if (minute < 30) for (const r of rows) expect(m.outbox.getOutboxEmail(r.id)!.status).toBe("retrying");
    }
    m.clock.setClock(null);
    for (const r of rows) expect(m.outbox.getOutboxEmail(r.id)!.status).toBe("sent");
    const accepted = fake.requests.filter((r) => r.status === 200).map((r) => r.field("to"));
    expect(accepted.sort()).toEqual(["ann@throttled.example", "ben@throttled.example", "cat@throttled.example"]);
    expect(fake.requests.filter((r) => r.status === 429).length).toBeLessThan(3 * 10);
  });

  it("a message Mailgun accepts but answers after the time-out is settled from its log and sent once", async () => {
    const start = new Date();
    m.clock.setClock(start);
    fake.answerNextLate(2000);
    const row = await m.email.sendEmail({
      kind: "campaign_invitation",
      to: "late@example.com",
      subject: "Share a story",
      html: "<p>Hi</p>",
      text: "Hi",
    });
    expect(row.status).toBe("sending");
    expect(row.lastError).toMatch(/ECONNABORTED|timeout/i);
    expect(await m.email.deliverPendingEmails()).toMatchObject({ attempted: 0, reconciled: 0 });
    m.clock.setClock(new Date(start.getTime() + m.email.SENDING_STALE_MS() + 1000));
    expect(await m.email.deliverPendingEmails()).toMatchObject({ attempted: 0, reconciled: 1 });
    m.clock.setClock(null);
    expect(m.outbox.getOutboxEmail(row.id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(fake.requests.filter((r) => r.field("to") === "late@example.com")).toHaveLength(1);
  });

  it("a 400 (a message Mailgun will never take) is given up on at once; anything else after a day of tries", async () => {
    fake.failNext(400);
    const bad = await m.email.sendEmail({
      kind: "campaign_invitation",
      to: "bad@example.com",
      subject: "Hi",
      html: "<p>Hi</p>",
      text: "Hi",
    });
    expect(bad).toMatchObject({ status: "failed", attempts: 1 });

    const start = new Date();
    m.clock.setClock(start);
    fake.throttle(60);
    const row = await m.email.sendEmail({
      kind: "campaign_invitation",
      to: "down@example.com",
      subject: "Hi",
      html: "<p>Hi</p>",
      text: "Hi",
    });
    for (let minute = 10; minute <= 25 * 60; minute += 10) {
      m.clock.setClock(new Date(row.createdAt.getTime() + minute * 60_000));
      await m.email.deliverPendingEmails();
      const now = m.outbox.getOutboxEmail(row.id)!;
      if (minute < 24 * 60) expect(now.status).toBe("retrying");
    }
    fake.throttle(null);
    m.clock.setClock(null);
    expect(m.outbox.getOutboxEmail(row.id)).toMatchObject({
      status: "failed",
      lastError: expect.stringMatching(/429/),
    });
  });

  it("settles a send interrupted by a crash by asking Mailgun's logs: sent once, never twice", async () => {
    const input = { kind: "test", to: "carol@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi" };
    const accepted = m.email.queueOutgoingEmail({ ...input, dedupeKey: "crash-accepted" });
    const lost = m.email.queueOutgoingEmail({ ...input, dedupeKey: "crash-lost" });
    const longAgo = new Date(Date.now() - m.email.SENDING_STALE_MS() - 1000);
    m.outbox.claimForSending(accepted.id, longAgo);
    m.outbox.claimForSending(lost.id, longAgo);
    const mg = m.mailgun.createMailgun()!;
    await m.mailgun.mailgunSend(mg.client, mg.domain, {
      ...input,
      from: FROM,
      headers: { "Message-Id": `<${m.mailgun.outboxMessageId(accepted.id, DOMAIN)}>` },
    });
    fake.requests.length = 0;

    const report = await m.email.deliverPendingEmails();
    expect(report.reconciled).toBe(2);
    expect(m.outbox.getOutboxEmail(accepted.id)?.status).toBe("sent");
    expect(m.outbox.getOutboxEmail(lost.id)?.status).toBe("sent");
    const sent = fake.requests.filter((r) => r.path.endsWith("/messages"));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers["Message-Id"]).toBe(`<${m.mailgun.outboxMessageId(lost.id, DOMAIN)}>`);
  });

  it("reads Mailgun's logs (not the deprecated events API) page by page to find an interrupted send among the domain's others", async () => {
    const input = { kind: "test", to: "dora@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi" };
    const row = m.email.queueOutgoingEmail({ ...input, dedupeKey: "crash-busy-domain" });
    m.outbox.claimForSending(row.id, new Date(Date.now() - m.email.SENDING_STALE_MS() - 1000));
    for (let i = 0; i < 700; i++) fake.logAccepted(`other.${i}@${DOMAIN}`);
    fake.logAccepted(m.mailgun.outboxMessageId(row.id, DOMAIN));
    fake.requests.length = 0;
    const asked = fake.logQueries.length;

    expect((await m.email.deliverPendingEmails()).reconciled).toBe(1);
    expect(m.outbox.getOutboxEmail(row.id)?.status).toBe("sent");
    expect(fake.requests.filter((r) => r.path.endsWith("/messages"))).toHaveLength(0);
    const queries = fake.logQueries.slice(asked);
    expect(queries.length).toBeGreaterThanOrEqual(3);
    expect(queries[0]).toMatchObject({
      events: ["accepted"],
      filter: { AND: [{ attribute: "domain", comparator: "=", values: [{ value: DOMAIN }] }] },
    });
  });

  it("writes a deduplicated message to the outbox once", () => {
    const input = {
      kind: "test",
      to: "dan@example.com",
      subject: "Once",
      html: "<p>x</p>",
      text: "x",
      dedupeKey: "only-once",
    };
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
      .mailgunSend(wrong.client, wrong.domain, {
        from: FROM,
        to: "a@example.com",
        subject: "s",
        html: "<p>h</p>",
        text: "t",
      })
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

  it("tries a retrying row again only once its time has come, never one given up on, and leaves fresh queued rows to their sender", () => {
    const at = new Date();
    const retrying = m.outbox.queueEmail(input);
    m.outbox.claimForSending(retrying.id, at);
    m.outbox.markRetrying(retrying.id, new Error("busy"), m.outbox.nextRetryAt(1, at));
    const givenUp = m.outbox.queueEmail(input);
    m.outbox.claimForSending(givenUp.id, at);
    m.outbox.markFailed(givenUp.id, new Error("boom"));
    const fresh = m.outbox.queueEmail(input);

    const now = m.outbox.pendingEmails(100, at).map((r) => r.id);
    expect(now).not.toContain(retrying.id);
    expect(now).not.toContain(givenUp.id);
    expect(now).not.toContain(fresh.id);
    const later = m.outbox.pendingEmails(100, new Date(at.getTime() + 2 * m.outbox.QUEUED_GRACE_MS)).map((r) => r.id);
    expect(later).toContain(fresh.id);
    expect(later).toContain(retrying.id);
    expect(later).not.toContain(givenUp.id);
    expect(m.outbox.claimForSending(givenUp.id)).toBeUndefined();
    expect(m.outbox.getOutboxEmail(givenUp.id)).toMatchObject({ status: "failed", attempts: 1, lastError: "boom" });
  });

  it("backs off from a minute to an hour at most, each delay jittered within 80-120 %", () => {
    const at = new Date(0);
    const delay = (attempts: number, r: number) => m.outbox.nextRetryAt(attempts, at, () => r).getTime();
    expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map((n) => delay(n, 0.5))).toEqual(
      [1, 2, 4, 8, 16, 32, 60, 60, 60].map((min) => min * 60_000),
    );
    expect(delay(1, 0)).toBe(48_000);
    expect(delay(1, 1)).toBe(72_000);
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
    m = await loadModules({
      MAILGUN_API_KEY: undefined,
      MAILGUN_DOMAIN: undefined,
      MAILGUN_URL: undefined,
      MAIL_FROM: undefined,
    });
  });

  it("stores the message in the outbox, which is the mailbox", async () => {
    expect(m.mailgun.createMailgun()).toBeNull();
    expect(m.email.isEmailDeliveryConfigured()).toBe(false);
    const row = await m.email.sendEmail({
      kind: "password_reset",
      to: "local@example.com",
      subject: "Local",
      html: "<p>x</p>",
      text: "x",
    });
    expect(row.status).toBe("stored");
    expect(row.from).toBe("Storyhearth <hello@storyhearth.local>");
    expect(m.outbox.listOutbox({ limit: 1 })[0]).toMatchObject({ id: row.id, status: "stored", attempts: 0 });
  });
});
