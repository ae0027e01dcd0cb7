// Sending invitations: each due invitation is written to the outbox and marked sent in one
// transaction (so it is e-mailed once, whatever crashes), then the outbox rows are delivered.
import { invitationEmail } from "~/emails/invitation";
import { dueInvitations, markCampaignsSent, markInvitationSent } from "~/models/invitation.server";
import { now } from "~/utils/clock.server";
import { db } from "~/utils/db.server";
import { deliverEmails, queueOutgoingEmail } from "~/utils/email.server";
import { appUrl } from "~/utils/env.server";
import { replyAddressFor } from "~/utils/reply-address.server";

export const ownerDisplayName = (owner: { firstName: string | null; lastName: string | null; email: string }) =>
  [owner.firstName, owner.lastName].filter(Boolean).join(" ") || owner.email;

export function invitationLinks(publicId: string, token: string) {
  return {
    formUrl: `${appUrl()}/contribute/${publicId}?${new URLSearchParams({ t: token })}`,
    unsubscribeUrl: `${appUrl()}/unsubscribe/${token}`,
  };
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
        const links = invitationLinks(campaign.publicId, invitation.token);
        const mail = invitationEmail({ campaignTitle: campaign.title, prompt: campaign.prompt, description: campaign.description, ownerName: ownerDisplayName(owner), ...links });
        return [
          queueOutgoingEmail({
            kind: "campaign_invitation",
            to: invitation.email,
            ...mail,
            replyTo: replyAddressFor(invitation.token),
            headers: { "List-Unsubscribe": `<${links.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
            dedupeKey: `invitation:${invitation.id}`,
          }),
        ];
      });
    });
    await deliverEmails(queued);
    total += queued.length;
  }
}
