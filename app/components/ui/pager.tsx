import { useLocation } from "react-router";
import { localizedPath } from "~/lib/locale";
import { formatDigits } from "~/lib/numbers";
import { pageHref, pageWindow } from "~/lib/pagination";
import { m } from "~/paraglide/messages";

const item = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm font-semibold";
const link = `${item} border border-slate-300 text-brand-800 hover:bg-brand-50`;

/**
 * Previous, numbered pages and next, as plain links that keep the page's other query
 * parameters (a search, a filter), so paging works without JavaScript. Nothing for one page.
 */
export function Pager({ page, pageCount }: { page: number; pageCount: number }) {
  const { pathname, search } = useLocation();
  if (pageCount <= 1) return null;
  // The location is the router's, without the language prefix; a plain link needs it back.
  const href = (n: number) => localizedPath(pageHref(pathname, search, n));
  return (
    <nav aria-label={m.forms_pager_label()} className="mt-6">
      <p className="mb-2 text-sm text-slate-700">
        {m.forms_pager_status({ page: formatDigits(page), pageCount: formatDigits(pageCount) })}
      </p>
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          {page > 1 ? (
            <a href={href(page - 1)} rel="prev" className={link}>
              {m.forms_pager_previous()}
            </a>
          ) : (
            <span aria-disabled="true" className={`${item} border border-slate-200 text-slate-400`}>
              {m.forms_pager_previous()}
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
                <a
                  href={href(n)}
                  aria-current="page"
                  aria-label={m.forms_pager_page({ page: formatDigits(n) })}
                  className={`${item} bg-brand-700 text-white`}
                >
                  {formatDigits(n)}
                </a>
              ) : (
                <a href={href(n)} aria-label={m.forms_pager_page({ page: formatDigits(n) })} className={link}>
                  {formatDigits(n)}
                </a>
              )}
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <a href={href(page + 1)} rel="next" className={link}>
              {m.forms_pager_next()}
            </a>
          ) : (
            <span aria-disabled="true" className={`${item} border border-slate-200 text-slate-400`}>
              {m.forms_pager_next()}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
