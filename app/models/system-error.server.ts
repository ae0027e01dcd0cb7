import { systemErrors } from "#db/schema";
import { db } from "~/utils/db.server";

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
