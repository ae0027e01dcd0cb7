import { now } from "~/lib/clock.server";
import { deliverEmails } from "~/lib/email/send.server";
import { randomToken } from "~/lib/tokens.server";
import {
  getRetiredToken,
  invitationsWithTokens,
  oneTimeStepDone,
  recordOneTimeStep,
  replaceInvitationToken,
  storedEmailTexts,
} from "~/models/retired-invitation-token.server";
import { getUserById } from "~/models/user.server";

import { queueCollectionEmail } from "./collection-mail.server";
import { freshLinkEmail } from "./emails";
import { invitationLinks, inviteeName, ownerDisplayName } from "./invitations.server";
import { replyAddressFor } from "./reply-address.server";

const RETIRE_STEP = "retire-invitation-tokens-in-stored-email";

// Every token-like run is looked up, so a token is found however the e-mail client quoted it.
const TOKEN_LIKE = /[A-Za-z0-9_-]{10,64}/g;

export function retireTokensInStoredEmail(): number {
  if (oneTimeStepDone(RETIRE_STEP)) return 0;
  const candidates = new Set<string>();
  for (const text of storedEmailTexts()) for (const [word] of text.matchAll(TOKEN_LIKE)) candidates.add(word);
  const at = now();
  let replaced = 0;
  for (const invitation of invitationsWithTokens([...candidates]))
    if (replaceInvitationToken(invitation.id, invitation.token, randomToken(), at)) replaced++;
  recordOneTimeStep(RETIRE_STEP, at);
  return replaced;
}

export type RetiredLink = NonNullable<ReturnType<typeof getRetiredToken>>;

export const retiredLink = (token: string): RetiredLink | undefined => getRetiredToken(token);

export function retiredReplyInvitation(token: string, senderEmail: string | null) {
  const found = getRetiredToken(token);
  if (!found || !senderEmail || senderEmail.trim().toLowerCase() !== found.invitation.email.trim().toLowerCase())
    return undefined;
  return { invitation: found.invitation, campaign: found.campaign };
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/** Only to the address the invitation was sent to, never one the visitor gives; at most once a day. */
export async function sendFreshLink(found: RetiredLink) {
  const { invitation, campaign } = found;
  const owner = await getUserById(campaign.ownerId);
  const input = {
    campaignTitle: campaign.title,
    prompt: campaign.prompt,
    description: campaign.description,
    ownerName: owner ? ownerDisplayName(owner) : campaign.title,
    recipientName: inviteeName(campaign.ownerId, invitation),
    ...invitationLinks(campaign.publicId, invitation.token),
  };
  const row = queueCollectionEmail({
    kind: "invitation_fresh_link",
    to: invitation.email,
    campaign,
    askedBy: input.ownerName,
    autoSubmitted: "auto-generated",
    render: ({ unsubscribeUrl }) => freshLinkEmail({ ...input, unsubscribeUrl }),
    replyTo: replyAddressFor(invitation.token),
    dedupeKey: `fresh-link:${invitation.id}:${day(now())}`,
  });
  if (row) await deliverEmails([row]);
}
