import { systemErrors } from "#db/schema";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";

import { db } from "~/lib/db.server";
import { containsText } from "~/lib/sql-search.server";

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
    db.insert(systemErrors)
      .values({ errorType, errorMessage: message.slice(0, 2000), severity, workflow, details })
      .run();
  } catch (recordError) {
    console.error("Could not record system error", recordError);
  }
}

export type SystemError = typeof systemErrors.$inferSelect;

export const SYSTEM_ERROR_LIST_LIMIT = 200;

export type SystemErrorsQuery = {
  unresolvedOnly?: boolean;
  limit?: number;
  q?: string;
  severity?: Severity | "all";
  sort?: "newest" | "oldest" | "severity";
};

const severityRank = sql`case ${systemErrors.severity} when 'critical' then 0 when 'high' then 1 when 'medium' then 2 when 'low' then 3 else 4 end`;
const ERROR_ORDER = {
  newest: () => [desc(systemErrors.createdAt), desc(systemErrors.id)],
  oldest: () => [asc(systemErrors.createdAt), asc(systemErrors.id)],
  severity: () => [severityRank, desc(systemErrors.createdAt), desc(systemErrors.id)],
};

export function listSystemErrors({
  unresolvedOnly = false,
  limit = SYSTEM_ERROR_LIST_LIMIT,
  q = "",
  severity = "all",
  sort = "newest",
}: SystemErrorsQuery = {}) {
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
    .where(
      and(
        unresolvedOnly ? eq(systemErrors.isResolved, false) : undefined,
        severity === "all" ? undefined : eq(systemErrors.severity, severity),
        containsText(q, [systemErrors.errorType, systemErrors.errorMessage, systemErrors.workflow]),
      ),
    )
    .orderBy(...ERROR_ORDER[sort]())
    .limit(limit)
    .all();
}

export function countUnresolvedSystemErrors() {
  return db.select({ n: count() }).from(systemErrors).where(eq(systemErrors.isResolved, false)).get()?.n ?? 0;
}

export function resolveSystemError(id: string, now = new Date()) {
  return db
    .update(systemErrors)
    .set({ isResolved: true, resolvedAt: sql`coalesce(${systemErrors.resolvedAt}, ${now.getTime()})` })
    .where(eq(systemErrors.id, id))
    .returning()
    .get();
}
