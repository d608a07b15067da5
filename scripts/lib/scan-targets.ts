// What `npm run scan` attacks: every GET page with its query parameters (from links and GET forms) and every
// POST form with its fields, as each person who sees it, found by the crawl the fuzz tests use
// (tests/support/site-crawl.ts) plus the query strings of the links the pages show.
import { randomInt } from "node:crypto";
import { type Answer, crawlSite, type Identity, identities, unescapeHtml } from "../../tests/support/site-crawl";

/** One request shape to attack: who sends it, where, and the parameters (query for GET, body for POST) with a usable value each. */
export type ScanTarget = {
  identity: string;
  method: "GET" | "POST";
  path: string;
  /** The query string that stays on a POST's action (`?index`), empty otherwise. */
  actionQuery: string;
  params: [string, string][];
  multipart: boolean;
};

export type Site = {
  url: string;
  /** The session cookie per identity ("" for anonymous). */
  cookies: Record<string, string>;
  /** Identities in crawl order, anonymous first. */
  identities: string[];
};

/** A random public-looking IPv4 address, so that the rate limits (per address, behind TRUST_PROXY) never hide a finding. */
export function randomAddress(): string {
  return [randomInt(11, 223), randomInt(0, 256), randomInt(0, 256), randomInt(1, 255)].join(".");
}

/** Sends one request as `identity`, never following a redirect, from a fresh forwarded address. */
export async function sendAs(site: Site, identity: string, pathAndQuery: string, init: RequestInit = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  headers.set("X-Forwarded-For", randomAddress());
  if (site.cookies[identity]) headers.set("Cookie", site.cookies[identity]);
  const response = await fetch(`${site.url}${pathAndQuery}`, { redirect: "manual", ...init, headers });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** Signs in through the login form, as a person would: the session cookie it sets. */
export async function signInByForm(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url, "X-Forwarded-For": randomAddress() },
    body: new URLSearchParams({ email, password, intent: "password" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0] ?? "")
    .find((pair) => pair.includes("session_token="));
  if (!cookie) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  return cookie;
}

/**
 * Forms that would end the scan's own sessions or lock it out of its accounts: sign-out, account deletion, a role
 * change, and the profile's password and two-factor intents. Sign-up, password reset by token and the like stay in.
 */
const selfHarmingAction = /logout|sign-?out|delete-account|\/role$/i;
const selfHarmingIntent = /^(change-password|(enable|confirm|disable)-2fa|revoke-sessions?|delete-account|sign-?out)$/i;

/** Whether posting this form could lock the scan out of its own accounts. */
export function harmsScanner(action: string, fields: [string, string][]): boolean {
  return (
    selfHarmingAction.test(action.split("?")[0] ?? "") ||
    fields.some(([name, value]) => (name === "intent" && selfHarmingIntent.test(value)) || /^(current|new)Password$/i.test(name))
  );
}

/** The on-site links of a page that carry a query string: path and parameters. */
export function linksWithQuery(html: string, base: string): { path: string; params: [string, string][] }[] {
  return [...html.matchAll(/\shref="([^"#]*\?[^"#]*)"/g)].flatMap(([, href = ""]) => {
    const link = new URL(unescapeHtml(href), base);
    if (link.origin !== new URL(base).origin) return [];
    return [{ path: link.pathname, params: [...link.searchParams.entries()] }];
  });
}

/** Merges GET targets of one person and path into one with every parameter name seen (first value kept). */
function addGet(targets: Map<string, ScanTarget>, identity: string, path: string, params: [string, string][]) {
  const key = `${identity} ${path}`;
  const known = targets.get(key) ?? { identity, method: "GET", path, actionQuery: "", params: [], multipart: false };
  for (const [name, value] of params) if (!known.params.some(([seen]) => seen === name)) known.params.push([name, value]);
  targets.set(key, known);
}

/** Crawls the app as everyone (anonymous and each signed-in role) and returns every page and every target found. */
export async function collectAppTargets(site: Site): Promise<{ pages: Map<string, string[]>; targets: ScanTarget[] }> {
  const send = (pathAndQuery: string, identity: Identity, init?: RequestInit) => sendAs(site, identity, pathAndQuery, init);
  const crawl = await crawlSite(send);
  const gets = new Map<string, ScanTarget>();
  // The crawl keeps GET form names per path; pages answer everyone it admitted.
  for (const [path, admitted] of crawl.admitted) {
    const [pathname = path, query = ""] = path.split("?");
    for (const identity of admitted) {
      addGet(gets, identity, pathname, [...new URLSearchParams(query).entries()]);
      const formNames = [...(crawl.formQueryNames.get(pathname) ?? [])];
      addGet(
        gets,
        identity,
        pathname,
        formNames.map((name) => [name, "1"]),
      );
      // Links to pages the crawl found (and to this one): their query strings are parameters too.
      const page = await sendAs(site, identity, path);
      const links = linksWithQuery(page.body, site.url).filter((link) => link.path === pathname || crawl.admitted.has(link.path));
      for (const link of links) addGet(gets, identity, link.path, link.params);
    }
  }
  const posts: ScanTarget[] = crawl.postForms.flatMap((form) => {
    const [path = form.page, actionQuery = ""] = form.action.split("?");
    const params = form.fields.map(({ name, value }) => [name, value] as [string, string]);
    if (harmsScanner(form.action, params)) return [];
    return [
      {
        identity: form.identity,
        method: "POST",
        path,
        actionQuery: actionQuery ? `?${actionQuery}` : "",
        params,
        multipart: form.multipart,
      },
    ];
  });
  return { pages: crawl.admitted, targets: [...gets.values(), ...posts] };
}

export { identities };
