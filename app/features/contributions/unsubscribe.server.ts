// A link names a collection and an address; an invitation's token names the same through its invitation (decision 0200).
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { withdrawListMail } from "~/lib/email/outbox.server";
import {
  getUnsubscribeLink,
  hasUnsubscribed,
  unsubscribeFromCollection,
  unsubscribeTokenFor,
} from "~/models/collection-mail-recipient.server";
import { getInvitationByToken } from "~/models/invitation.server";

import { unsubscribeUrlFor } from "./collection-mail.server";

export type UnsubscribeTarget = { campaign: { id: string; title: string }; email: string; unsubscribed: boolean };

export function unsubscribeTarget(token: string): UnsubscribeTarget | undefined {
  const link = getUnsubscribeLink(token);
  if (link) return { campaign: link.campaign, email: link.email, unsubscribed: link.unsubscribedAt !== null };
  const found = getInvitationByToken(token);
  if (!found) return undefined;
  const { invitation, campaign } = found;
  return {
    campaign,
    email: invitation.email,
    unsubscribed: invitation.status === "unsubscribed" || hasUnsubscribed(campaign.id, invitation.email),
  };
}

export function unsubscribe(target: UnsubscribeTarget, token: string) {
  db.transaction(() => {
    unsubscribeFromCollection(target.campaign.id, target.email, now());
    const links = [...new Set([token, unsubscribeTokenFor(target.campaign.id, target.email)])].map(unsubscribeUrlFor);
    withdrawListMail(target.email, links, "Not sent: the recipient unsubscribed first.");
  });
}
