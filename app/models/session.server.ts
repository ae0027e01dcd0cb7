import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { sessions, users } from "#db/schema";
import { db, getDb, type DB } from "~/lib/db.server";

export const SESSION_DURATION_MS = 30 * 24 * 60 * 60 * 1000;

export function createSession(userId: string, kind: "user" | "admin" = "user") {
  return db
    .insert(sessions)
    .values({ userId, kind, expiresAt: new Date(Date.now() + SESSION_DURATION_MS) })
    .returning()
    .get();
}

// Every page asks this, so the statement is built once per connection rather than per request.
const prepared = new WeakMap<DB, ReturnType<typeof prepareSessionUser>>();
function prepareSessionUser(database: DB) {
  return database
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("id")), eq(sessions.kind, sql.placeholder("kind")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare();
}

/** The signed-in user behind a session id, or undefined when the session is gone or expired. */
export function getSessionUser(sessionId: string, kind: "user" | "admin" = "user") {
  const database = getDb();
  let query = prepared.get(database);
  if (!query) prepared.set(database, (query = prepareSessionUser(database)));
  // A placeholder is bound raw (no column encoder): the timestamp column stores milliseconds.
  return query.get({ id: sessionId, kind, now: Date.now() })?.user;
}

export function deleteSession(sessionId: string) {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

/** Revokes every session of a user, except (optionally) the one in use. */
export function deleteUserSessions(userId: string, exceptSessionId?: string) {
  db.delete(sessions)
    .where(and(eq(sessions.userId, userId), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined))
    .run();
}

export function deleteExpiredSessions(now = new Date()) {
  return db.delete(sessions).where(lt(sessions.expiresAt, now)).run().changes;
}
