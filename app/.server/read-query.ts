import { withoutControlCharacters } from "~/lib/form-text";
import { pageHref, parsePage } from "~/lib/pagination";

/**
 * THE way a loader or action reads its URL's query string: the parameters with every control
 * character removed from names and values (app/lib/form-text.ts), so that a `%00` typed into an
 * address bar or a link can never reach a query. Values are otherwise as sent (trim and bound
 * them where they are used).
 */
export function readQuery(request: Request): URLSearchParams {
  const raw = new URL(request.url).searchParams;
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
  return pageHref(new URL(request.url).pathname, query.toString(), parsePage(query.get("page")));
}
