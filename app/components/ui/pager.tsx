import { useLocation } from "react-router";
import { pageHref, pageWindow } from "~/lib/pagination";

const item = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm font-semibold";
const link = `${item} border border-slate-300 text-brand-800 hover:bg-brand-50`;

/**
 * Previous, numbered pages and next, as plain links that keep the page's other query
 * parameters (a search, a filter), so paging works without JavaScript. Nothing for one page.
 */
export function Pager({ page, pageCount }: { page: number; pageCount: number }) {
  const { pathname, search } = useLocation();
  if (pageCount <= 1) return null;
  const href = (n: number) => pageHref(pathname, search, n);
  return (
    <nav aria-label="Pagination" className="mt-6">
      <p className="mb-2 text-sm text-slate-700">{`Page ${page} of ${pageCount}`}</p>
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          {page > 1 ? (
            <a href={href(page - 1)} rel="prev" className={link}>
              Previous
            </a>
          ) : (
            <span aria-disabled="true" className={`${item} border border-slate-200 text-slate-400`}>
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((n, index) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <a href={href(n)} aria-current="page" aria-label={`Page ${n}`} className={`${item} bg-brand-700 text-white`}>
                  {n}
                </a>
              ) : (
                <a href={href(n)} aria-label={`Page ${n}`} className={link}>
                  {n}
                </a>
              )}
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <a href={href(page + 1)} rel="next" className={link}>
              Next
            </a>
          ) : (
            <span aria-disabled="true" className={`${item} border border-slate-200 text-slate-400`}>
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
