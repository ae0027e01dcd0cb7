// Labels computed on the server in UTC, so the HTML and the hydrated page agree.
import { formatShortDate, lastLoginLabel, trialBadge } from "~/features/account/subscription-rules";
import type { User } from "~/models/user.server";

export function toAdminUserRow(user: User, now = new Date()) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return {
    id: user.id,
    name: name || user.email,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    subscriptionStatus: user.subscriptionStatus,
    podcastsGenerated: user.podcastsGenerated,
    podcastLimit: user.podcastLimit,
    trial: trialBadge(user.trialExpiresAt, now),
    lastLogin: lastLoginLabel(user.lastLoginAt),
    joined: formatShortDate(user.createdAt),
  };
}

export type AdminUserRow = ReturnType<typeof toAdminUserRow>;
