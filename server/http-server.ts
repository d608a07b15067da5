import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createBrotliCompress, createGzip, constants as zlibConstants } from "node:zlib";
import { createRequest } from "@remix-run/node-fetch-server";
import type { AppLoadContext } from "react-router";
import { CLIENT_IP_HEADER } from "../app/.server/auth/client-ip";
import type { Config } from "../app/.server/config";
import type { DatabaseHandle } from "../app/.server/db/client";
import { logger } from "../app/.server/logger";
import { requestStorage } from "../app/.server/request-context";
import {
  CACHE_VARY,
  CACHEABLE_CACHE_CONTROL,
  type CachedPage,
  type HtmlCache,
  htmlCache,
  isCacheableRequest,
  isCacheableResponse,
} from "./html-cache";
import { securityHeaders } from "./security-headers";
import { pickEncoding, type StaticFile } from "./static-files";

export type AppHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

type ServerOptions = {
  config: Config;
  database: DatabaseHandle;
  staticFiles: Map<string, StaticFile>;
  handler: AppHandler;
  /** Rendered pages for anonymous visitors; the process-wide cache unless a test passes its own. */
  pageCache?: HtmlCache;
};

const compressibleType = /^(text\/|application\/(json|xml|javascript|manifest\+json)|image\/svg\+xml)/;
const READY_TIMEOUT_MS = 2_000;

/**
 * The production HTTP server: health checks and the in-memory static build first,
 * everything else through React Router. Every response gets the security headers,
 * a request id, and compression when the client accepts it.
 */
export function createHttpServer({ config, database, staticFiles, handler, pageCache = htmlCache }: ServerOptions): http.Server {
  const https = new URL(config.appUrl).protocol === "https:";
  const formActions = formActionsFor(config);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, requestId: string, nonce: string, clientIp: string) {
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    const method = req.method ?? "GET";

    if (pathname === "/healthz") return sendText(res, 200, "ok");
    if (pathname === "/readyz") {
      try {
        await withTimeout(database.ping(), READY_TIMEOUT_MS);
        return sendText(res, 200, "ready");
      } catch (error) {
        logger.warn({ err: error }, "readiness check failed: the database does not answer");
        return sendText(res, 503, "database unavailable");
      }
    }

    const file = (method === "GET" || method === "HEAD") && staticFiles.get(pathname);
    if (file) return sendStatic(req, res, file);

    if (isCrossSiteWrite(req, config.trustedOrigins)) {
      logger.warn({ origin: req.headers.origin, fetchSite: req.headers["sec-fetch-site"] }, "refused a cross-site request");
      return sendText(res, 403, "Cross-site requests are not accepted.");
    }

    // Anonymous visitors share one rendering of a public page; anyone with our cookies gets their own.
    const url = req.url ?? "/";
    const cacheable = isCacheableRequest(method, url, req.headers.cookie);
    if (cacheable) {
      const cached = pageCache.get(url);
      if (cached) return sendCachedPage(req, res, cached, { https, formActions });
    }

    const request = createRequest(req, res, { trustProxy: config.trustProxy });
    // Only our server may say who the client is: a client's own copy of the header is replaced.
    request.headers.set(CLIENT_IP_HEADER, clientIp);
    const response = await handler(request, { requestId, nonce, clientIp });
    if (cacheable && method === "GET" && isCacheableResponse(response)) {
      return sendCachedPage(req, res, await pageCache.store(url, response), { https, formActions });
    }
    await sendResponse(req, res, response);
  }

  const server = http.createServer((req, res) => {
    const started = performance.now();
    const requestId = requestIdFrom(req, config.trustProxy);
    const nonce = randomBytes(16).toString("base64");
    const clientIp = clientIpFrom(req, config.trustProxy);
    res.setHeader("X-Request-Id", requestId);
    for (const [name, value] of Object.entries(securityHeaders({ nonce, https, formActions }))) {
      res.setHeader(name, value);
    }
    res.on("finish", () => {
      requestStorage.run({ requestId, nonce, clientIp }, () => {
        logger.info({ method: req.method, path: req.url, status: res.statusCode, ms: Math.round(performance.now() - started) }, "request");
      });
    });
    requestStorage.run({ requestId, nonce, clientIp }, () => {
      handle(req, res, requestId, nonce, clientIp).catch((error: unknown) => {
        logger.error({ err: error }, "unhandled error while serving a request");
        if (!res.headersSent) sendText(res, 500, `Something went wrong, please try again later. (request ${requestId})`);
        else res.destroy();
      });
    });
  });
  server.keepAliveTimeout = 5_000;
  return server;
}

/** Where forms may post to: ourselves, plus the Google sign-in provider when configured. */
function formActionsFor(config: Config): string[] {
  return config.google ? [new URL(config.google.discoveryUrl).origin] : [];
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every state-changing request, resource routes
 * included: the Origin must be one of ours, and the browser must not call it cross-site.
 * A request with neither header (a non-browser client) is treated as same-site.
 */
export function isCrossSiteWrite(req: http.IncomingMessage, trustedOrigins: string[]): boolean {
  if (safeMethods.has(req.method ?? "GET")) return false;
  const origin = req.headers.origin;
  if (origin && origin !== "null" && !trustedOrigins.includes(origin)) return true;
  if (origin === "null") return true;
  return req.headers["sec-fetch-site"] === "cross-site";
}

/** The socket's address, or the first X-Forwarded-For hop when a trusted proxy sets it. */
function clientIpFrom(req: http.IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers["x-forwarded-for"] : undefined;
  const first = typeof forwarded === "string" ? forwarded.split(",")[0]?.trim() : undefined;
  return first || req.socket.remoteAddress || "unknown";
}

function requestIdFrom(req: http.IncomingMessage, trustProxy: boolean): string {
  const incoming = trustProxy ? req.headers["x-request-id"] : undefined;
  if (typeof incoming === "string" && /^[\w.-]{8,128}$/.test(incoming)) return incoming;
  return randomUUID();
}

function sendText(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  res.end(body);
}

function sendStatic(req: http.IncomingMessage, res: http.ServerResponse, file: StaticFile) {
  res.setHeader("Cache-Control", file.cacheControl);
  res.setHeader("ETag", file.etag);
  res.setHeader("Content-Type", file.contentType);
  if (file.gzip) res.setHeader("Vary", "Accept-Encoding");
  if (req.headers["if-none-match"] === file.etag) {
    res.writeHead(304);
    res.end();
    return;
  }
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  const body = (encoding === "br" && file.brotli) || (encoding === "gzip" && file.gzip) || file.body;
  if (body !== file.body && encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.writeHead(200);
  res.end(req.method === "HEAD" ? undefined : body);
}

type Encoding = "br" | "gzip" | "identity";
const cachedPageHeaders = new WeakMap<CachedPage, Record<Encoding, Record<string, string | number>>>();

/**
 * The headers of a cached page, made once per page and encoding: a CSP that allows exactly
 * its inline scripts by hash, and the headers that let a shared cache keep it.
 */
function headersForCachedPage(page: CachedPage, options: { https: boolean; formActions: string[] }) {
  let prepared = cachedPageHeaders.get(page);
  if (!prepared) {
    const common: Record<string, string | number> = Object.fromEntries(page.headers);
    if (page.contentType.startsWith("text/html")) {
      const csp = securityHeaders({ scriptHashes: page.scriptHashes, https: options.https, formActions: options.formActions });
      common["Content-Security-Policy"] = csp["Content-Security-Policy"] ?? "";
    }
    Object.assign(common, {
      "Content-Type": page.contentType,
      "Cache-Control": CACHEABLE_CACHE_CONTROL,
      Vary: CACHE_VARY,
      ETag: page.etag,
    });
    prepared = {
      br: { ...common, "Content-Encoding": "br", "Content-Length": page.brotli.length },
      gzip: { ...common, "Content-Encoding": "gzip", "Content-Length": page.gzip.length },
      identity: { ...common, "Content-Length": page.body.length },
    };
    cachedPageHeaders.set(page, prepared);
  }
  return prepared;
}

/** Sends a page from the anonymous cache: its stored (pre-compressed) bytes and prepared headers. */
function sendCachedPage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  page: CachedPage,
  options: { https: boolean; formActions: string[] },
) {
  const headers = headersForCachedPage(page, options);
  if (req.headers["if-none-match"] === page.etag) {
    res.writeHead(304, { ...headers.identity, "Content-Length": 0 });
    res.end();
    return;
  }
  const encoding = pickEncoding(req.headers["accept-encoding"]) ?? "identity";
  const body = encoding === "br" ? page.brotli : encoding === "gzip" ? page.gzip : page.body;
  // writeHead's headers take precedence over those already set (the per-request nonce CSP among them).
  res.writeHead(200, headers[encoding]);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Writes a fetch Response, compressing text bodies on the fly (flushed per chunk so streaming still streams). */
async function sendResponse(req: http.IncomingMessage, res: http.ServerResponse, response: Response) {
  const headers = response.headers;
  for (const [name, value] of headers) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);

  const encoding =
    response.body && !headers.has("content-encoding") && compressibleType.test(headers.get("content-type") ?? "")
      ? pickEncoding(req.headers["accept-encoding"])
      : undefined;
  if (encoding) {
    res.removeHeader("Content-Length");
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Vary", appendVary(res.getHeader("Vary"), "Accept-Encoding"));
  }
  res.writeHead(response.status, response.statusText || undefined);

  if (!response.body || req.method === "HEAD") {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
  if (!encoding) return pipeline(body, res);
  const compressor =
    encoding === "br"
      ? createBrotliCompress({ flush: zlibConstants.BROTLI_OPERATION_FLUSH, params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
      : createGzip({ flush: zlibConstants.Z_SYNC_FLUSH });
  return pipeline(body, compressor, res);
}

function appendVary(current: number | string | string[] | undefined, value: string): string {
  const existing = Array.isArray(current) ? current.join(", ") : current ? String(current) : "";
  return existing ? `${existing}, ${value}` : value;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
