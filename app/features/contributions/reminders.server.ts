// The outbox row and the count move together in one transaction (decision 0008).
import { recordReminder, remindableInvitations } from "~/models/invitation.server";
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { deliverEmails } from "~/lib/email/send.server";
import { isReminderDue, type ReminderMode } from "~/features/contributions/reminder-schedule";
import { queueStoryRequest } from "./invitations.server";

export async function sendDueReminders({ limit = 5000 } = {}) {
  const at = now();
  const candidates = remindableInvitations(limit).filter((row) =>
    isReminderDue(
      { mode: row.mode as ReminderMode, startDate: row.startDate === null ? null : new Date(row.startDate), maxReminders: row.maxReminders },
      row.invitation,
      at,
    ),
  );
  const queued = db.transaction(() =>
    candidates.flatMap(({ invitation, campaign, owner }) => {
      if (!recordReminder(invitation.id, invitation.reminderCount, at)) return [];
      return [queueStoryRequest("campaign_reminder", { invitation, campaign, owner }, `reminder:${invitation.id}:${invitation.reminderCount + 1}`)];
    }),
  );
  await deliverEmails(queued);
  return queued.length;
}
