import type http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { afterEach, expect, test } from "vitest";
import { parseConfig } from "../app/.server/config";
import { logger } from "../app/.server/logger";
import { requestStorage } from "../app/.server/request-context";
import { sharedPageHeaders } from "../app/lib/page-cache";
import { HtmlCache } from "./html-cache";
import { type AppHandler, createHttpServer } from "./http-server";
import { createMetrics, type MetricsSources } from "./metrics";
import { routeIdsFrom } from "./route-ids";
import type { StaticFile } from "./static-files";

const TOKEN = "a-metrics-token-for-tests";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

/** Three routes under the root, and no catch-all, so that some address leads nowhere. */
const routes = {
  root: { id: "root", path: "", module: {} },
  "routes/home": { id: "routes/home", parentId: "root", index: true, module: {} },
  "routes/university": { id: "routes/university", parentId: "root", path: "university/:id", module: {} },
} as unknown as ServerBuild["routes"];

const staticFiles = new Map<string, StaticFile>([
  ["/favicon.ico", { body: Buffer.from("icon"), contentType: "image/x-icon", cacheControl: "public, max-age=3600", etag: '"4-1"' }],
]);

/** The home page may be shared (the page cache keeps it); a university's page is rendered each time; anything else is a 404. */
const app: AppHandler = async (request) => {
  const { pathname } = new URL(request.url);
  if (pathname === "/") return new Response("<p>home</p>", { headers: { "Content-Type": "text/html", ...sharedPageHeaders() } });
  if (pathname.startsWith("/university/")) return new Response("<p>a university</p>", { headers: { "Content-Type": "text/html" } });
  return new Response("There is no such page.", { status: 404 });
};

const workingSources: MetricsSources = {
  outbox: async () => ({ pending: 3, oldestPendingSeconds: 42.5 }),
  poolUse: () => ({ total: 4, idle: 3, waiting: 0 }),
  jobRuns: () => [
    { job: "booking_reminders", lastRunAt: 1_700_000_000_000, lagSeconds: 0 },
    { job: "deadline_reminders", lastRunAt: undefined, lagSeconds: 12 },
  ],
};

/** The production HTTP server around the stand-in app, with its page cache and the metrics METRICS_TOKEN (if any) turns on. */
async function startServer(env: Record<string, string>, sources: MetricsSources = workingSources) {
  const config = parseConfig({ DATA_DIR: "/tmp/onward-metrics-test", SESSION_SECRET: "x".repeat(32), PORT: "3000", ...env });
  const metrics = createMetrics({
    token: config.metricsToken,
    routeIdOf: routeIdsFrom(routes),
    isStaticFile: (pathname) => staticFiles.has(pathname),
    sources,
    logger,
  });
  const server = createHttpServer({
    config,
    database: { ping: async () => {} },
    staticFiles,
    handler: app,
    logger,
    requestContext: requestStorage,
    countRateLimit: async () => {},
    pageCache: new HtmlCache(),
    metrics,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers }),
    /** The metrics text, asked with the token. */
    async scrape() {
      const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      return response.text();
    },
  };
}

/** A sample's value from the metrics text (`name{labels} value`), or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test("without METRICS_TOKEN nothing is counted and /metrics is the app's 404, token or not", async () => {
  expect(
    createMetrics({ token: undefined, routeIdOf: () => undefined, isStaticFile: () => false, sources: workingSources, logger }),
  ).toBeUndefined();
  const server = await startServer({});
  const response = await server.get("/metrics", { Authorization: `Bearer ${TOKEN}` });
  expect(response.status).toBe(404);
  expect(await response.text()).toBe("There is no such page.");
});

test("without the token, or with a wrong one, /metrics answers 401 asking for a bearer token", async () => {
  const server = await startServer({ METRICS_TOKEN: TOKEN });
  for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, "Bearer ", `Basic ${TOKEN}`, TOKEN]) {
    const response = await server.get("/metrics", authorization === undefined ? {} : { Authorization: authorization });
    expect([authorization, response.status]).toEqual([authorization, 401]);
    expect(response.headers.get("www-authenticate")).toBe("Bearer");
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).not.toContain("http_requests_total");
  }
});

test("with the token, every metric is there, and request counts rise by route id, never by path", async () => {
  const server = await startServer({ METRICS_TOKEN: TOKEN });
  const response = await server.get("/metrics", { Authorization: `bearer ${TOKEN}` });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain; version=0.0.4");
  expect(response.headers.get("cache-control")).toBe("no-store");
  const first = await response.text();
  for (const name of [
    "http_requests_total",
    "http_request_duration_seconds",
    "onward_page_cache_hits_total",
    "onward_page_cache_misses_total",
    "onward_mail_outbox_pending",
    "onward_mail_outbox_oldest_pending_seconds",
    "onward_job_last_run_timestamp_seconds",
    "onward_job_lag_seconds",
    "onward_db_pool_connections",
    "onward_db_pool_idle_connections",
    "onward_db_pool_waiting_requests",
    "nodejs_eventloop_lag_seconds",
    "nodejs_heap_size_used_bytes",
    "process_resident_memory_bytes",
  ]) {
    expect(first).toContain(`# TYPE ${name} `);
  }
  expect(sample(first, "onward_mail_outbox_pending")).toBe(3);
  expect(sample(first, "onward_mail_outbox_oldest_pending_seconds")).toBe(42.5);
  expect(sample(first, 'onward_job_last_run_timestamp_seconds{job="booking_reminders"}')).toBe(1_700_000_000);
  expect(sample(first, 'onward_job_last_run_timestamp_seconds{job="deadline_reminders"}')).toBeUndefined();
  expect(sample(first, 'onward_job_lag_seconds{job="deadline_reminders"}')).toBe(12);
  expect(sample(first, "onward_db_pool_connections")).toBe(4);

  for (const path of [
    "/university/oxford",
    "/university/oslo?tab=fees",
    "/university/oxford",
    "/healthz",
    "/favicon.ico",
    "/nowhere/42",
    "/__manifest?p=%2F",
  ]) {
    await (await server.get(path)).arrayBuffer();
  }
  const second = await server.scrape();
  expect(sample(second, 'http_requests_total{route="routes/university",method="GET",status="200"}')).toBe(3);
  expect(sample(second, 'http_requests_total{route="probe",method="GET",status="200"}')).toBe(1);
  expect(sample(second, 'http_requests_total{route="static",method="GET",status="200"}')).toBe(1);
  expect(sample(second, 'http_requests_total{route="unmatched",method="GET",status="404"}')).toBe(1);
  expect(sample(second, 'http_requests_total{route="manifest",method="GET",status="404"}')).toBe(1);
  expect(sample(second, 'http_requests_total{route="metrics",method="GET",status="200"}')).toBe(1);
  expect(sample(second, 'http_request_duration_seconds_count{route="routes/university"}')).toBe(3);
  // A page that never opts into the page cache is not one of its misses.
  expect(sample(second, "onward_page_cache_misses_total")).toBe(0);
  expect(second).not.toContain("oxford");

  await (await server.get("/university/cambridge")).arrayBuffer();
  const third = await server.scrape();
  expect(sample(third, 'http_requests_total{route="routes/university",method="GET",status="200"}')).toBe(4);
  expect(sample(third, 'http_requests_total{route="metrics",method="GET",status="200"}')).toBe(2);
});

test("the page cache's hits and misses are counted as it reports them in Cache-Status", async () => {
  const server = await startServer({ METRICS_TOKEN: TOKEN });
  const statuses: (string | null)[] = [];
  for (let visit = 0; visit < 3; visit++) {
    const response = await server.get("/");
    statuses.push(response.headers.get("cache-status"));
    await response.arrayBuffer();
  }
  // A signed-in visitor's page (any onward.* cookie) is neither.
  await (await server.get("/", { Cookie: "onward.session=abc" })).arrayBuffer();
  expect(statuses).toEqual(["onward; fwd=miss; stored", "onward; hit", "onward; hit"]);
  const text = await server.scrape();
  expect(sample(text, "onward_page_cache_misses_total")).toBe(1);
  expect(sample(text, "onward_page_cache_hits_total")).toBe(2);
  expect(sample(text, 'http_requests_total{route="routes/home",method="GET",status="200"}')).toBe(4);
});

test("a database that does not answer leaves the outbox's figures unknown (NaN), and the scrape still answers; PGlite has no pool figures", async () => {
  const server = await startServer(
    { METRICS_TOKEN: TOKEN },
    { outbox: () => Promise.reject(new Error("connection refused")), jobRuns: () => [] },
  );
  const text = await server.scrape();
  expect(sample(text, "onward_mail_outbox_pending")).toBeNaN();
  expect(sample(text, "onward_mail_outbox_oldest_pending_seconds")).toBeNaN();
  expect(text).not.toContain("onward_db_pool_connections");
  expect(text).toContain("# TYPE http_requests_total counter");
});
