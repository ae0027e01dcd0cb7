import { activities, passwords, users } from "#db/schema";
import { eq, sql } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "~/lib/password.server";

export type User = typeof users.$inferSelect;

export function publicUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    subscriptionStatus: user.subscriptionStatus,
    trialExpiresAt: user.trialExpiresAt,
    podcastLimit: user.podcastLimit,
    podcastsGenerated: user.podcastsGenerated,
    createdAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
  };
}
export type PublicUser = ReturnType<typeof publicUser>;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function getUserById(id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export function getUserByEmail(email: string) {
  return db.query.users.findFirst({ where: eq(users.email, normalizeEmail(email)) });
}

export type NewUser = Omit<typeof users.$inferInsert, "id" | "email"> & { email: string; password?: string };

export async function createUser({ password, ...fields }: NewUser) {
  return insertUser(fields, password ? await hashPassword(password) : undefined);
}

export function insertUser(fields: Omit<NewUser, "password"> & { id?: string }, hash?: string) {
  return db.transaction((tx) => {
    const user = tx
      .insert(users)
      .values({ ...fields, email: normalizeEmail(fields.email) })
      .returning()
      .get();
    if (hash) tx.insert(passwords).values({ userId: user.id, hash }).run();
    const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
    tx.insert(activities)
      .values({ type: "user_registered", userId: user.id, details: `${name} joined` })
      .run();
    return user;
  });
}

export async function setPassword(userId: string, password: string) {
  const hash = await hashPassword(password);
  db.insert(passwords)
    .values({ userId, hash })
    .onConflictDoUpdate({ target: passwords.userId, set: { hash, updatedAt: new Date() } })
    .run();
}

export async function verifyLogin(email: string, password: string) {
  const row = db
    .select({ user: users, hash: passwords.hash })
    .from(users)
    .innerJoin(passwords, eq(passwords.userId, users.id))
    .where(eq(users.email, normalizeEmail(email)))
    .get();
  // An unknown e-mail costs a hash too, so timing does not reveal who has an account.
  if (!row) return verifyAgainstDummy(password).then(() => null);
  if (!(await verifyPassword(password, row.hash))) return null;
  // Hashes from before a cost raise are upgraded the next time the password is at hand.
  if (needsRehash(row.hash)) await setPassword(row.user.id, password);
  return row.user;
}

export async function checkPassword(userId: string, password: string) {
  const row = db.select({ hash: passwords.hash }).from(passwords).where(eq(passwords.userId, userId)).get();
  return row ? verifyPassword(password, row.hash) : false;
}

export function recordLogin(userId: string) {
  db.update(users)
    .set({ lastLoginAt: sql`(unixepoch('subsec') * 1000)` })
    .where(eq(users.id, userId))
    .run();
}
