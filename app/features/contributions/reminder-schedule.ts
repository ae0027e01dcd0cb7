export type ReminderMode = "manual" | "weekly" | "biweekly" | "monthly";

export type ReminderSettings = { mode: ReminderMode; startDate: Date | null; maxReminders: number };
export type ReminderState = { status: string; sentAt: Date | null; reminderCount: number; lastReminderAt: Date | null };

export function addPeriod(mode: Exclude<ReminderMode, "manual">, from: Date): Date {
  if (mode === "weekly") return new Date(from.getTime() + 7 * 86_400_000);
  if (mode === "biweekly") return new Date(from.getTime() + 14 * 86_400_000);
  const next = new Date(from);
  const day = from.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export function nextReminderAt(settings: ReminderSettings, invitation: ReminderState): Date | null {
  if (settings.mode === "manual" || invitation.status !== "sent" || !invitation.sentAt) return null;
  if (invitation.reminderCount >= settings.maxReminders) return null;
  const last = invitation.lastReminderAt ?? invitation.sentAt;
  const due = addPeriod(settings.mode, last);
  return settings.startDate && settings.startDate > due ? settings.startDate : due;
}

export function isReminderDue(settings: ReminderSettings, invitation: ReminderState, at: Date) {
  const next = nextReminderAt(settings, invitation);
  return next !== null && next <= at;
}
