// Outbox row and 'sent' mark in one transaction, so each is e-mailed once (decision 0008).
import { invitationEmail, reminderEmail } from "~/features/contributions/emails";
import { dueInvitations, markCampaignsSent, markInvitationSent } from "~/models/invitation.server";
import { blockedAddresses, markInvitationBlocked } from "~/models/delivery-problem.server";
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

/** Every e-mail about a collection to its invitee can be unsubscribed from in one click (RFC 8058). */
export const collectionMailHeaders = (unsubscribeUrl: string) => ({ "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

type StoryRequestRow = {
  invitation: { email: string; token: string };
  campaign: { title: string; prompt: string; description: string | null; publicId: string };
  owner: { firstName: string | null; lastName: string | null; email: string };
};

export function queueStoryRequest(kind: "campaign_invitation" | "campaign_reminder", { invitation, campaign, owner }: StoryRequestRow, dedupeKey: string) {
  const links = invitationLinks(campaign.publicId, invitation.token);
  const render = kind === "campaign_invitation" ? invitationEmail : reminderEmail;
  const mail = render({ campaignTitle: campaign.title, prompt: campaign.prompt, description: campaign.description, ownerName: ownerDisplayName(owner), ...links });
  return queueOutgoingEmail({
    kind,
    to: invitation.email,
    ...mail,
    replyTo: replyAddressFor(invitation.token),
    headers: collectionMailHeaders(links.unsubscribeUrl),
    dedupeKey,
  });
}

export async function dispatchDueInvitations({ batchSize = 200 } = {}) {
  let total = 0;
  for (;;) {
    const at = now();
    const due = dueInvitations(at, batchSize);
    if (due.length === 0) return total;
    const blocked = new Map<string, ReturnType<typeof blockedAddresses>>();
    const queued = db.transaction(() => {
      markCampaignsSent([...new Set(due.map((d) => d.campaign.id))], at);
      return due.flatMap(({ invitation, campaign, owner }) => {
        // An address that bounced or complained before gets no new invitation (decision 0143).
        if (!blocked.has(owner.id)) blocked.set(owner.id, blockedAddresses(owner.id));
        const problem = blocked.get(owner.id)!.get(invitation.email.trim().toLowerCase());
        if (problem) {
          markInvitationBlocked(invitation.id, problem.kind, problem.reason);
          return [];
        }
        if (!markInvitationSent(invitation.id, at)) return [];
        return [queueStoryRequest("campaign_invitation", { invitation, campaign, owner }, `invitation:${invitation.id}`)];
      });
    });
    await deliverEmails(queued);
    total += queued.length;
  }
}
