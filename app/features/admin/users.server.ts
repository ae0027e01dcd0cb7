import { users } from "#db/schema";
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";

import { sendAccountInvitation } from "~/features/account/account.server";
import {
  extendedTrialEnd,
  newTrialEnd,
  podcastLimitFor,
  type SubscriptionStatus,
  type TrialExtensionDays,
  type UserRole,
} from "~/features/account/subscription-rules";
import type { UsersListParams } from "~/features/admin/list-params";
import type { CreateUserInput } from "~/features/admin/user-schemas";
import { db } from "~/lib/db.server";
import { containsText } from "~/lib/sql-search.server";
import { createUser, getUserByEmail, getUserById, type User } from "~/models/user.server";

export const ADMIN_USERS_PAGE_SIZE = 50;

export type AdminUsersQuery = Partial<Pick<UsersListParams, "q" | "filters" | "sort">>;

function usersWhere({ q = "", filters }: AdminUsersQuery) {
  const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
  return and(
    containsText(q, [users.email, fullName]),
    filters?.role && filters.role !== "all" ? eq(users.role, filters.role) : undefined,
    filters?.status && filters.status !== "all" ? eq(users.subscriptionStatus, filters.status) : undefined,
  );
}

const USER_ORDER: Record<UsersListParams["sort"], SQL[]> = {
  newest: [desc(users.createdAt), desc(users.id)],
  oldest: [asc(users.createdAt), asc(users.id)],
  name: [sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`, asc(users.email)],
  email: [asc(users.email)],
  "last-login": [sql`${users.lastLoginAt} is null`, desc(users.lastLoginAt), desc(users.createdAt)],
};

export function listUsersForAdmin({
  limit,
  offset = 0,
  ...query
}: { limit?: number; offset?: number } & AdminUsersQuery = {}) {
  const rows = db
    .select()
    .from(users)
    .where(usersWhere(query))
    .orderBy(...USER_ORDER[query.sort ?? "newest"]);
  return limit === undefined ? rows.all() : rows.limit(limit).offset(offset).all();
}

export function countUsersForAdmin(query: AdminUsersQuery = {}) {
  return db.select({ n: count() }).from(users).where(usersWhere(query)).get()?.n ?? 0;
}

export type AdminStats = { totalUsers: number; activeTrials: number; activeSubscriptions: number };

export function getAdminStats(now = new Date()): AdminStats {
  const row = db
    .select({
      totalUsers: sql<number>`count(*)`,
      activeTrials: sql<number>`coalesce(sum(case when ${users.subscriptionStatus} = 'trial' and (${users.trialExpiresAt} is null or ${users.trialExpiresAt} > ${now.getTime()}) then 1 else 0 end), 0)`,
      activeSubscriptions: sql<number>`coalesce(sum(case when ${users.subscriptionStatus} = 'active' then 1 else 0 end), 0)`,
    })
    .from(users)
    .get();
  return {
    totalUsers: row?.totalUsers ?? 0,
    activeTrials: row?.activeTrials ?? 0,
    activeSubscriptions: row?.activeSubscriptions ?? 0,
  };
}

export function getUserForAdmin(userId: string) {
  return getUserById(userId);
}

function update(userId: string, values: Partial<typeof users.$inferInsert>): User | undefined {
  return db.update(users).set(values).where(eq(users.id, userId)).returning().get();
}

export function updateUserRole(userId: string, role: UserRole) {
  return update(userId, { role });
}

export function updateUserSubscription(
  userId: string,
  status: SubscriptionStatus,
  podcastLimit?: number,
  now = new Date(),
) {
  return db.transaction((tx) => {
    const user = tx.select({ trialExpiresAt: users.trialExpiresAt }).from(users).where(eq(users.id, userId)).get();
    if (!user) return undefined;
    const trialExpiresAt = status === "trial" && !user.trialExpiresAt ? newTrialEnd(now) : user.trialExpiresAt;
    return tx
      .update(users)
      .set({ subscriptionStatus: status, podcastLimit: podcastLimit ?? podcastLimitFor(status), trialExpiresAt })
      .where(eq(users.id, userId))
      .returning()
      .get();
  });
}

export function setUserPodcastLimit(userId: string, podcastLimit: number) {
  return update(userId, { podcastLimit });
}

export function extendUserTrial(userId: string, days: TrialExtensionDays, now = new Date()) {
  return db.transaction((tx) => {
    const user = tx.select({ trialExpiresAt: users.trialExpiresAt }).from(users).where(eq(users.id, userId)).get();
    if (!user) return undefined;
    const trialExpiresAt = extendedTrialEnd(user.trialExpiresAt, days, now);
    return tx.update(users).set({ trialExpiresAt }).where(eq(users.id, userId)).returning().get();
  });
}

export type CreateUserResult = { ok: true; user: User; invited: boolean } | { ok: false; reason: "email-taken" };

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message);

export async function createUserAsAdmin(
  input: CreateUserInput,
  admin: Pick<User, "firstName" | "lastName" | "email">,
): Promise<CreateUserResult> {
  if (await getUserByEmail(input.email)) return { ok: false, reason: "email-taken" };
  let user: User;
  try {
    user = await createUser({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName || null,
      role: input.role,
      subscriptionStatus: input.subscriptionStatus,
      podcastLimit: input.podcastLimit,
      trialExpiresAt: input.subscriptionStatus === "trial" ? newTrialEnd() : null,
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "email-taken" };
    throw error;
  }
  if (input.sendInvite) {
    const invitedBy = [admin.firstName, admin.lastName].filter(Boolean).join(" ") || admin.email;
    await sendAccountInvitation(user, invitedBy);
  }
  return { ok: true, user, invited: input.sendInvite };
}
