import { type Column, getTableName, type SQL, sql } from "drizzle-orm";

/**
 * A column written with its table's name ("consultants"."id"). Drizzle leaves the table name off
 * in a query over one table, and inside a correlated subquery an unqualified "id" means the
 * subquery's own table: the outer query's columns must be named in full.
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
