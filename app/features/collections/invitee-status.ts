// What the owner sees for each invitee, and whether the invitation may be sent again (decision 0121).
export const INVITEE_STATUSES = ["not_sent", "invited", "reminded", "answered", "not_delivered", "unsubscribed"] as const;
export type InviteeStatus = (typeof INVITEE_STATUSES)[number];

type InvitationState = {
  status: "pending" | "sent" | "failed" | "answered" | "unsubscribed";
  reminderCount: number;
  /** Outbox status of the latest e-mail written for the invitee, if any. */
  deliveryStatus: string | null;
};

export function inviteeStatus({ status, reminderCount, deliveryStatus }: InvitationState): InviteeStatus {
  if (status === "answered" || status === "unsubscribed") return status;
  if (status === "pending") return "not_sent";
  if (status === "failed" || deliveryStatus === "failed") return "not_delivered";
  return reminderCount > 0 ? "reminded" : "invited";
}

export type ResendRefusal = "not_sent" | "answered" | "unsubscribed" | "failed" | "closed" | "limit";

/**
 * A resend is a manual reminder: it counts against the collection's reminder cap, like the automatic
 * ones, so a relative never gets more e-mails than the owner allowed. Null when it may go out.
 */
export function resendRefusal(
  invitation: Pick<InvitationState, "status" | "reminderCount">,
  campaign: { status: string; isActive: boolean },
  maxReminders: number,
): ResendRefusal | null {
  if (invitation.status === "answered" || invitation.status === "unsubscribed") return invitation.status;
  // A permanent bounce (decision 0143): the address is corrected instead, with its own form.
  if (invitation.status === "failed") return "failed";
  // Only a sent invitation can be reminded.
  if (invitation.status !== "sent") return "not_sent";
  if (!campaign.isActive || campaign.status === "closed") return "closed";
  if (invitation.reminderCount >= maxReminders) return "limit";
  return null;
}

/** One row of the owner's invitee list, as the page receives it. */
export type InviteeView = {
  id: string;
  email: string;
  status: InviteeStatus;
  statusLabel: string;
  reminderCount: number;
  maxReminders: number;
  canResend: boolean;
  /** Why the e-mail did not arrive or was refused (Mailgun's words), when it is known. */
  failureReason: string | null;
  /** A bounced address can be corrected and the invitation sent to the new one. */
  canCorrect: boolean;
};

export const RESEND_INTENT = "resend-invitation";

export const CORRECT_INTENT = "correct-invitation";
