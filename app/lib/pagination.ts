/**
 * One way to page a list: `?page=` parsed the same everywhere, one result shape for every list,
 * and the links the pager draws. A page number past the end is answered with the last page.
 */

/** The highest page number anyone asks for; bigger (or absurd) numbers mean "the last page". */
export const MAX_PAGE = 1_000_000;

/** One page of a list, as every list function returns it. */
export type Paginated<T> = {
  items: T[];
  /** The page shown, from 1 (never past `pageCount`). */
  page: number;
  /** At least 1, also for an empty list. */
  pageCount: number;
  total: number;
  pageSize: number;
};

/**
 * The `?page=` value as a page number from 1: missing, non-numeric, zero or negative values are
 * page 1, fractions round down, and anything huge (`1e21`, twenty nines, `Infinity`) is capped at
 * MAX_PAGE, which the list then brings back to its last page.
 */
export function parsePage(value: string | null | undefined): number {
  if (value == null) return 1;
  const number = Number(value.trim());
  if (Number.isNaN(number) || number < 1) return 1;
  return Math.min(Math.floor(number), MAX_PAGE);
}

/** The page numbers a pager shows: the first, the last, and a window around the current one; null is a gap. */
export function pageWindow(page: number, pageCount: number, around = 1): (number | null)[] {
  const shown = new Set([1, pageCount]);
  for (let n = page - around; n <= page + around; n++) if (n >= 1 && n <= pageCount) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const [index, n] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) result.push(null);
    result.push(n);
  }
  return result;
}

/** The link to `page`, keeping every other query parameter (a search, a filter); page 1 has no `page`. */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
