import { randomUUID } from "node:crypto";

import { now } from "~/lib/clock.server";
import type { OutboxEmail } from "~/lib/email/outbox.server";
import { appUrl } from "~/lib/env.server";
import { getInvitationByToken } from "~/models/invitation.server";

import { signedInboundForm, webhookSigningKey } from "./mailgun-webhook.server";
import { tokenFromRecipients } from "./reply-address.server";

export async function replyToOutboxEmail(email: OutboxEmail, body: string) {
  const key = webhookSigningKey();
  const token = email.replyTo ? tokenFromRecipients(email.replyTo) : null;
  if (!key || !token || !email.replyTo) return { ok: false as const, message: "This e-mail cannot be answered." };
  const quoted = email.text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const form = signedInboundForm(
    {
      recipient: email.replyTo,
      from: email.to,
      subject: `Re: ${email.subject}`,
      bodyPlain: `${body}\n\nOn ${now().toUTCString()} ${email.from} wrote:\n${quoted}`,
      messageId: `<dev-reply.${randomUUID()}@mailbox.storyhearth.local>`,
    },
    key,
    now(),
  );
  // The configured address, never the request's Host header: that would send a signed post wherever a client names.
  const response = await fetch(`${appUrl().replace(/\/+$/, "")}/webhooks/mailgun/inbound`, {
    method: "POST",
    body: form,
  });
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok)
    return { ok: false as const, message: `The app refused the reply: ${answer.message ?? response.status}` };
  return {
    ok: true as const,
    message: "Reply delivered: the story is on the collection page.",
    campaignId: getInvitationByToken(token)?.campaign.id ?? null,
  };
}
