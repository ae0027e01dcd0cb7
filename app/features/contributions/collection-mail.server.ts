// Collection mail: everything a family's collection sends to a relative or to anyone on its lists
// (invitations, reminders, notes, newsletters, thank-yous) is queued here, so the one rule of who may
// get it is always asked and every message carries a working unsubscribe link (decision 0200).
import { collectionMailBlock, unsubscribeTokenFor } from "~/models/collection-mail-recipient.server";
import type { EmailParts } from "~/lib/email/layout";
import { queueOutgoingEmail, type SendEmailInput } from "~/lib/email/send.server";
import { appUrl } from "~/lib/env.server";

export type CollectionMail = Omit<SendEmailInput, "subject" | "html" | "text" | "from"> & {
  campaign: { id: string; ownerId: string };
  /** Who is asking, for the From line: "Margaret Whitfield via Storyhearth" (decision 0201). */
  askedBy: string;
  /** The message, given the recipient's unsubscribe link (the layout's `unsubscribe` shows it). */
  render: (links: { unsubscribeUrl: string }) => EmailParts;
};

export const unsubscribeUrlFor = (token: string) => `${appUrl()}/unsubscribe/${token}`;

/**
 * Queues the message unless the address may not get this collection's mail (then null); the caller
 * delivers it. Call inside the transaction that records why it is sent.
 */
export function queueCollectionEmail({ campaign, render, askedBy, headers, ...mail }: CollectionMail) {
  if (collectionMailBlock(campaign.ownerId, campaign.id, mail.to)) return null;
  const unsubscribeUrl = unsubscribeUrlFor(unsubscribeTokenFor(campaign.id, mail.to));
  const parts = render({ unsubscribeUrl });
  // A template that dropped the line would send a list mail nobody can leave from the message itself.
  if (!parts.html.includes(`href="${unsubscribeUrl}"`) || !parts.text.includes(unsubscribeUrl)) throw new Error(`The "${mail.kind}" e-mail does not show its unsubscribe link`);
  return queueOutgoingEmail({
    ...mail,
    ...parts,
    from: { onBehalfOf: askedBy },
    // RFC 8058: a POST to the link unsubscribes in one click; a GET only asks (mail scanners follow links).
    headers: { ...headers, "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
}
