// The administrator's rules for roles, subscriptions and trials (spec 3, §4 and §9), in one place
// for the pages, the JSON calls and the tests. Pure: no database, no clock of its own.

export const USER_ROLES = ["trial", "user", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const SUBSCRIPTION_STATUSES = ["trial", "active", "inactive", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const TRIAL_EXTENSION_DAYS = [7, 30, 90] as const;
export type TrialExtensionDays = (typeof TRIAL_EXTENSION_DAYS)[number];

/** What a new account gets when the administrator does not say otherwise. */
export const NEW_USER_DEFAULTS = { role: "user", subscriptionStatus: "trial", podcastLimit: 3 } as const satisfies {
  role: UserRole;
  subscriptionStatus: SubscriptionStatus;
  podcastLimit: number;
};

/** Changing the subscription sets the podcast limit: 50 for active, 3 for trial, 0 otherwise. */
export function podcastLimitFor(status: SubscriptionStatus): number {
  if (status === "active") return 50;
  if (status === "trial") return 3;
  return 0;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A trial lasts this long from the day it starts (the spec leaves it open: decision 0116). */
export const TRIAL_DAYS = 30;

/** The end of a trial that starts now. */
export const newTrialEnd = (now = new Date()) => new Date(now.getTime() + TRIAL_DAYS * DAY_MS);

/**
 * The new trial end: the days are added to the current end while it is still ahead, and to now once
 * it has passed (or was never set), so an extension always gives at least that many days from today.
 */
export function extendedTrialEnd(current: Date | null | undefined, days: TrialExtensionDays, now = new Date()): Date {
  const from = current && current.getTime() > now.getTime() ? current : now;
  return new Date(from.getTime() + days * DAY_MS);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** 'Mar 4, 2027' in UTC, so the server's HTML and the hydrated page agree. */
export function formatShortDate(date: Date) {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** The trial badge: 'Expired' once trialExpiresAt has passed, otherwise 'Expires {date}'; null without an end. */
export function trialBadge(trialExpiresAt: Date | null | undefined, now = new Date()): { label: string; expired: boolean } | null {
  if (!trialExpiresAt) return null;
  if (trialExpiresAt.getTime() <= now.getTime()) return { label: "Expired", expired: true };
  return { label: `Expires ${formatShortDate(trialExpiresAt)}`, expired: false };
}

/** Last login, or 'Never' when the user has not signed in yet. */
export function lastLoginLabel(lastLoginAt: Date | null | undefined) {
  return lastLoginAt ? formatShortDate(lastLoginAt) : "Never";
}
