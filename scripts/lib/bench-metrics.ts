// The CPU cost of one request's metrics (issue 29 item 5: under 0.05 ms), for `npm run bench:render`, which runs this
// with tsx and prints the figure beside its pages'. The same `observe` the production server calls for every request
// (server/metrics.ts), made by `createMetrics` as server/start.ts makes it: the route ids from the build's own route
// manifest, the static files from build/client. Timed in process CPU time over BENCH_METRICS_CALLS (200,000) requests
// after a warm-up, BENCH_ROUNDS (3) times; prints one JSON line: { usPerRequest (the median), rounds, calls }.
// Usage: tsx scripts/lib/bench-metrics.ts
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import pino from "pino";
import type { ServerBuild } from "react-router";
import type { Exchange } from "../../server/exchange";
import { createMetrics } from "../../server/metrics";
import { identify } from "../../server/request-identity";
import { routeIdsFrom } from "../../server/route-ids";
import { median, root } from "./production-server.mjs";

const CALLS = Number(process.env.BENCH_METRICS_CALLS) || 200_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;
const WARMUP_CALLS = 20_000;
const CLIENT_BUILD = path.join(root, "build", "client");

/** A request as the server sees it when its connection is done with it: what it asked, how it was answered, and how long it took. */
type Visit = { method: string; url: string; status: number; cacheStatus?: string; ms: number };

/** A day's mix: pages from the page cache, pages rendered for signed-in people, a booking post, a build file, a probe. */
function visitsOf(assetPath: string): Visit[] {
  return [
    { method: "GET", url: "/", status: 200, cacheStatus: "onward; hit", ms: 0.4 },
    { method: "GET", url: "/find-university?country=Germany&sort=tuition", status: 200, cacheStatus: "onward; hit", ms: 0.5 },
    { method: "GET", url: "/university/queens-university-belfast", status: 200, cacheStatus: "onward; fwd=miss; stored", ms: 6 },
    { method: "GET", url: "/dashboard", status: 200, cacheStatus: "onward; fwd=bypass; detail=personal", ms: 12 },
    { method: "GET", url: "/dashboard/applications/bench-application-1.data", status: 200, ms: 9 },
    { method: "POST", url: "/book-appointment/bench-bk-1", status: 303, ms: 30 },
    { method: "GET", url: assetPath, status: 200, ms: 0.2 },
    { method: "GET", url: "/healthz", status: 200, ms: 0.1 },
    { method: "GET", url: "/no-such-page", status: 404, ms: 3 },
  ];
}

/** The routes the server matches paths against: the build's manifest (build/client/assets/manifest-*.js), the one React Router writes. */
function builtRoutes(): ServerBuild["routes"] {
  const assets = path.join(CLIENT_BUILD, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("No production build (build/client/assets/manifest-*.js): run `npm run build` first.");
  const text = readFileSync(path.join(assets, file), "utf8");
  const json = text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "");
  return (JSON.parse(json) as { routes: ServerBuild["routes"] }).routes;
}

/** The browser build's files by path, as the server serves them from memory. */
function builtFiles(): Set<string> {
  return new Set(readdirSync(CLIENT_BUILD, { recursive: true, encoding: "utf8" }).map((file) => `/${file.split(path.sep).join("/")}`));
}

/**
 * A real ServerResponse for a visit, answered. It has no socket (nothing is sent), so Node would never call it finished:
 * `writableFinished` is set as a connection's last byte sets it, so the status label is the answer's, not "closed".
 */
function exchangeFor(visit: Visit): Exchange {
  const req = new http.IncomingMessage(new net.Socket());
  req.method = visit.method;
  req.url = visit.url;
  const res = new http.ServerResponse(req);
  res.statusCode = visit.status;
  if (visit.cacheStatus) res.setHeader("Cache-Status", visit.cacheStatus);
  Object.defineProperty(res, "writableFinished", { value: true });
  const pathname = visit.url.split("?")[0] ?? "/";
  return { req, res, url: visit.url, pathname, method: visit.method, context: identify(req, false), logger: pino({ level: "silent" }) };
}

/** `calls` requests' metrics, round the visits in turn: observed on arrival and recorded on "close", as the server does. */
function record(observe: (exchange: Exchange, startedAt: number) => void, exchanges: { exchange: Exchange; ms: number }[], calls: number) {
  for (let call = 0; call < calls; call++) {
    const each = exchanges[call % exchanges.length];
    if (!each) continue;
    observe(each.exchange, performance.now() - each.ms);
    each.exchange.res.emit("close");
  }
}

/** CPU µs per request over `calls` (user + system: other work on the machine barely moves it). */
function cpuMicrosPerCall(run: () => void, calls: number): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / calls;
}

const files = builtFiles();
const assetPath = [...files].find((file) => file.startsWith("/assets/entry.client")) ?? "/favicon.ico";
const metrics = createMetrics({
  token: "a-token-for-the-metrics-benchmark",
  routeIdOf: routeIdsFrom(builtRoutes()),
  isStaticFile: (pathname) => files.has(pathname),
  sources: { outbox: async () => ({ pending: 0, oldestPendingSeconds: 0 }), jobRuns: () => [] },
  logger: pino({ level: "silent" }),
});
if (!metrics) throw new Error("createMetrics made no metrics with a token");
const exchanges = visitsOf(assetPath).map((visit) => ({ exchange: exchangeFor(visit), ms: visit.ms }));
record(metrics.observe, exchanges, WARMUP_CALLS);
const rounds = Array.from({ length: ROUNDS }, () => cpuMicrosPerCall(() => record(metrics.observe, exchanges, CALLS), CALLS));
console.log(JSON.stringify({ usPerRequest: median(rounds), rounds, calls: CALLS }));
