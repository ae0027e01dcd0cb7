// All collection mail is queued here, so who may get it is always asked and every message can be left (decision 0200).
import type { EmailParts } from "~/lib/email/layout";
import { queueOutgoingEmail, type SendEmailInput } from "~/lib/email/send.server";
import { appUrl } from "~/lib/env.server";
import { collectionMailBlock, unsubscribeTokenFor } from "~/models/collection-mail-recipient.server";

export type CollectionMail = Omit<SendEmailInput, "subject" | "html" | "text" | "from"> & {
  campaign: { id: string; ownerId: string };
  askedBy: string;
  render: (links: { unsubscribeUrl: string }) => EmailParts;
};

export const unsubscribeUrlFor = (token: string) => `${appUrl()}/unsubscribe/${token}`;

export function queueCollectionEmail({ campaign, render, askedBy, headers, ...mail }: CollectionMail) {
  if (collectionMailBlock(campaign.ownerId, campaign.id, mail.to)) return null;
  const unsubscribeUrl = unsubscribeUrlFor(unsubscribeTokenFor(campaign.id, mail.to));
  const parts = render({ unsubscribeUrl });
  if (!parts.html.includes(`href="${unsubscribeUrl}"`) || !parts.text.includes(unsubscribeUrl))
    throw new Error(`The "${mail.kind}" e-mail does not show its unsubscribe link`);
  return queueOutgoingEmail({
    ...mail,
    ...parts,
    from: { onBehalfOf: askedBy },
    // RFC 8058: a POST to the link unsubscribes in one click; a GET only asks (mail scanners follow links).
    headers: {
      ...headers,
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}
