import http from "node:http";
import type { Logger } from "pino";
import type { AppLoadContext } from "react-router";
import { type AppHandler, runApp } from "./app-handler";
import { bodyRulesFrom, refuseBodyUpFront } from "./body-limits";
import { type Exchange, hasBody, sendShortRefusal } from "./exchange";
import type { HtmlCache } from "./html-cache";
import { answerLanguageChoice } from "./language";
import { Admission, sendBusy, unavailableWhenDatabaseDown } from "./load-shedding";
import type { Metrics } from "./metrics";
import { answerFromPageCache, pageCacheFor, sendAppAnswer } from "./page-cache";
import { answerProbe, type Pingable } from "./probes";
import type { CountRateLimit } from "./rate-limits";
import { answerClientError } from "./refusals";
import { BODY_IDLE_TIMEOUT_MS } from "./request-body";
import { refuseCrossSite, refuseUnservable } from "./request-guards";
import { identify } from "./request-identity";
import type { RouteRules } from "./route-rules";
import { cspOptionsFor, setSecurityHeaders } from "./security-headers";
import { type StaticFile, serveStaticFile } from "./static-files";

export type { AppHandler } from "./app-handler";

/** What the server reads of the app's configuration (app/.server/config.ts). */
export type ServerConfig = {
  appUrl: string;
  /** Origins whose form posts we accept. */
  trustedOrigins: string[];
  /** Whether X-Forwarded-For and X-Request-Id come from a proxy we trust. */
  trustProxy: boolean;
  /** A request body's limit when its route sets none (MAX_BODY_KB). */
  maxBodyBytes: number;
  /** An uploaded file's limit (UPLOAD_MAX_MB). */
  uploadMaxBytes: number;
  /** Requests the app works on at once before it turns new ones away with 503 (MAX_IN_FLIGHT). */
  maxInFlight: number;
  google: { discoveryUrl: string } | undefined;
};

/** The app's parts, passed in by server/start.ts: no other module of server/ imports app/.server. */
type ServerOptions = {
  config: ServerConfig;
  /** Asked by the readiness probe. */
  database: Pingable;
  staticFiles: Map<string, StaticFile>;
  handler: AppHandler;
  logger: Logger;
  /** Runs the handling of a request with its context, for the app's log lines and audit records (app/.server/request-context.ts). */
  requestContext: { run<R>(context: AppLoadContext, callback: () => R): R };
  /** Counts a refused body against the rate limit its route names. */
  countRateLimit: CountRateLimit;
  /** The rules routes declare in their `handle` (body size); none when absent. */
  routeRules?: RouteRules;
  /** Rendered pages for anonymous visitors; none when absent (development, most tests). */
  pageCache?: HtmlCache;
  /** Counts every request and answers `GET /metrics`; none without METRICS_TOKEN. */
  metrics?: Metrics;
  /** Requests the app does not answer itself (the development server's Vite middleware), tried before React Router. */
  before?: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>;
  /** An HTTP server made by the caller (development: Vite's hot reload listens on it too); a new one otherwise. */
  server?: http.Server;
  /** How long a request body may go without a byte (BODY_IDLE_TIMEOUT_MS; tests pass less). */
  bodyIdleTimeoutMs?: number;
};

/**
 * The production HTTP server, a sequence of steps (each in its own module), the first that
 * answers ending the request: the probes and the metrics, requests no page answers, the in-memory static build,
 * cross-site writes, bodies over their route's limits, the language of `/` (server/language.ts), the page cache, load shedding (503 when
 * too many requests are being worked on, or waiting: server/load-shedding.ts), and then React Router.
 * Every response gets the security headers, a request id, and compression when the client accepts it.
 */
export function createHttpServer(options: ServerOptions): http.Server {
  const { config, logger, pageCache, metrics, before, server = http.createServer() } = options;
  const csp = cspOptionsFor(config);
  const admission = new Admission(config.maxInFlight);
  server.once("close", () => admission.stop());

  async function handle(exchange: Exchange) {
    const { req, res, method, pathname } = exchange;
    if (await answerProbe(exchange, options.database)) return;
    if (metrics && (await metrics.answer(exchange))) return;
    if (refuseUnservable(exchange)) return;
    if (serveStaticFile(exchange, options.staticFiles)) return;
    if (before && (await before(req, res))) return;
    if (refuseCrossSite(exchange, config.trustedOrigins)) return;
    const bodyRules = hasBody(method) ? bodyRulesFrom((await options.routeRules?.(pathname)) ?? {}, config) : undefined;
    if (bodyRules && (await refuseBodyUpFront(exchange, bodyRules, options.countRateLimit))) return;
    if (answerLanguageChoice(exchange)) return;
    const cache = pageCacheFor(exchange, pageCache);
    if (cache && answerFromPageCache(exchange, cache, csp)) return;
    const renderedAt = cache?.generation;
    if (!admission.admit(req, res, method)) return sendBusy(exchange);
    const response = await runApp(exchange, {
      handler: options.handler,
      trustProxy: config.trustProxy,
      bodyRules,
      bodyIdleTimeoutMs: options.bodyIdleTimeoutMs ?? BODY_IDLE_TIMEOUT_MS,
      countRateLimit: options.countRateLimit,
    });
    // No answer: the body was cut off, and the refusal sent instead.
    if (response) await sendAppAnswer(exchange, unavailableWhenDatabaseDown(response, exchange.context), cache, csp, renderedAt);
  }

  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const started = performance.now();
    const context = identify(req, config.trustProxy);
    res.setHeader("X-Request-Id", context.requestId);
    setSecurityHeaders(res, context.nonce, csp);
    if (logger.isLevelEnabled("info")) {
      res.on("finish", () => {
        logger.info(
          {
            requestId: context.requestId,
            method: req.method,
            path: req.url,
            status: res.statusCode,
            ms: Math.round(performance.now() - started),
          },
          "request",
        );
      });
    }
    const url = req.url ?? "/";
    const exchange: Exchange = { req, res, url, pathname: url.split("?")[0] ?? "/", method: req.method ?? "GET", context, logger };
    metrics?.observe(exchange, started);
    options.requestContext.run(context, () => {
      handle(exchange).catch((error: unknown) => {
        logger.error({ err: error }, "unhandled error while serving a request");
        if (!res.headersSent)
          sendShortRefusal(res, exchange.pathname, 500, `Something went wrong, please try again later. (request ${context.requestId})`);
        else res.destroy();
      });
    });
  });
  server.on("clientError", answerClientError);
  server.keepAliveTimeout = 5_000;
  // No limit on a request's total time (Node's default is 300 s, which would cut off a slow phone's
  // long upload); bodies are timed out by silence instead (watchBody), headers by headersTimeout.
  server.requestTimeout = 0;
  return server;
}
