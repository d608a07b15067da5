import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setSiteSetting } from "~/.server/settings/site-settings";
import { specNavigationLinks } from "../support/navigation";
import { freePort, type ServerProcess, spawnServer, startServer } from "../support/server-process";
import { onServerDatabase } from "../support/server-users";
import { createTcpProxy } from "../support/tcp-proxy";
import { createServerEnvironment, databaseKind } from "../support/test-database";

describe("the production server", () => {
  let server: ServerProcess;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ env, cleanup } = await createServerEnvironment());
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  test("answers /healthz and /readyz", async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  test("renders the home page with security headers, a request id and plain navigation links", async () => {
    // One of our cookies makes the request personal: rendered fresh, with a nonce. (Anonymous
    // requests are answered from the page cache with a hash-based CSP: server/html-cache.test.ts.)
    const response = await fetch(`${server.url}/`, { headers: { cookie: "onward.session_token=signed-out" } });
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
    const html = await response.text();
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(html).toContain(`nonce="${nonce}"`);
    for (const href of specNavigationLinks) expect(html).toContain(`href="${href}"`);
  });

  test("compresses pages and serves hashed assets with a year of caching", async () => {
    const page = await fetch(`${server.url}/`, { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const html = await page.text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-security-policy")).toBeTruthy();
  });

  test("answers unknown paths with the 404 page and a link home", async () => {
    const response = await fetch(`${server.url}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("<title>Page not found | Onward</title>");
    expect(html).toContain('href="/"');
    expect(response.headers.get("content-security-policy")).toBeTruthy();
  });

  test("keeps data across a restart and stops promptly on SIGTERM", async () => {
    // Stop the server first: the embedded database has one owner at a time.
    expect(await server.stop()).toBe(0);
    await onServerDatabase(env, () => setSiteSetting("contactEmail", "restart-check@onward.test"));

    server = await startServer(env);
    expect(await (await fetch(`${server.url}/`)).text()).toContain("restart-check@onward.test");

    const started = Date.now();
    expect(await server.stop()).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(existsSync(path.join(env.DATA_DIR ?? "", "db.lock"))).toBe(false);

    server = await startServer(env);
    expect(await (await fetch(`${server.url}/`)).text()).toContain("restart-check@onward.test");
  });

  test.runIf(databaseKind() === "pglite")("refuses a second server on the same embedded database", async () => {
    const second = spawnServer({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/embedded database in .* is in use by process \d+/);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});

describe("start-up failures", () => {
  test("a bad PORT stops start-up with one line naming it", async () => {
    const started = Date.now();
    const process = spawnServer({ PORT: "abc" });
    expect(await process.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(process.output().trim()).toBe("onward: Invalid environment variable PORT: expected a port number from 1 to 65535");
  });

  test("a busy port stops start-up with one line naming it, and releases the embedded database", async () => {
    const { env, cleanup } = await createServerEnvironment();
    const port = await freePort();
    const occupant = net.createServer();
    await new Promise<void>((resolve) => occupant.listen(port, "127.0.0.1", () => resolve()));
    try {
      const process = spawnServer({ ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" });
      expect(await process.exited).not.toBe(0);
      expect(process.output().trim()).toBe(`onward: Port ${port} is already in use on 127.0.0.1; set PORT to another port.`);
      expect(existsSync(path.join(env.DATA_DIR ?? "", "db.lock"))).toBe(false);
    } finally {
      await new Promise((resolve) => occupant.close(resolve));
    }
    // The same DATA_DIR starts on a free port: nothing was left holding it.
    const server = await startServer(env);
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
      await cleanup();
    }
  });

  test("a database that is down stops start-up with one line", async () => {
    const process = spawnServer({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/onward", SESSION_SECRET: "s".repeat(32) });
    expect(await process.exited).toBe(1);
    expect(process.output().trim().split("\n")).toHaveLength(1);
    expect(process.output()).toContain("Cannot connect to the database at postgres://postgres@127.0.0.1:1/onward");
  });
});

describe.runIf(databaseKind() === "postgres")("a database that goes away while serving", () => {
  test("readiness turns 503, pages and the API answer 503 with Retry-After and say why, with a request id, and all recover", async () => {
    const { env, cleanup } = await createServerEnvironment();
    const target = new URL(env.DATABASE_URL ?? "");
    const proxy = await createTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    target.host = `127.0.0.1:${proxy.port}`;
    const server = await startServer({ ...env, DATABASE_URL: target.toString() });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      await proxy.cut();

      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(503);
      expect(page.headers.get("Retry-After")).toBe("10");
      const html = await page.text();
      expect(html).toContain("We cannot reach our database right now. Please try again in a minute.");
      const requestId = page.headers.get("x-request-id") ?? "";
      expect(html).toContain(requestId);
      expect(html).not.toMatch(/at \w+ \(.*:\d+:\d+\)/);
      await expect.poll(() => server.output()).toContain(`"requestId":"${requestId}"`);
      expect(server.output()).toMatch(/"stack":"/);
      const api = await fetch(`${server.url}/api/v1/universities`);
      expect(api.status).toBe(503);
      expect(api.headers.get("Retry-After")).toBe("10");
      expect(await api.json()).toMatchObject({
        status: "Error",
        error: { code: "UNAVAILABLE", message: expect.stringContaining("database") },
      });

      await proxy.restore();
      await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 10_000 }).toBe(200);
      expect((await fetch(`${server.url}/`)).status).toBe(200);
    } finally {
      await server.stop();
      await proxy.close();
      await cleanup();
    }
  });
});
