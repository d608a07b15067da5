import { forwardHeaders, type HeadersArgs } from "./headers";

/**
 * How a route says that its answer to a visitor without our cookies may be shared (server/html-cache.ts).
 * Nothing is cached unless its route opts in: a route's `headers` export is
 * `sharedPage([...the query parameters the page reads])`. Other parameters (utm_*, click ids,
 * anything unknown) are not part of the cache key, so they never make a new entry.
 */
export const SHARED_PAGE_HEADER = "X-Onward-Shared-Page";
export const SHARED_CACHE_CONTROL = "public, s-maxage=60, stale-while-revalidate=300";

/** The headers that opt a page into the shared cache, naming the query parameters it reads (none by default). */
export function sharedPageHeaders(queryParameters: readonly string[] = []): Record<string, string> {
  return { [SHARED_PAGE_HEADER]: queryParameters.join(",") || "-", "Cache-Control": SHARED_CACHE_CONTROL };
}

/**
 * A route `headers` export for a public page that reads the given query parameters (or none),
 * on top of the headers every form route forwards (a refusal's Retry-After). The server stores
 * only anonymous GET 200 answers and strips the opt-in header from everything else.
 */
export function sharedPage(queryParameters: readonly string[] = []) {
  const shared = sharedPageHeaders(queryParameters);
  return (args: HeadersArgs) => {
    const headers = forwardHeaders(args);
    for (const [name, value] of Object.entries(shared)) headers.set(name, value);
    return headers;
  };
}
