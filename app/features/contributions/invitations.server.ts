// Sending invitations: each due invitation is written to the outbox and marked sent in one
// transaction (so it is e-mailed once, whatever crashes), then the outbox rows are delivered.
import { invitationEmail, reminderEmail } from "~/features/contributions/emails";
import { dueInvitations, markCampaignsSent, markInvitationSent } from "~/models/invitation.server";
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { deliverEmails, queueOutgoingEmail } from "~/lib/email/send.server";
import { appUrl } from "~/lib/env.server";
import { replyAddressFor } from "~/features/contributions/reply-address.server";

export const ownerDisplayName = (owner: { firstName: string | null; lastName: string | null; email: string }) =>
  [owner.firstName, owner.lastName].filter(Boolean).join(" ") || owner.email;

export function invitationLinks(publicId: string, token: string) {
  return {
    formUrl: `${appUrl()}/contribute/${publicId}?${new URLSearchParams({ t: token })}`,
    unsubscribeUrl: `${appUrl()}/unsubscribe/${token}`,
  };
}

type StoryRequestRow = {
  invitation: { email: string; token: string };
  campaign: { title: string; prompt: string; description: string | null; publicId: string };
  owner: { firstName: string | null; lastName: string | null; email: string };
};

/**
 * Writes one invitation or reminder to the outbox: the personal links, the per-recipient reply
 * address and the unsubscribe headers are the same for both.
 */
export function queueStoryRequest(kind: "campaign_invitation" | "campaign_reminder", { invitation, campaign, owner }: StoryRequestRow, dedupeKey: string) {
  const links = invitationLinks(campaign.publicId, invitation.token);
  const render = kind === "campaign_invitation" ? invitationEmail : reminderEmail;
  const mail = render({ campaignTitle: campaign.title, prompt: campaign.prompt, description: campaign.description, ownerName: ownerDisplayName(owner), ...links });
  return queueOutgoingEmail({
    kind,
    to: invitation.email,
    ...mail,
    replyTo: replyAddressFor(invitation.token),
    headers: { "List-Unsubscribe": `<${links.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    dedupeKey,
  });
}

/** Sends every due invitation, in batches; returns how many were sent. */
export async function dispatchDueInvitations({ batchSize = 200 } = {}) {
  let total = 0;
  for (;;) {
    const at = now();
    const due = dueInvitations(at, batchSize);
    if (due.length === 0) return total;
    const queued = db.transaction(() => {
      markCampaignsSent([...new Set(due.map((d) => d.campaign.id))], at);
      return due.flatMap(({ invitation, campaign, owner }) => {
        if (!markInvitationSent(invitation.id, at)) return [];
        return [queueStoryRequest("campaign_invitation", { invitation, campaign, owner }, `invitation:${invitation.id}`)];
      });
    });
    await deliverEmails(queued);
    total += queued.length;
  }
}
