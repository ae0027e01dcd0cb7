import { getTableName, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * A column written with its table name, for correlated sub-queries. Drizzle leaves the columns of a
 * single-table select unqualified, and an unqualified "id" inside `(select … from invitations where …)`
 * would mean the sub-query's own table.
 */
export const qualified = (column: AnySQLiteColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
