import { count, desc, eq, sql } from "drizzle-orm";
import { systemErrors } from "#db/schema";
import { db } from "~/lib/db.server";

type Severity = "critical" | "high" | "medium" | "low";

/** Records an unexpected failure for the administrators; never throws itself. */
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

// ── the administrator's System Error Monitoring (spec part 3 §2, §4) ───────

export type SystemError = typeof systemErrors.$inferSelect;

export const SYSTEM_ERROR_LIST_LIMIT = 200;

/** The newest errors (all, or only the unresolved ones), without the stack details. */
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

/** The number of unresolved errors (the Unresolved tab's count). */
export function countUnresolvedSystemErrors() {
  return db.select({ n: count() }).from(systemErrors).where(eq(systemErrors.isResolved, false)).get()?.n ?? 0;
}

/** Marks an error resolved (once: resolving again keeps the first time); undefined when there is no such error. */
export function resolveSystemError(id: string, now = new Date()) {
  return db
    .update(systemErrors)
    .set({ isResolved: true, resolvedAt: sql`coalesce(${systemErrors.resolvedAt}, ${now.getTime()})` })
    .where(eq(systemErrors.id, id))
    .returning()
    .get();
}
