import { withoutControlCharacters } from "~/lib/form-text";
import { unlocalizedPath } from "~/lib/locale";
import { pageHref, parsePage } from "~/lib/pagination";

/**
 * THE way a loader or action reads its URL's query string: the parameters with every control
 * character removed from names and values (app/lib/form-text.ts), so that a `%00` typed into an
 * address bar or a link can never reach a query. Values are otherwise as sent (trim and bound
 * them where they are used).
 */
export function readQuery(request: Request): URLSearchParams {
  const raw = pageUrl(request).searchParams;
  const query = new URLSearchParams();
  for (const [name, value] of raw) query.append(withoutControlCharacters(name), withoutControlCharacters(value));
  return query;
}

/**
 * Where an action on a list sends the person back: the same list with the same search, filters
 * and page (the query cleaned as above; page 1 needs no `page`).
 */
export function listHref(request: Request): string {
  const query = readQuery(request);
  return pageHref(pageUrl(request).pathname, query.toString(), parsePage(query.get("page")));
}

/**
 * THE way a loader or action reads the address the person is on. React Router passes handlers the
 * HTTP request as it came (v8_passThroughRequests, ADR 028): a client-side navigation to `/contact`
 * asks for `/contact.data?_routes=…` (`/_.data` for `/`, `/a/_.data` for `/a/`), a post to an index
 * route carries `?index`. This is the address without them, as React Router works them out itself,
 * and, like the router's own paths, without the language prefix (/bn, ADR 037): a path made from it
 * and given to `redirect()` gets the page's prefix back from React Router.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith("/_.data")) url.pathname = url.pathname.slice(0, -"_.data".length);
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  url.pathname = unlocalizedPath(url.pathname);
  if (url.searchParams.has("_routes") || url.searchParams.has("index")) {
    // An `index` with a value is a parameter of the page's own; the bare one is React Router's.
    const index = url.searchParams.getAll("index").filter(Boolean);
    url.searchParams.delete("_routes");
    url.searchParams.delete("index");
    for (const value of index) url.searchParams.append("index", value);
  }
  return url;
}
