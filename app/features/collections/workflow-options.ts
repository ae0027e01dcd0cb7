// Without Zod, so the manage page's dialog brings no schema code to the browser (decision 0183).
import { distributionModes, type DistributionMode } from "#db/enums";

export const REMINDER_MODES = ["manual", "weekly", "biweekly", "monthly"] as const;
export type ReminderMode = (typeof REMINDER_MODES)[number];
export const DISTRIBUTION_MODES = distributionModes;

export const REMINDER_MODE_LABELS: Record<ReminderMode, string> = {
  manual: "Manual",
  weekly: "Weekly",
  biweekly: "Biweekly",
  monthly: "Monthly",
};
export const DISTRIBUTION_MODE_LABELS: Record<DistributionMode, string> = {
  manual: "Manual",
  immediate: "Immediate",
  scheduled: "Scheduled",
  weekly: "Weekly",
  monthly: "Monthly",
  quarterly: "Quarterly",
  yearly: "Yearly",
};
export const DATED_DISTRIBUTION_MODES: readonly DistributionMode[] = [
  "scheduled",
  "weekly",
  "monthly",
  "quarterly",
  "yearly",
];

export const DAY_OF_MONTH = { min: 1, max: 31 } as const;
/** dayOfWeek 0-6, Sunday = 0. */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** monthOfYear 1-12 is MONTHS[monthOfYear - 1]. */
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
