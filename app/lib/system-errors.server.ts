import { count, desc, eq, sql } from "drizzle-orm";
import { systemErrors } from "#db/schema";
import { db } from "~/lib/db.server";

type Severity = "critical" | "high" | "medium" | "low";

/** Never throws itself. */
export function recordSystemError({
  error,
  errorType,
  workflow,
  severity = "high",
}: {
  error: unknown;
  errorType: string;
  workflow?: string;
  severity?: Severity;
}) {
  try {
    const message = error instanceof Error ? error.message : String(error);
    const details = error instanceof Error ? error.stack : undefined;
    db.insert(systemErrors).values({ errorType, errorMessage: message.slice(0, 2000), severity, workflow, details }).run();
  } catch (recordError) {
    console.error("Could not record system error", recordError);
  }
}

export type SystemError = typeof systemErrors.$inferSelect;

export const SYSTEM_ERROR_LIST_LIMIT = 200;

export function listSystemErrors({ unresolvedOnly = false, limit = SYSTEM_ERROR_LIST_LIMIT }: { unresolvedOnly?: boolean; limit?: number } = {}) {
  return db
    .select({
      id: systemErrors.id,
      errorType: systemErrors.errorType,
      errorMessage: systemErrors.errorMessage,
      severity: systemErrors.severity,
      workflow: systemErrors.workflow,
      isResolved: systemErrors.isResolved,
      resolvedAt: systemErrors.resolvedAt,
      createdAt: systemErrors.createdAt,
    })
    .from(systemErrors)
    .where(unresolvedOnly ? eq(systemErrors.isResolved, false) : undefined)
    .orderBy(desc(systemErrors.createdAt), desc(systemErrors.id))
    .limit(limit)
    .all();
}

export function countUnresolvedSystemErrors() {
  return db.select({ n: count() }).from(systemErrors).where(eq(systemErrors.isResolved, false)).get()?.n ?? 0;
}

/** Resolving again keeps the first time. */
export function resolveSystemError(id: string, now = new Date()) {
  return db
    .update(systemErrors)
    .set({ isResolved: true, resolvedAt: sql`coalesce(${systemErrors.resolvedAt}, ${now.getTime()})` })
    .where(eq(systemErrors.id, id))
    .returning()
    .get();
}
