// Outbox row and 'sent' mark in one transaction, so each is e-mailed once (decision 0008).
import { contactNames } from "~/features/contacts/contacts.server";
import { personName } from "~/features/contacts/person-name";
import { invitationEmail, reminderEmail } from "~/features/contributions/emails";
import { replyAddressFor } from "~/features/contributions/reply-address.server";
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { deliverEmails } from "~/lib/email/send.server";
import { appUrl } from "~/lib/env.server";
import { collectionMailBlock } from "~/models/collection-mail-recipient.server";
import { markInvitationBlocked } from "~/models/delivery-problem.server";
import { dueInvitations, markCampaignsSent, markInvitationSent } from "~/models/invitation.server";

import { queueCollectionEmail } from "./collection-mail.server";

export const ownerDisplayName = (owner: { firstName: string | null; lastName: string | null; email: string }) =>
  [owner.firstName, owner.lastName].filter(Boolean).join(" ") || owner.email;

export function invitationLinks(publicId: string, token: string) {
  return { formUrl: `${appUrl()}/contribute/${publicId}?${new URLSearchParams({ t: token })}` };
}

type StoryRequestRow = {
  invitation: { email: string; token: string; name: string | null };
  campaign: {
    id: string;
    ownerId: string;
    title: string;
    prompt: string;
    description: string | null;
    publicId: string;
  };
  owner: { firstName: string | null; lastName: string | null; email: string };
};

export function inviteeName(
  ownerId: string,
  invitation: { email: string; name: string | null },
  fromName?: string | null,
) {
  return personName({
    contactName: contactNames(ownerId, [invitation.email]).get(invitation.email.toLowerCase()),
    invitationName: invitation.name,
    fromName,
  });
}

export function namedInvitees(ownerId: string, invitations: ReadonlyArray<{ email: string; name: string | null }>) {
  const contacts = contactNames(
    ownerId,
    invitations.map((i) => i.email),
  );
  return invitations.map((i) => ({
    email: i.email,
    name: personName({ contactName: contacts.get(i.email.toLowerCase()), invitationName: i.name }),
  }));
}

export function queueStoryRequest(
  kind: "campaign_invitation" | "campaign_reminder",
  { invitation, campaign, owner }: StoryRequestRow,
  dedupeKey: string,
) {
  const render = kind === "campaign_invitation" ? invitationEmail : reminderEmail;
  const ownerName = ownerDisplayName(owner);
  const input = {
    campaignTitle: campaign.title,
    prompt: campaign.prompt,
    description: campaign.description,
    ownerName,
    recipientName: inviteeName(campaign.ownerId, invitation),
    ...invitationLinks(campaign.publicId, invitation.token),
  };
  return queueCollectionEmail({
    kind,
    to: invitation.email,
    campaign,
    askedBy: ownerName,
    ...(kind === "campaign_reminder" ? { autoSubmitted: "auto-generated" as const } : {}),
    render: ({ unsubscribeUrl }) => render({ ...input, unsubscribeUrl }),
    replyTo: replyAddressFor(invitation.token),
    dedupeKey,
  });
}

export async function dispatchDueInvitations({ batchSize = 200 } = {}) {
  let total = 0;
  for (;;) {
    const at = now();
    const due = dueInvitations(at, batchSize);
    if (due.length === 0) return total;
    const queued = db.transaction(() => {
      markCampaignsSent([...new Set(due.map((d) => d.campaign.id))], at);
      return due.flatMap(({ invitation, campaign, owner }) => {
        // An address that bounced, complained or unsubscribed gets no new invitation.
        const problem = collectionMailBlock(owner.id, campaign.id, invitation.email);
        if (problem) {
          markInvitationBlocked(invitation.id, problem.kind, problem.reason);
          return [];
        }
        if (!markInvitationSent(invitation.id, at)) return [];
        const mail = queueStoryRequest(
          "campaign_invitation",
          { invitation, campaign, owner },
          `invitation:${invitation.id}`,
        );
        return mail ? [mail] : [];
      });
    });
    await deliverEmails(queued);
    total += queued.length;
  }
}
