import { sessions, users } from "#db/schema";
import { and, eq, lt, ne, sql } from "drizzle-orm";

import { db, preparedPerConnection } from "~/lib/db.server";

export const SESSION_DURATION_MS = 30 * 24 * 60 * 60 * 1000;

export function createSession(userId: string, kind: "user" | "admin" = "user") {
  return db
    .insert(sessions)
    .values({ userId, kind, expiresAt: new Date(Date.now() + SESSION_DURATION_MS) })
    .returning()
    .get();
}

// Every page asks this, so the statement is built once per connection; a subquery, not a join (decision 0147).
const sessionUserQuery = preparedPerConnection((database) =>
  database
    .select()
    .from(users)
    .where(
      sql`${users.id} = (select ${sessions.userId} from ${sessions} where ${sessions.id} = ${sql.placeholder("id")} and ${sessions.kind} = ${sql.placeholder("kind")} and ${sessions.expiresAt} > ${sql.placeholder("now")})`,
    )
    .prepare(),
);

export function getSessionUser(sessionId: string, kind: "user" | "admin" = "user") {
  // A placeholder is bound raw (no column encoder): the timestamp column stores milliseconds.
  return sessionUserQuery().get({ id: sessionId, kind, now: Date.now() });
}

export function deleteSession(sessionId: string) {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

export function deleteUserSessions(userId: string, exceptSessionId?: string) {
  db.delete(sessions)
    .where(and(eq(sessions.userId, userId), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined))
    .run();
}

export function deleteExpiredSessions(now = new Date()) {
  return db.delete(sessions).where(lt(sessions.expiresAt, now)).run().changes;
}
