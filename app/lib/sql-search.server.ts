import { or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * A case-insensitive "contains" over any of the columns, for list searches. The text is matched
 * literally: `%`, `_` and `\` in it are escaped, so "100%" finds "100%" and not everything.
 */
export function containsText(text: string, columns: Array<SQLiteColumn | SQL>): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => sql`${column} like ${pattern} escape '\\'`));
}
