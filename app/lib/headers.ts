/**
 * React Router drops the headers an action or loader sets through `data(…, { headers })`
 * unless its route exports `headers`; Set-Cookie is the only one it forwards by itself.
 * Every route with a form exports this (`export { headers } from "~/lib/headers"`) so that
 * a refusal's `Retry-After` reaches the browser.
 */
const FORWARDED = ["Retry-After"] as const;

export type HeadersArgs = {
  loaderHeaders?: Headers;
  actionHeaders?: Headers;
  errorHeaders?: Headers | undefined;
  parentHeaders?: Headers;
};

/** The headers an answer keeps from its own action, loader or thrown error (plus the parent route's). */
export function forwardHeaders({ loaderHeaders, actionHeaders, errorHeaders, parentHeaders }: HeadersArgs): Headers {
  const headers = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    for (const name of FORWARDED) {
      const value = source?.get(name);
      if (value) headers.set(name, value);
    }
  }
  return headers;
}

export const headers = forwardHeaders;
