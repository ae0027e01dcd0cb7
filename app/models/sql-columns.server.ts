import { getTableName, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";

/** Drizzle leaves a single-table select's columns unqualified, and inside a correlated sub-query an
 * unqualified "id" would mean the sub-query's own table. */
export const qualified = (column: AnySQLiteColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
