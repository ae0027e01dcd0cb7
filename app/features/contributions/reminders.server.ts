// The outbox row and the count move together in one transaction (decision 0008).
import { isReminderDue, type ReminderMode } from "~/features/contributions/reminder-schedule";
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { deliverEmails } from "~/lib/email/send.server";
import { collectionMailBlock } from "~/models/collection-mail-recipient.server";
import { markInvitationBlocked } from "~/models/delivery-problem.server";
import { recordReminder, remindableInvitations } from "~/models/invitation.server";

import { queueStoryRequest } from "./invitations.server";

export async function sendDueReminders({ limit = 5000 } = {}) {
  const at = now();
  const candidates = remindableInvitations(limit).filter((row) =>
    isReminderDue(
      {
        mode: row.mode as ReminderMode,
        startDate: row.startDate === null ? null : new Date(row.startDate),
        maxReminders: row.maxReminders,
      },
      row.invitation,
      at,
    ),
  );
  const queued = db.transaction(() =>
    candidates.flatMap(({ invitation, campaign, owner }) => {
      const problem = collectionMailBlock(owner.id, campaign.id, invitation.email);
      if (problem) {
        markInvitationBlocked(invitation.id, problem.kind, problem.reason);
        return [];
      }
      if (!recordReminder(invitation.id, invitation.reminderCount, at)) return [];
      const mail = queueStoryRequest(
        "campaign_reminder",
        { invitation, campaign, owner },
        `reminder:${invitation.id}:${invitation.reminderCount + 1}`,
      );
      return mail ? [mail] : [];
    }),
  );
  await deliverEmails(queued);
  return queued.length;
}
