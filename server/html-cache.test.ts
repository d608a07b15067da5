import { createHash } from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";
import { parseConfig } from "../app/.server/config";
import { notifyContentChanged } from "../app/.server/content-changes";
import type { DatabaseHandle } from "../app/.server/db/client";
import { HtmlCache, htmlCache, preparePageBody } from "./html-cache";
import { type AppHandler, createHttpServer } from "./http-server";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  htmlCache.clear();
});

type Rendered = { status?: number; setCookie?: string; contentType?: string };

/** A server whose app renders a page with a nonce'd inline script, counting how often it renders. */
async function startServer(render: (request: Request) => Rendered = () => ({}), pageCache = new HtmlCache()) {
  const calls: Request[] = [];
  const handler: AppHandler = async (request, context) => {
    calls.push(request);
    const { status = 200, setCookie, contentType = "text/html; charset=utf-8" } = render(request);
    const headers = new Headers({ "Content-Type": contentType });
    if (setCookie) headers.append("Set-Cookie", setCookie);
    const html = `<!DOCTYPE html><html><head><meta name="request-id" content="${context.requestId}"/><script nonce="${context.nonce}">window.__ctx = {"path":"${new URL(request.url).pathname}"};</script></head><body><h1>Hello</h1><script type="module" nonce="${context.nonce}">import("/assets/entry.js");</script></body></html>`;
    return new Response(html, { status, headers });
  };
  const config = parseConfig({ DATA_DIR: "/tmp/onward-html-cache-test", SESSION_SECRET: "x".repeat(32), PORT: "3000" });
  const database = { ping: async () => {} } as unknown as DatabaseHandle;
  const server = createHttpServer({ config, database, staticFiles: new Map(), handler, pageCache });
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
    expect(response.headers.get("cache-control") ?? "").not.toContain("public");
  }
  expect(calls).toHaveLength(3);
  // A cookie that is not ours does not make the page personal.
  await fetch(`${url}/countries`, { headers: { Cookie: "_ga=GA1.1" } });
  expect(calls).toHaveLength(3);
});

test("responses that set a cookie, fail, or belong to private areas are never cached", async () => {
  const { url, calls, pageCache } = await startServer((request) => {
    const path = new URL(request.url).pathname;
    if (path === "/with-cookie") return { setCookie: "onward.toast=; Max-Age=0" };
    if (path === "/missing") return { status: 404 };
    return {};
  });
  for (const path of [
    "/with-cookie",
    "/missing",
    "/dashboard/messages",
    "/api/auth/session",
    "/apply",
    "/login",
    "/signup",
    "/networking",
    "/book-appointment",
    "/dashboard.data",
  ]) {
    await fetch(`${url}${path}`);
    const again = await fetch(`${url}${path}`);
    expect(again.headers.get("cache-control") ?? "", path).not.toContain("public");
  }
  expect(calls).toHaveLength(20);
  expect(pageCache.size).toBe(0);
  // POSTs are never answered from the cache either.
  await fetch(`${url}/contact`);
  await fetch(`${url}/contact`, { method: "POST", body: new URLSearchParams({ name: "x" }) });
  expect(calls).toHaveLength(22);
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

test("the process-wide cache empties itself when staff change content", async () => {
  const { url, calls } = await startServer(undefined, htmlCache);
  await fetch(`${url}/skills`);
  await fetch(`${url}/skills`);
  expect(calls).toHaveLength(1);
  notifyContentChanged();
  expect(htmlCache.size).toBe(0);
  await fetch(`${url}/skills`);
  expect(calls).toHaveLength(2);
});

test("preparing a page removes nonces and hashes every inline script, JSON-LD included", () => {
  const { html, scriptHashes } = preparePageBody(
    '<script nonce="abc">a()</script><script type="application/ld+json" nonce="abc">{"@type":"FAQPage"}</script><script src="/x.js" nonce="abc"></script>',
  );
  expect(html).toBe('<script>a()</script><script type="application/ld+json">{"@type":"FAQPage"}</script><script src="/x.js"></script>');
  expect(scriptHashes).toHaveLength(2);
});
