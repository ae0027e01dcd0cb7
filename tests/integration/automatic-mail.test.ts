// Mail no person wrote (decision 0192): out-of-office replies and delivery notices sent to an
// invitation's reply address are never stories, leave the relative "Invited" so reminders go on, and
// are kept for the owner as a note; a notice that the invitee's address takes no mail marks it.
import { contacts, contributions, emailOutbox, emptyReplies, invitations } from "#db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import {
  signedInboundForm,
  webhookSigningKey,
  type InboundMessage,
} from "~/features/contributions/mailgun-webhook.server";
import { replyAddressFor } from "~/features/contributions/reply-address.server";
import { listEmptyReplyCards } from "~/features/contributions/story-cards.server";
import { db } from "~/lib/db.server";
import { action } from "~/routes/webhooks+/mailgun.inbound";

import { makeCollection } from "../support/email-loop";

function invited() {
  const {
    invitations: [inv],
    campaign,
    owner,
  } = makeCollection({ emails: ["rosa@example.com"], title: "Grandpa Joe's Kitchen" });
  db.update(invitations).set({ status: "sent", sentAt: new Date() }).where(eq(invitations.id, inv!.id)).run();
  db.insert(contacts).values({ ownerId: owner.id, email: "rosa@example.com" }).run();
  return { inv: inv!, campaign, owner };
}

async function post(inv: { token: string }, message: Omit<InboundMessage, "recipient" | "messageId">) {
  const form = signedInboundForm(
    {
      ...message,
      recipient: replyAddressFor(inv.token),
      messageId: `<${Math.random().toString(36).slice(2)}@mail.example.com>`,
    },
    webhookSigningKey()!,
    new Date(),
  );
  const response = await action({
    request: new Request("http://localhost/webhooks/mailgun/inbound", { method: "POST", body: form }),
    params: {},
    context: {},
  });
  expect(response.status).toBe(200);
}

const AWAY =
  "Hello,\n\nI am away until 12 January. I will read your e-mail when I am back.\n\nRosa\n\nOn Tue, Nov 3, 2026 at 9:14 AM Margaret <m@example.com> wrote:\n> What did Grandpa Joe cook?";
const DSN = `This is the mail system at host mx.example.net.

Your message could not be delivered to one or more recipients.

<rosa@example.com>: host mx.example.com said: 550 5.1.1 <rosa@example.com>: Recipient address rejected: User unknown

Reporting-MTA: dns; mx.example.net
Final-Recipient: rfc822; rosa@example.com
Action: failed
Status: 5.1.1
Diagnostic-Code: smtp; 550 5.1.1 <rosa@example.com>: Recipient address rejected: User unknown`;

const storiesOf = (campaignId: string) =>
  db.select().from(contributions).where(eq(contributions.campaignId, campaignId)).all();
const invitationOf = (id: string) => db.select().from(invitations).where(eq(invitations.id, id)).get()!;
const mailTo = (address: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, address)).all();

describe("automatic mail to a reply address", () => {
  it.each([
    [
      "Auto-Submitted: auto-replied (Gmail, Exchange)",
      { subject: "Re: Grandpa Joe's Kitchen", headers: { "Auto-Submitted": "auto-replied" } },
    ],
    [
      "X-Autoreply (servers without RFC 3834)",
      { subject: "Re: Grandpa Joe's Kitchen", headers: { "X-Autoreply": "yes" } },
    ],
    [
      "Outlook's subject alone",
      { subject: "Automatic reply: Grandpa Joe's Kitchen", headers: { "X-Auto-Response-Suppress": "All" } },
    ],
  ])("%s is a note for the owner, not a story, and the relative stays invited", async (_, { subject, headers }) => {
    const { inv, campaign } = invited();
    await post(inv, { from: "Rosa Bianchi <rosa@example.com>", subject, bodyPlain: AWAY, headers });
    expect(storiesOf(campaign.id)).toEqual([]);
    expect(invitationOf(inv.id)).toMatchObject({ status: "sent", respondedAt: null });
    const [note, ...more] = listEmptyReplyCards(campaign.id);
    expect(more).toEqual([]);
    expect(note!.headline).toBe("Rosa Bianchi's mailbox answered automatically: I am away until 12 January.");
    // Never answered back: two machines must not write to each other.
    expect(mailTo("rosa@example.com")).toEqual([]);
  });

  it("a delivery notice naming the invitee is not a story and marks the address undeliverable", async () => {
    const { inv, campaign, owner } = invited();
    await post(inv, {
      from: "Mail Delivery System <MAILER-DAEMON@mx.example.net>",
      subject: "Undelivered Mail Returned to Sender",
      bodyPlain: DSN,
      headers: { "Content-Type": "multipart/report; report-type=delivery-status; boundary=b1" },
    });
    expect(storiesOf(campaign.id)).toEqual([]);
    expect(invitationOf(inv.id)).toMatchObject({
      status: "failed",
      failureReason:
        "The invitation came back undelivered: 550 5.1.1 <rosa@example.com>: Recipient address rejected: User unknown",
    });
    expect(db.select().from(contacts).where(eq(contacts.ownerId, owner.id)).get()).toMatchObject({
      deliveryStatus: "undeliverable",
    });
    expect(listEmptyReplyCards(campaign.id).map((n) => n.headline)).toEqual([
      "An e-mail provider wrote back about rosa@example.com: a message could not be delivered.",
    ]);
    expect(db.select().from(emptyReplies).where(eq(emptyReplies.campaignId, campaign.id)).get()?.kind).toBe("bounce");
  });

  it("a delivery notice about another address, or a delay, marks nothing", async () => {
    const { inv, campaign } = invited();
    await post(inv, {
      from: "MAILER-DAEMON@mx.example.net",
      subject: "Undelivered Mail Returned to Sender",
      bodyPlain: DSN.replaceAll("rosa@example.com", "someone.else@example.com"),
    });
    await post(inv, {
      from: "postmaster@example.org",
      subject: "Delivery Status Notification (Delay)",
      bodyPlain: "Final-Recipient: rfc822; rosa@example.com\nAction: delayed\nStatus: 4.4.7",
    });
    expect(storiesOf(campaign.id)).toEqual([]);
    expect(invitationOf(inv.id).status).toBe("sent");
    expect(listEmptyReplyCards(campaign.id)).toHaveLength(2);
  });

  it("the relative's own reply saying they were away is still their story", async () => {
    const { inv, campaign } = invited();
    await post(inv, {
      from: "Rosa Bianchi <rosa@example.com>",
      subject: "Re: Grandpa Joe's Kitchen",
      bodyPlain: "I was out of office all week, but here it is: he learned to cook in Naples.",
    });
    expect(storiesOf(campaign.id)).toHaveLength(1);
    expect(invitationOf(inv.id).status).toBe("answered");
  });
});
