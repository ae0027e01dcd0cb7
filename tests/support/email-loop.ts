// Shared set-up for e-mail loop tests: a fake Mailgun server and app modules loaded against it.
import { randomUUID } from "node:crypto";
import { campaigns, collectionMailRecipients, invitations, users } from "#db/schema";
import { and, eq } from "drizzle-orm";
import { expect, vi } from "vitest";

import { signedInboundForm, type InboundMessage } from "~/features/contributions/mailgun-webhook.server";
import { db } from "~/lib/db.server";

import { startFakeMailgun, type FakeMailgunRequest } from "../mocks/mailgun-server";
import { callRoute } from "../utils/auth";

export const MAILGUN = { apiKey: "key-loop-test", domain: "mg.storyhearth.test" };

/** Starts the fake and (re)loads the modules that read the environment. */
export async function startMailLoop() {
  const fake = await startFakeMailgun(MAILGUN);
  Object.assign(process.env, {
    MAILGUN_API_KEY: MAILGUN.apiKey,
    MAILGUN_DOMAIN: MAILGUN.domain,
    MAILGUN_URL: fake.url,
    MAILGUN_WEBHOOK_SIGNING_KEY: "signing-key-test",
    APP_URL: "http://127.0.0.1:3999",
    EMAIL_RECONCILE_AFTER_MS: "0",
  });
  vi.resetModules();
  return {
    fake,
    invitationsJob: await import("~/features/contributions/invitations.server"),
    remindersJob: await import("~/features/contributions/reminders.server"),
    clock: await import("~/lib/clock.server"),
    email: await import("~/lib/email/send.server"),
  };
}

/** An owner with a collection and its invitations, written straight to the database. */
export function makeCollection({
  emails,
  scheduledDate = null,
  ownerEmail = `owner-${randomUUID()}@example.com`,
  title = "Summers at the Lake",
}: {
  emails: string[];
  scheduledDate?: Date | null;
  ownerEmail?: string;
  title?: string;
}) {
  return db.transaction((tx) => {
    const owner = tx
      .insert(users)
      .values({ email: ownerEmail, firstName: "Margaret", lastName: "Whitfield" })
      .returning()
      .get();
    const campaign = tx
      .insert(campaigns)
      .values({
        ownerId: owner.id,
        publicId: randomUUID(),
        title,
        prompt: "What is your favourite family trip?",
        status: scheduledDate ? "scheduled" : "active",
        scheduledDate,
      })
      .returning()
      .get();
    // In chunks: SQLite caps the number of bound variables per statement.
    const rows = [];
    for (let i = 0; i < emails.length; i += 500) {
      const chunk = emails
        .slice(i, i + 500)
        .map((email) => ({ campaignId: campaign.id, email, token: randomUUID().replace(/-/g, "") }));
      rows.push(...tx.insert(invitations).values(chunk).returning().all());
    }
    return { owner, campaign, invitations: rows };
  });
}

/** The unsubscribe link collection mail to this address carries (undefined before any was sent). */
export function unsubscribePathOf(campaignId: string, email: string) {
  const row = db
    .select({ token: collectionMailRecipients.token })
    .from(collectionMailRecipients)
    .where(
      and(eq(collectionMailRecipients.campaignId, campaignId), eq(collectionMailRecipients.email, email.toLowerCase())),
    )
    .get();
  return row && `/unsubscribe/${row.token}`;
}

/** A collection of one relative whose invitation went out, as a reply finds it. */
export function sentInvitation(email = `robert-${randomUUID()}@example.com`) {
  const made = makeCollection({ emails: [email] });
  const inv = made.invitations[0]!;
  db.update(invitations).set({ status: "sent", sentAt: new Date() }).where(eq(invitations.id, inv.id)).run();
  return { ...made, inv, email };
}

/** A signed post of the inbound route; each post is signed anew, as Mailgun does when it delivers again. */
export async function postReply(
  loop: Awaited<ReturnType<typeof startMailLoop>>,
  token: string,
  message: Partial<InboundMessage> & { from: string },
) {
  const inbound = await import("~/routes/webhooks+/mailgun.inbound");
  const { replyAddressFor } = await import("~/features/contributions/reply-address.server");
  const full: InboundMessage = {
    recipient: replyAddressFor(token),
    subject: "Re: Summers at the Lake",
    messageId: `<${randomUUID()}@mail.example.com>`,
    bodyPlain: "",
    ...message,
  };
  const body = signedInboundForm(full, "signing-key-test", loop.clock.now());
  const response = await callRoute(
    inbound.action as never,
    new Request("http://localhost/webhooks/mailgun/inbound", { method: "POST", body }),
  );
  expect(response.status).toBe(200);
  return full;
}

/** A sent part's text with the line ends it had before multipart encoding. */
export const textOf = (mail: FakeMailgunRequest) => mail.field("text")!.replace(/\r\n/g, "\n");
