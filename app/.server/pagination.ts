import { sql } from "drizzle-orm";
import type { Paginated } from "~/lib/pagination";

/**
 * The column a page query adds to its select (`{ ...columns, listTotal: listTotal() }`): how many
 * rows the whole list has, counted by the database in the same query (a window over the filtered
 * rows, before LIMIT), so a page costs one query instead of a count and a select.
 */
export function listTotal() {
  return sql<number>`cast(count(*) over () as integer)`.mapWith(Number);
}

type Counted<T> = T & { listTotal: number };

/**
 * Runs a list's page query and returns the one result shape. The list's size comes with the
 * page's rows (`listTotal`); only a page with no rows (an empty list, or a `?page=` past the end)
 * asks `count`, and past the end the last page is fetched instead, so a stale or hand-typed
 * `?page=` shows the end of the list rather than nothing.
 */
export async function paginate<T>(input: {
  page: number;
  pageSize: number;
  count: () => Promise<number>;
  rows: (range: { limit: number; offset: number }) => Promise<Counted<T>[]>;
}): Promise<Paginated<T>> {
  const { pageSize } = input;
  const asked = Number.isSafeInteger(input.page) && input.page > 0 ? input.page : 1;
  const rows = await input.rows({ limit: pageSize, offset: (asked - 1) * pageSize });
  const total = rows[0]?.listTotal ?? (asked === 1 ? 0 : await input.count());
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (rows.length > 0 || total === 0) return { items: withoutTotal(rows), page: rows.length > 0 ? asked : 1, pageCount, total, pageSize };
  const last = await input.rows({ limit: pageSize, offset: (pageCount - 1) * pageSize });
  return { items: withoutTotal(last), page: pageCount, pageCount, total: last[0]?.listTotal ?? total, pageSize };
}

function withoutTotal<T>(rows: Counted<T>[]): T[] {
  return rows.map(({ listTotal: _total, ...row }) => row as T);
}
