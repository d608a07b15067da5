import { createHash } from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";
import { parseConfig } from "../app/.server/config";
import { contentFreshness, notifyContentChanged } from "../app/.server/content-changes";
import { logger } from "../app/.server/logger";
import { requestStorage } from "../app/.server/request-context";
import { sharedPageHeaders } from "../app/lib/page-cache";
import { HtmlCache, preparePageBody } from "./html-cache";
import { type AppHandler, createHttpServer } from "./http-server";
import { pageCacheEmptiedOnContentChange } from "./start";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** What the fake app answers; `shared` is the route's opt-in (the query parameters it reads), false for none. */
type Rendered = { status?: number; setCookie?: string; contentType?: string; shared?: string[] | false };

/** A server whose app renders a page with a nonce'd inline script, counting how often it renders. */
async function startServer(render: (request: Request) => Rendered = () => ({}), pageCache = new HtmlCache()) {
  const calls: Request[] = [];
  const handler: AppHandler = async (request, context) => {
    calls.push(request);
    const { status = 200, setCookie, contentType = "text/html; charset=utf-8", shared = [] } = render(request);
    const headers = new Headers({ "Content-Type": contentType, ...(shared ? sharedPageHeaders(shared) : {}) });
    if (setCookie) headers.append("Set-Cookie", setCookie);
    const html = `<!DOCTYPE html><html><head><meta name="request-id" content="${context.requestId}"/><script nonce="${context.nonce}">window.__ctx = {"path":"${new URL(request.url).pathname}"};</script></head><body><h1>Hello</h1><script type="module" nonce="${context.nonce}">import("/assets/entry.js");</script></body></html>`;
    return new Response(html, { status, headers });
  };
  const config = parseConfig({ DATA_DIR: "/tmp/onward-html-cache-test", SESSION_SECRET: "x".repeat(32), PORT: "3000" });
  const server = createHttpServer({
    config,
    database: { ping: async () => {} },
    staticFiles: new Map(),
    handler,
    logger,
    requestContext: requestStorage,
    countRateLimit: async () => {},
    pageCache,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, calls, pageCache };
}

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\ssrc=/.test(match[1] ?? ""))
    .map((match) => match[2] ?? "");
}

/** What a browser checks: every inline script's hash is allowed by script-src, and nothing else inline is. */
function expectCspAllowsExactlyTheInlineScripts(csp: string, html: string) {
  const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
  expect(scriptSrc).not.toContain("unsafe-inline");
  expect(scriptSrc).not.toContain("nonce-");
  const scripts = inlineScripts(html);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`);
  }
}

test("an anonymous visitor's second request is answered from the cache, with a hash-based CSP", async () => {
  const { url, calls } = await startServer();
  const first = await fetch(`${url}/countries`);
  const second = await fetch(`${url}/countries`);
  expect(calls).toHaveLength(1);
  for (const response of [first, second]) {
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, s-maxage=60, stale-while-revalidate=300");
    expect(response.headers.get("vary")).toContain("Cookie");
    const html = await response.text();
    expect(html).not.toContain("nonce=");
    expect(html).not.toContain('name="request-id"');
    expectCspAllowsExactlyTheInlineScripts(response.headers.get("content-security-policy") ?? "", html);
  }
  // Each response still has its own request id header.
  expect(first.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));
});

test("compressed variants are served from the cache and decode to the same page", async () => {
  const { url } = await startServer();
  const plain = await (await fetch(`${url}/`, { headers: { "Accept-Encoding": "identity" } })).text();
  const brotli = await fetch(`${url}/`, { headers: { "Accept-Encoding": "br" } });
  expect(brotli.headers.get("content-encoding")).toBe("br");
  expect(await brotli.text()).toBe(plain);
  const gzip = await fetch(`${url}/`, { headers: { "Accept-Encoding": "gzip" } });
  expect(gzip.headers.get("content-encoding")).toBe("gzip");
  expect(await gzip.text()).toBe(plain);
});

test("a request with one of our cookies is rendered fresh every time, with its own nonce", async () => {
  const { url, calls } = await startServer();
  await fetch(`${url}/countries`);
  for (const cookie of ["onward.session_token=abc", "theme=dark; onward.toast=xyz"]) {
    const response = await fetch(`${url}/countries`, { headers: { Cookie: cookie } });
    const html = await response.text();
    const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("cache-status")).toBe("onward; fwd=bypass; detail=personal");
  }
  expect(calls).toHaveLength(3);
  // A cookie that is not ours does not make the page personal.
  await fetch(`${url}/countries`, { headers: { Cookie: "_ga=GA1.1" } });
  expect(calls).toHaveLength(3);
});

test("responses that set a cookie, fail, or come from a route that did not opt in are never cached", async () => {
  const { url, calls, pageCache } = await startServer((request) => {
    const path = new URL(request.url).pathname;
    if (path === "/with-cookie") return { setCookie: "onward.toast=; Max-Age=0" };
    if (path === "/missing") return { status: 404 };
    // Any other path is a route without the opt-in: personal pages need no list to stay out.
    return { shared: false };
  });
  for (const path of ["/with-cookie", "/missing", "/a-new-personal-page", "/dashboard/messages", "/login", "/apply", "/dashboard.data"]) {
    await fetch(`${url}${path}`);
    const again = await fetch(`${url}${path}`);
    expect(again.headers.get("cache-control") ?? "", path).not.toContain("public");
    expect(again.headers.get("cache-status"), path).toBe("onward; fwd=miss");
    expect(again.headers.get("x-onward-shared-page"), path).toBeNull();
  }
  expect(calls).toHaveLength(14);
  expect(pageCache.size).toBe(0);
  // POSTs are never answered from the cache either.
  await fetch(`${url}/contact`);
  const posted = await fetch(`${url}/contact`, { method: "POST", body: new URLSearchParams({ name: "x" }) });
  expect(posted.headers.get("cache-status")).toBe("onward; fwd=method");
  expect(calls).toHaveLength(16);
});

test("a cached page expires after its time to live", async () => {
  let now = 1_000;
  const cache = new HtmlCache({ ttlMs: 60_000, maxEntries: 10, now: () => now });
  const { url, calls } = await startServer(undefined, cache);
  await fetch(`${url}/`);
  await fetch(`${url}/`);
  expect(calls).toHaveLength(1);
  now += 59_000;
  await fetch(`${url}/`);
  expect(calls).toHaveLength(1);
  now += 1_001;
  await fetch(`${url}/`);
  expect(calls).toHaveLength(2);
});

test("the process's page cache (server/start.ts) empties itself when staff change content, and is not used while it could not hear of a change", async () => {
  let usable = true;
  // The content changes' own freshness, but usable until said otherwise (tests run with caches off).
  const htmlCache = pageCacheEmptiedOnContentChange({ ...contentFreshness, check: () => usable });
  const { url, calls } = await startServer(undefined, htmlCache);
  await fetch(`${url}/skills`);
  await fetch(`${url}/skills`);
  expect(calls).toHaveLength(1);
  notifyContentChanged();
  expect(htmlCache.size).toBe(0);
  await fetch(`${url}/skills`);
  expect(calls).toHaveLength(2);
  // Redis gone: another instance's change would go unheard, so every visit is rendered.
  usable = false;
  const answer = await fetch(`${url}/skills`);
  expect(answer.headers.get("cache-status")).toBe("onward; fwd=bypass; detail=off");
  expect(calls).toHaveLength(3);
});

test("a page whose rendering began before the cache was emptied is sent but not kept (it may show what changed)", async () => {
  const cache = new HtmlCache();
  let changeWhileRendering = true;
  const { url, calls } = await startServer(() => {
    if (changeWhileRendering) cache.clear();
    changeWhileRendering = false;
    return {};
  }, cache);
  const first = await fetch(`${url}/contact`);
  expect(first.status).toBe(200);
  expect(first.headers.get("cache-status")).toBe("onward; fwd=miss");
  expect(cache.size).toBe(0);
  expect((await fetch(`${url}/contact`)).headers.get("cache-status")).toBe("onward; fwd=miss; stored");
  expect((await fetch(`${url}/contact`)).headers.get("cache-status")).toBe("onward; hit");
  expect(calls).toHaveLength(2);
});

test("preparing a page removes nonces and hashes every inline script, JSON-LD included", () => {
  const { html, scriptHashes } = preparePageBody(
    '<script nonce="abc">a()</script><script type="application/ld+json" nonce="abc">{"@type":"FAQPage"}</script><script src="/x.js" nonce="abc"></script>',
  );
  expect(html).toBe('<script>a()</script><script type="application/ld+json">{"@type":"FAQPage"}</script><script src="/x.js"></script>');
  expect(scriptHashes).toHaveLength(2);
});

test("a page's first answer is stored and later ones are hits, as Cache-Status says", async () => {
  const { url } = await startServer();
  expect((await fetch(`${url}/countries`)).headers.get("cache-status")).toBe("onward; fwd=miss; stored");
  expect((await fetch(`${url}/countries`)).headers.get("cache-status")).toBe("onward; hit");
});

test("1,000 distinct utm_source values make no new entries: only the parameters a page reads are in the key", async () => {
  const { url, calls, pageCache } = await startServer((request) =>
    new URL(request.url).pathname === "/contact" ? { shared: ["message"] } : { shared: [] },
  );
  await fetch(`${url}/countries/usa`);
  for (let index = 0; index < 1_000; index++) {
    const response = await fetch(`${url}/countries/usa?utm_source=${index}&fbclid=x${index}`);
    expect(response.headers.get("cache-status")).toBe("onward; hit");
    await response.arrayBuffer();
  }
  expect(calls).toHaveLength(1);
  expect(pageCache.size).toBe(1);

  // A parameter the page declared is part of the key; others beside it are not.
  await fetch(`${url}/contact?message=Hello`);
  await fetch(`${url}/contact?message=Hello&utm_medium=mail`);
  await fetch(`${url}/contact?message=Other`);
  expect(calls).toHaveLength(3);
  expect(pageCache.size).toBe(3);
});

test("the cache is bounded by entries and by bytes, dropping the least recently used first", async () => {
  const byEntries = new HtmlCache({ maxEntries: 3 });
  const { url } = await startServer(undefined, byEntries);
  for (const path of ["/a", "/b", "/c"]) await fetch(`${url}${path}`);
  await fetch(`${url}/a`); // /a is now the most recently used
  await fetch(`${url}/d`);
  expect(byEntries.size).toBe(3);
  expect((await fetch(`${url}/a`)).headers.get("cache-status")).toBe("onward; hit");
  expect((await fetch(`${url}/b`)).headers.get("cache-status")).toBe("onward; fwd=miss; stored");

  const page = await (await fetch(`${url}/a`, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer();
  const byBytes = new HtmlCache({ maxBytes: page.byteLength * 5 });
  const second = await startServer(undefined, byBytes);
  for (const path of ["/a", "/b", "/c", "/d", "/e"]) await fetch(`${second.url}${path}`);
  expect(byBytes.totalBytes).toBeLessThanOrEqual(page.byteLength * 5);
  expect(byBytes.size).toBeLessThan(5);
});

test("a page asked for again is re-compressed at the best level off the request path, and still decodes the same", async () => {
  const cache = new HtmlCache();
  const { url } = await startServer(() => ({ shared: [] }), cache);
  const plain = await (await fetch(`${url}/`, { headers: { "Accept-Encoding": "identity" } })).text();
  const fast = await fetch(`${url}/`, { headers: { "Accept-Encoding": "br" } });
  const fastLength = Number(fast.headers.get("content-length"));
  await fast.arrayBuffer();
  await cache.settled();
  const best = await fetch(`${url}/`, { headers: { "Accept-Encoding": "br" } });
  expect(Number(best.headers.get("content-length"))).toBeLessThanOrEqual(fastLength);
  expect(await best.text()).toBe(plain);
});
