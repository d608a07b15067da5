// The in-repo pass of `npm run scan`: marker payloads in every query parameter and form field of every target,
// as each person who sees it; the raw HTML checked for a payload left unescaped (the server's CSP is a second
// layer, not the fix), reflecting answers and every crawled page read back in Chromium, where any call of
// `__xss`, any dialog, any CSP violation or any trip to evil.example is a finding; and every parameter set to
// off-site URLs, where a Location, a meta refresh or a client navigation off the site is an open redirect.
import type { Browser, BrowserContext } from "@playwright/test";
import type { Answer } from "../../tests/support/site-crawl";
import { randomAddress, type ScanTarget, type Site } from "./scan-targets";

export type WebFinding = { kind: string; where: string; param: string; detail: string };

/** A payload for one context, with how to tell from the raw HTML that it arrived unescaped. */
type Payload = { kind: string; value: string; unescaped: (html: string, withoutScripts: string) => boolean };

/** Payloads for one marker number: each calls `__xss(marker)` when it runs, in the context it is made for. */
export function payloadsFor(marker: number): Payload[] {
  const call = `__xss(${marker})`;
  const verbatim = (text: string) => (_html: string, withoutScripts: string) => withoutScripts.includes(text);
  return [
    // A script element anywhere, inside a script's data included, is one (a "</script>" there ends the script).
    { kind: "script element", value: `"><script>${call}</script>`, unescaped: (html) => html.includes(`<script>${call}</script>`) },
    { kind: "script breakout", value: `</script><script>${call}</script>`, unescaped: (html) => html.includes(`</script><script>${call}`) },
    { kind: "img onerror", value: `<img src=x onerror=${call}>`, unescaped: verbatim(`<img src=x onerror=${call}>`) },
    { kind: "svg onload", value: `<svg/onload=${call}>`, unescaped: verbatim(`<svg/onload=${call}>`) },
    { kind: "double-quoted attribute", value: `" autofocus onfocus="${call}" x="`, unescaped: verbatim(`" autofocus onfocus="${call}"`) },
    { kind: "single-quoted attribute", value: `' autofocus onfocus='${call}' x='`, unescaped: verbatim(`' autofocus onfocus='${call}'`) },
    {
      kind: "javascript: URL",
      value: `javascript:${call}`,
      unescaped: (_html, withoutScripts) =>
        new RegExp(`\\s(?:href|src|action|formaction|xlink:href)=["']?\\s*javascript:__xss\\(${marker}\\)`, "i").test(withoutScripts),
    },
  ];
}

/** Off-site values for every parameter: an open redirect sends the browser to one of them. */
export const offSiteValues = ["https://evil.example/", "//evil.example", "/\\evil.example", "https:evil.example"];

/** The page without the contents of its script elements (where text is data, judged by the script payloads). */
const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "<script></script>");

/** Whether a URL, read against the page it came from, leaves the site (another origin, or a scheme that is not http). */
export function leavesSite(location: string, from: string): boolean {
  try {
    const resolved = new URL(location.trim(), from);
    return resolved.origin !== new URL(from).origin;
  } catch {
    return false;
  }
}

/** A meta refresh's target in a page, if it has one. */
function metaRefresh(html: string): string | undefined {
  const tag = html.match(/<meta\b[^>]*http-equiv=["']?refresh["']?[^>]*>/i)?.[0];
  return tag?.match(/content=["']?[^"'>]*?url=([^"'>]+)/i)?.[1];
}

/** The request a target makes with one parameter replaced by `value`: its URL and fetch options. */
export function requestWith(site: Site, target: ScanTarget, name: string, value: string): { url: string; init: RequestInit } {
  const params = target.params.map(([key, original]) => [key, key === name ? value : original] as [string, string]);
  const headers: Record<string, string> = { Origin: site.url };
  if (target.method === "GET") return { url: `${site.url}${target.path}?${new URLSearchParams(params)}`, init: { headers } };
  const url = `${site.url}${target.path}${target.actionQuery}`;
  if (target.multipart) {
    const form = new FormData();
    for (const [key, field] of params) form.append(key, field);
    return { url, init: { method: "POST", body: form, headers } };
  }
  return { url, init: { method: "POST", body: new URLSearchParams(params), headers } };
}

/** Sends a request as `identity` from a fresh forwarded address, never following a redirect. */
async function send(site: Site, identity: string, url: string, init: RequestInit): Promise<Answer> {
  const headers = new Headers(init.headers);
  headers.set("X-Forwarded-For", randomAddress());
  if (site.cookies[identity]) headers.set("Cookie", site.cookies[identity]);
  const response = await fetch(url, { redirect: "manual", ...init, headers });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The answer's headers for serving its decoded body again (no content encoding or length of the bytes on the wire). */
const asServed = (headers: Headers) =>
  Object.fromEntries(
    [...headers.entries()].filter(([name]) => !["content-encoding", "content-length", "transfer-encoding"].includes(name)),
  );

const isHtml = (answer: Answer) => (answer.headers.get("Content-Type") ?? "").includes("text/html");

/** Runs `work` on every item, `width` at a time. */
async function inLanes<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < items.length; index = next++) await work(items[index] as T);
  };
  await Promise.all(Array.from({ length: width }, lane));
}

/** The browser side: one context per person (their cookie), every visit one page, findings recorded by marker. */
export class BrowserProbe {
  private contexts = new Map<string, BrowserContext>();
  visits = 0;
  constructor(
    private browser: Browser,
    private site: Site,
    private findings: WebFinding[],
  ) {}

  /** A context signed in as `identity`, recording `__xss` calls, dialogs, CSP violations and trips to evil.example. */
  private async contextOf(identity: string): Promise<BrowserContext> {
    const known = this.contexts.get(identity);
    if (known) return known;
    const context = await this.browser.newContext();
    const cookie = this.site.cookies[identity];
    if (cookie) {
      const [name = "", value = ""] = cookie.split(/=(.*)/s);
      await context.addCookies([{ name, value, url: this.site.url }]);
    }
    await context.route(/evil\.example/, (route) => route.abort());
    this.contexts.set(identity, context);
    return context;
  }

  /** Opens `url` as `identity` (serving `answer` as the document when given, so that a POST's answer is shown as it came) and records what ran. */
  async visit(identity: string, url: string, where: string, param: string, answer?: Answer) {
    const context = await this.contextOf(identity);
    const page = await context.newPage();
    this.visits += 1;
    const found = (kind: string, detail: string) => this.findings.push({ kind, where, param, detail });
    await page.exposeFunction("__xss", (marker: unknown) => found("script ran in Chromium", `__xss(${String(marker)})`));
    await page.exposeFunction("__cspViolation", (detail: unknown) => found("CSP blocked an injected script", String(detail)));
    await page.addInitScript(() => {
      // Only an inline script or handler refused is markup that got in; the client's own `eval` probe (zod) is not.
      document.addEventListener("securitypolicyviolation", (event) => {
        if (event.blockedURI !== "inline" || !event.effectiveDirective.startsWith("script-src")) return;
        (window as unknown as { __cspViolation: (detail: string) => void }).__cspViolation(
          `${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
        );
      });
    });
    page.on("dialog", (dialog) => {
      found("dialog opened", `${dialog.type()}: ${dialog.message()}`);
      dialog.dismiss().catch(() => {});
    });
    page.on("request", (request) => {
      if (/evil\.example/.test(new URL(request.url()).hostname)) found("open redirect (client navigation)", request.url());
    });
    if (answer) {
      await page.route(url, (route) => route.fulfill({ status: answer.status, headers: asServed(answer.headers), body: answer.body }));
    }
    try {
      await page.goto(url, { waitUntil: "load", timeout: 15_000 });
      // Hydration and effects run after load; a focus handler needs a moment too.
      await page.waitForTimeout(250);
    } catch (error) {
      if (!/ERR_ABORTED|ERR_FAILED|interrupted/.test(String(error)))
        found("page did not load in Chromium", String(error).split("\n")[0] ?? "");
    } finally {
      await page.close();
    }
  }

  async close() {
    for (const context of this.contexts.values()) await context.close();
  }
}

/** The figures and findings of the XSS and open-redirect pass. */
export type WebScan = { requests: number; visits: number; findings: WebFinding[] };

/**
 * Injects every payload and off-site value into every parameter of every target (as its person), checks each
 * answer's raw HTML, Location and meta refresh, shows each reflecting answer in Chromium, then reads back every
 * crawled page (stored XSS) as each person who may see it.
 */
export async function runWebScan(
  site: Site,
  targets: ScanTarget[],
  pages: Map<string, string[]>,
  browser: Browser,
  width = 3,
): Promise<WebScan> {
  const findings: WebFinding[] = [];
  const probe = new BrowserProbe(browser, site, findings);
  /** Every marker sent: its payload and where it went, to name the field a stored one came through. */
  const issued = new Map<number, { payload: Payload; where: string; param: string }>();
  let marker = 70_000;
  let requests = 0;
  const payloadKinds = payloadsFor(0).length;
  const shown = new Set<string>();
  const cases = targets.flatMap((target) => target.params.map(([name]) => ({ target, name })));
  await inLanes(cases, width, async ({ target, name }) => {
    const where = `${target.identity} ${target.method} ${target.path}${target.actionQuery}`;
    for (let kind = 0; kind < payloadKinds; kind += 1) {
      marker += 1;
      const own = marker;
      const payload = payloadsFor(own)[kind] as Payload;
      issued.set(own, { payload, where, param: name });
      const { url, init } = requestWith(site, target, name, payload.value);
      const answer = await send(site, target.identity, url, init);
      requests += 1;
      checkAnswer(answer, url, where, name, findings);
      if (isHtml(answer) && payload.unescaped(answer.body, withoutScripts(answer.body))) {
        findings.push({ kind: `reflected ${payload.kind} unescaped`, where, param: name, detail: payload.value });
      }
      // The browser sees a reflecting answer of the first payload once per form field or query parameter (the people who
      // see one form share its template; the raw check above covers each of them).
      const shape = `${target.method} ${target.path}${target.actionQuery} ${name}`;
      if (payload.kind === "script element" && isHtml(answer) && answer.body.includes(`__xss(${own})`) && !shown.has(shape)) {
        shown.add(shape);
        await probe.visit(target.identity, url, where, name, answer);
      }
    }
    for (const value of offSiteValues) {
      const { url, init } = requestWith(site, target, name, value);
      const answer = await send(site, target.identity, url, init);
      requests += 1;
      checkAnswer(answer, url, where, name, findings);
      if (target.method === "GET" && /redirect|return|next|callback|continue|dest|goto|url/i.test(name) && answer.status < 300) {
        await probe.visit(target.identity, url, where, name);
      }
    }
  });
  // Stored: every page as everyone it admitted, raw first, then in Chromium when a marker shows on it.
  const readBack = [...pages].flatMap(([page, identities]) => identities.map((identity) => ({ page, identity })));
  await inLanes(readBack, width, async ({ page, identity }) => {
    const url = `${site.url}${page}`;
    const answer = await send(site, identity, url, {});
    requests += 1;
    if (!isHtml(answer)) return;
    const stripped = withoutScripts(answer.body);
    const markers = new Set([...answer.body.matchAll(/__xss\((\d+)\)/g)].map(([, number]) => Number(number)));
    for (const number of markers) {
      const sent = issued.get(number);
      if (sent?.payload.unescaped(answer.body, stripped)) {
        findings.push({
          kind: `stored ${sent.payload.kind} unescaped`,
          where: `${identity} GET ${page}`,
          param: sent.param,
          detail: `${sent.payload.value} (sent by ${sent.where})`,
        });
      }
    }
    if (markers.size > 0) await probe.visit(identity, url, `${identity} GET ${page} (stored)`, "", answer);
  });
  await probe.close();
  return { requests, visits: probe.visits, findings };
}

/** The open-redirect checks every answer gets: its Location and a meta refresh must stay on the site. */
function checkAnswer(answer: Answer, url: string, where: string, param: string, findings: WebFinding[]) {
  const location = answer.headers.get("Location");
  if (location && leavesSite(location, url)) findings.push({ kind: "open redirect (Location)", where, param, detail: location });
  const refresh = isHtml(answer) ? metaRefresh(answer.body) : undefined;
  if (refresh && leavesSite(refresh, url)) findings.push({ kind: "open redirect (meta refresh)", where, param, detail: refresh });
}
