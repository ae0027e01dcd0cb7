import { env } from "~/lib/env.server";

// Each invitee replies to their own address, so an answer finds its invitation without trusting the From line.
const replyDomain = () => env().INBOUND_EMAIL_DOMAIN ?? env().MAILGUN_DOMAIN ?? "reply.storyhearth.local";

export const replyAddressFor = (token: string) => `reply+${token}@${replyDomain()}`;

export function tokenFromRecipients(recipients: string): string | null {
  for (const part of recipients.split(",")) {
    const match = /reply\+([A-Za-z0-9_-]{10,64})@/i.exec(part.trim());
    if (match?.[1]) return match[1];
  }
  return null;
}
