import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";

import { queueStoryRequest } from "~/features/contributions/invitations.server";
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { deliverEmails } from "~/lib/email/send.server";
import { redirectWithToast } from "~/lib/toast.server";
import { collectionMailBlock } from "~/models/collection-mail-recipient.server";
import { correctInvitationAddress, isInvitedTo } from "~/models/delivery-problem.server";
import {
  campaignMaxReminders,
  getInvitationToResend,
  listCampaignInvitations,
  recordReminder,
} from "~/models/invitation.server";

import { CORRECT_INTENT, inviteeStatus, RESEND_INTENT, resendRefusal, type InviteeView } from "./invitee-status";
import { campaignMessages } from "./messages";
import { CorrectInvitationSchema, ResendInvitationSchema } from "./schemas";

type CampaignState = { id: string; status: string; isActive: boolean };

const isOpen = (campaign: { status: string; isActive: boolean }) => campaign.isActive && campaign.status !== "closed";

export function listInvitees(campaign: CampaignState): InviteeView[] {
  const maxReminders = campaignMaxReminders(campaign.id);
  return listCampaignInvitations(campaign.id).map((row) => {
    const status = inviteeStatus(row);
    return {
      id: row.id,
      email: row.email,
      status,
      statusLabel: campaignMessages.invitees.status[status],
      reminderCount: row.reminderCount,
      maxReminders,
      canResend: resendRefusal(row, campaign, maxReminders) === null,
      failureReason: row.status === "failed" || row.status === "unsubscribed" ? row.failureReason : null,
      canCorrect: row.status === "failed" && isOpen(campaign),
    };
  });
}

export class ResendError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

// `seenCount` is the reminder count the owner's page showed: the step moves only from it and the outbox
// key is the step's, so a double submit (or a reminder at the same moment) sends one e-mail.
export async function resendInvitation(campaignId: string, invitationId: string, seenCount: number) {
  const row = getInvitationToResend(campaignId, invitationId);
  if (!row) throw new ResendError(404, campaignMessages.invitees.notFound);
  const { invitation, campaign, owner, maxReminders } = row;
  // An answered invitee who unsubscribed is refused as answered; one who never answered is 'unsubscribed'.
  const blocked = collectionMailBlock(owner.id, campaign.id, invitation.email);
  const refusal =
    resendRefusal(invitation, campaign, maxReminders) ??
    (blocked ? (blocked.kind === "undeliverable" ? "failed" : "unsubscribed") : null);
  const stale = seenCount !== invitation.reminderCount;
  if (refusal && !(stale && refusal === "limit")) {
    throw new ResendError(
      409,
      refusal === "limit"
        ? campaignMessages.invitees.cannotResend.limit(maxReminders)
        : campaignMessages.invitees.cannotResend[refusal],
    );
  }
  if (stale) return { email: invitation.email, sent: false };

  const at = now();
  const queued = db.transaction(() => {
    if (!recordReminder(invitation.id, invitation.reminderCount, at)) return null;
    return queueStoryRequest(
      "campaign_invitation",
      { invitation, campaign, owner },
      `reminder:${invitation.id}:${invitation.reminderCount + 1}`,
    );
  });
  if (!queued) return { email: invitation.email, sent: false };
  await deliverEmails([queued]);
  return { email: invitation.email, sent: true };
}

export async function resendInvitationAction(campaignId: string, formData: FormData, pageUrl: string) {
  const submission = parseWithZod(formData, { schema: ResendInvitationSchema });
  if (submission.status !== "success") throw new Response(campaignMessages.invitees.badRequest, { status: 400 });
  try {
    const { email, sent } = await resendInvitation(campaignId, submission.value.invitationId, submission.value.seen);
    return redirectWithToast(
      pageUrl,
      sent ? campaignMessages.invitees.resent(email) : campaignMessages.invitees.alreadyResent(email),
    );
  } catch (error) {
    if (!(error instanceof ResendError)) throw error;
    if (error.status === 404) throw new Response(error.message, { status: 404 });
    return data({ intent: RESEND_INTENT, error: error.message } as const, { status: error.status });
  }
}

// The outbox key names the new address, so a double submit sends one e-mail.
export async function correctInvitationAction(campaignId: string, formData: FormData, pageUrl: string) {
  const submission = parseWithZod(formData, { schema: CorrectInvitationSchema });
  const invitationId = String(formData.get("invitationId") ?? "");
  const refuse = (status: number, formErrors: string[]) =>
    data({ intent: CORRECT_INTENT, invitationId, result: submission.reply({ formErrors }) } as const, { status });
  if (submission.status !== "success")
    return data({ intent: CORRECT_INTENT, invitationId, result: submission.reply() } as const, { status: 400 });
  const row = getInvitationToResend(campaignId, submission.value.invitationId);
  if (!row) throw new Response(campaignMessages.invitees.notFound, { status: 404 });
  const { invitation, campaign, owner } = row;
  const email = submission.value.email;
  const correction = campaignMessages.invitees.correction;
  if (invitation.status !== "failed") {
    if (invitation.email.toLowerCase() === email.toLowerCase())
      return redirectWithToast(pageUrl, correction.sent(email));
    return refuse(409, [correction.notFailed]);
  }
  if (!isOpen(campaign)) return refuse(409, [campaignMessages.invitees.cannotResend.closed]);
  if (invitation.email.toLowerCase() === email.toLowerCase()) return refuse(400, [correction.sameAddress]);
  if (isInvitedTo(campaignId, email)) return refuse(409, [correction.alreadyInvited(email)]);
  if (collectionMailBlock(owner.id, campaign.id, email)) return refuse(409, [correction.blocked(email)]);

  const at = now();
  const queued = db.transaction(() => {
    if (!correctInvitationAddress(owner.id, invitation.id, invitation.email, email, at)) return null;
    const corrected = { ...invitation, email };
    return queueStoryRequest(
      "campaign_invitation",
      { invitation: corrected, campaign, owner },
      `invitation:${invitation.id}:to:${email.toLowerCase()}`,
    );
  });
  if (queued) await deliverEmails([queued]);
  return redirectWithToast(pageUrl, correction.sent(email));
}
