export const INVITEE_STATUSES = [
  "not_sent",
  "invited",
  "reminded",
  "answered",
  "not_delivered",
  "unsubscribed",
] as const;
export type InviteeStatus = (typeof INVITEE_STATUSES)[number];

type InvitationState = {
  status: "pending" | "sent" | "failed" | "answered" | "unsubscribed";
  reminderCount: number;
  deliveryStatus: string | null;
};

export function inviteeStatus({ status, reminderCount, deliveryStatus }: InvitationState): InviteeStatus {
  if (status === "answered" || status === "unsubscribed") return status;
  if (status === "pending") return "not_sent";
  if (status === "failed" || deliveryStatus === "failed") return "not_delivered";
  return reminderCount > 0 ? "reminded" : "invited";
}

export type ResendRefusal = "not_sent" | "answered" | "unsubscribed" | "failed" | "closed" | "limit";

// A resend counts against the reminder cap like the automatic ones, so a relative never gets more e-mails than the owner allowed.
export function resendRefusal(
  invitation: Pick<InvitationState, "status" | "reminderCount">,
  campaign: { status: string; isActive: boolean },
  maxReminders: number,
): ResendRefusal | null {
  if (invitation.status === "answered" || invitation.status === "unsubscribed") return invitation.status;
  if (invitation.status === "failed") return "failed";
  if (invitation.status !== "sent") return "not_sent";
  if (!campaign.isActive || campaign.status === "closed") return "closed";
  if (invitation.reminderCount >= maxReminders) return "limit";
  return null;
}

export type InviteeView = {
  id: string;
  email: string;
  status: InviteeStatus;
  statusLabel: string;
  reminderCount: number;
  maxReminders: number;
  canResend: boolean;
  failureReason: string | null;
  canCorrect: boolean;
};

export const RESEND_INTENT = "resend-invitation";

export const CORRECT_INTENT = "correct-invitation";
