import { createHash, timingSafeEqual } from "node:crypto";
import type { Logger } from "pino";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { type Exchange, sendText } from "./exchange";
import { withTimeout } from "./probes";

export const METRICS_PATH = "/metrics";
/** server/probes.ts's paths: counted as one route, "probe". */
const probePaths = new Set(["/healthz", "/readyz"]);
/** React Router's own endpoint for the routes a browser discovers as it goes (lazy route discovery): no route of ours. */
const ROUTE_DISCOVERY_PATH = "/__manifest";
/** How long a scrape waits for the database's answer about the outbox. */
const OUTBOX_TIMEOUT_MS = 1_000;

/** PostgreSQL's connection pool: connections open, those idle, and queries waiting for one. */
type PoolUse = { total: number; idle: number; waiting: number };

/** What the app reports at each scrape (app/.server/metrics.ts and the database handle), passed in by server/start.ts. */
export type MetricsSources = {
  outbox(): Promise<{ pending: number; oldestPendingSeconds: number }>;
  /** PostgreSQL's connection pool; none on PGlite, which has no pool. */
  poolUse?: () => PoolUse;
  /** The scheduled jobs (the reminders): when each last finished a run, and how many seconds it is behind. */
  jobRuns(): { job: string; lastRunAt: number | undefined; lagSeconds: number }[];
};

type MetricsOptions = {
  /** METRICS_TOKEN: no metrics (and no /metrics) without one. */
  token: string | undefined;
  /** The route id a path leads to (server/route-ids.ts). */
  routeIdOf: (pathname: string) => string | undefined;
  /** Whether a path is a file of the browser build, served from memory. */
  isStaticFile: (pathname: string) => boolean;
  sources: MetricsSources;
  logger: Logger;
};

export type Metrics = {
  /** The `/metrics` step of the HTTP server: true when it answered. */
  answer(exchange: Exchange): Promise<boolean>;
  /** Counts and times a request when its connection is done with it (answered, or closed first). */
  observe(exchange: Exchange, startedAt: number): void;
};

/**
 * The process's Prometheus metrics, `GET /metrics` behind METRICS_TOKEN: requests by route id,
 * method and status with a duration histogram by route id, page-cache hits and misses, the mail
 * outbox's backlog, the reminders' lag, the database pool, and prom-client's default process
 * metrics (event-loop lag, heap, RSS…). Undefined without a token: then nothing is counted and
 * `/metrics` is the app's 404 like any unknown path.
 */
export function createMetrics(options: MetricsOptions): Metrics | undefined {
  if (!options.token) return undefined;
  const { routeIdOf, isStaticFile, sources, logger } = options;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by route id, method and status ('closed': the connection closed before the answer was complete).",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's last byte, by route id.",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  const pageCacheHits = new Counter({
    name: "onward_page_cache_hits_total",
    help: "Anonymous page requests answered from the page cache.",
    registers: [registry],
  });
  const pageCacheMisses = new Counter({
    name: "onward_page_cache_misses_total",
    help: "Shareable pages the page cache did not hold: rendered by the app and stored.",
    registers: [registry],
  });
  registerAppGauges(registry, sources, logger);

  /** The route label: the route id, never the path itself (paths hold ids, and labels must be few). */
  function routeOf(pathname: string, method: string): string {
    if (pathname === METRICS_PATH) return "metrics";
    if (probePaths.has(pathname)) return "probe";
    if (pathname === ROUTE_DISCOVERY_PATH) return "manifest";
    if ((method === "GET" || method === "HEAD") && isStaticFile(pathname)) return "static";
    return routeIdOf(pathname) ?? "unmatched";
  }

  const expected = digest(options.token);
  return {
    async answer({ req, res, method, pathname }) {
      if (pathname !== METRICS_PATH) return false;
      // Both sides hashed to the same length, so the comparison takes the same time whatever was sent.
      const given = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
      if (!timingSafeEqual(digest(given), expected) || !given) {
        res.setHeader("WWW-Authenticate", "Bearer");
        sendText(res, 401, "The metrics need the bearer token METRICS_TOKEN.");
        return true;
      }
      if (method !== "GET" && method !== "HEAD") {
        res.setHeader("Allow", "GET, HEAD");
        sendText(res, 405, "This method is not allowed.");
        return true;
      }
      const text = await registry.metrics();
      res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
      res.end(method === "HEAD" ? undefined : text);
      return true;
    },
    observe({ res, pathname, method }, startedAt) {
      res.once("close", () => {
        const route = routeOf(pathname, method);
        // Node's parser knows a fixed list of methods, so the method label stays bounded.
        requests.inc({ route, method, status: res.writableFinished ? res.statusCode : "closed" });
        duration.observe({ route }, (performance.now() - startedAt) / 1000);
        // The page cache says what it did in Cache-Status (RFC 9211, server/page-cache.ts). A plain "fwd=miss" is any
        // other anonymous GET (most pages never opt in), so a miss is a shareable page it had to render and store.
        const cacheStatus = res.getHeader("Cache-Status");
        if (cacheStatus === "onward; hit") pageCacheHits.inc();
        else if (cacheStatus === "onward; fwd=miss; stored") pageCacheMisses.inc();
      });
    },
  };
}

/** The gauges read at scrape time from the app: the outbox, the reminders, the database pool (PostgreSQL only). */
function registerAppGauges(registry: Registry, sources: MetricsSources, logger: Logger) {
  const outbox = onePerScrape(sources.outbox, logger);
  new Gauge({
    name: "onward_mail_outbox_pending",
    help: "Mail in the outbox waiting to be sent (NaN when the database did not answer).",
    registers: [registry],
    async collect() {
      this.set((await outbox())?.pending ?? Number.NaN);
    },
  });
  new Gauge({
    name: "onward_mail_outbox_oldest_pending_seconds",
    help: "How long the oldest mail waiting in the outbox has waited, in seconds (0 when none waits).",
    registers: [registry],
    async collect() {
      this.set((await outbox())?.oldestPendingSeconds ?? Number.NaN);
    },
  });
  new Gauge({
    name: "onward_job_last_run_timestamp_seconds",
    help: "When each scheduled job (the booking and deadline reminders) last finished a run, in Unix seconds.",
    labelNames: ["job"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const run of sources.jobRuns()) if (run.lastRunAt !== undefined) this.set({ job: run.job }, run.lastRunAt / 1000);
    },
  });
  new Gauge({
    name: "onward_job_lag_seconds",
    help: "How far each scheduled job is behind its schedule: the time since its last finished run beyond its interval, in seconds.",
    labelNames: ["job"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const run of sources.jobRuns()) this.set({ job: run.job }, run.lagSeconds);
    },
  });
  const poolUse = sources.poolUse;
  if (!poolUse) return;
  const poolGauge = (name: string, help: string, read: (use: PoolUse) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(poolUse()));
      },
    });
  poolGauge("onward_db_pool_connections", "PostgreSQL connections open in this process's pool.", (use) => use.total);
  poolGauge("onward_db_pool_idle_connections", "Open PostgreSQL connections that no query is using.", (use) => use.idle);
  poolGauge("onward_db_pool_waiting_requests", "Queries waiting for a PostgreSQL connection from the pool.", (use) => use.waiting);
}

/**
 * The outbox's figures, asked once per scrape for its two gauges (collected together), within
 * OUTBOX_TIMEOUT_MS: undefined when the database does not answer, and the scrape goes on.
 */
function onePerScrape<T>(read: () => Promise<T>, logger: Logger): () => Promise<T | undefined> {
  let pending: Promise<T | undefined> | undefined;
  return () => {
    pending ??= withTimeout(read(), OUTBOX_TIMEOUT_MS)
      .catch((error: unknown) => {
        logger.warn({ err: error }, "metrics: the outbox's backlog could not be read");
        return undefined;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}

/** A token's sha256: equal lengths for timingSafeEqual whatever was sent. */
function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}
