export const USER_ROLES = ["trial", "user", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const SUBSCRIPTION_STATUSES = ["trial", "active", "inactive", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const TRIAL_EXTENSION_DAYS = [7, 30, 90] as const;
export type TrialExtensionDays = (typeof TRIAL_EXTENSION_DAYS)[number];

export const NEW_USER_DEFAULTS = { role: "user", subscriptionStatus: "trial", podcastLimit: 3 } as const satisfies {
  role: UserRole;
  subscriptionStatus: SubscriptionStatus;
  podcastLimit: number;
};

export function podcastLimitFor(status: SubscriptionStatus): number {
  if (status === "active") return 50;
  if (status === "trial") return 3;
  return 0;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The spec leaves it open: decision 0116. */
export const TRIAL_DAYS = 30;

export const newTrialEnd = (now = new Date()) => new Date(now.getTime() + TRIAL_DAYS * DAY_MS);

export function extendedTrialEnd(current: Date | null | undefined, days: TrialExtensionDays, now = new Date()): Date {
  const from = current && current.getTime() > now.getTime() ? current : now;
  return new Date(from.getTime() + days * DAY_MS);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

export function formatShortDate(date: Date) {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

export function trialBadge(
  trialExpiresAt: Date | null | undefined,
  now = new Date(),
): { label: string; expired: boolean } | null {
  if (!trialExpiresAt) return null;
  if (trialExpiresAt.getTime() <= now.getTime()) return { label: "Expired", expired: true };
  return { label: `Expires ${formatShortDate(trialExpiresAt)}`, expired: false };
}

export function lastLoginLabel(lastLoginAt: Date | null | undefined) {
  return lastLoginAt ? formatShortDate(lastLoginAt) : "Never";
}
