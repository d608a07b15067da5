import type { Paginated } from "~/lib/pagination";

/**
 * Runs a list's count and page queries and returns the one result shape. The two queries run
 * together; when the asked-for page is past the end, the last page is fetched instead, so a
 * stale or hand-typed `?page=` shows the end of the list rather than nothing.
 */
export async function paginate<T>(input: {
  page: number;
  pageSize: number;
  count: () => Promise<number>;
  rows: (range: { limit: number; offset: number }) => Promise<T[]>;
}): Promise<Paginated<T>> {
  const { pageSize } = input;
  const asked = Number.isSafeInteger(input.page) && input.page > 0 ? input.page : 1;
  const [total, items] = await Promise.all([input.count(), input.rows({ limit: pageSize, offset: (asked - 1) * pageSize })]);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (asked <= pageCount) return { items, page: asked, pageCount, total, pageSize };
  const last = total === 0 ? [] : await input.rows({ limit: pageSize, offset: (pageCount - 1) * pageSize });
  return { items: last, page: pageCount, pageCount, total, pageSize };
}
