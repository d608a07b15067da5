import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import { type Duplex, Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { brotliCompressSync, createBrotliCompress, createGzip, gzipSync, constants as zlibConstants } from "node:zlib";
import { createRequest } from "@remix-run/node-fetch-server";
import type { AppLoadContext } from "react-router";
import { CLIENT_IP_HEADER } from "../app/.server/auth/client-ip";
import type { Config } from "../app/.server/config";
import type { DatabaseHandle } from "../app/.server/db/client";
import { logger } from "../app/.server/logger";
import { requestStorage } from "../app/.server/request-context";
import { limiter, limits } from "../app/.server/security/rate-limit";
import { SHARED_PAGE_HEADER } from "../app/lib/page-cache";
import type { ServerRouteHandle } from "../app/lib/route-handle";
import {
  CACHE_VARY,
  CACHEABLE_CACHE_CONTROL,
  type CachedPage,
  type HtmlCache,
  hasOurCookie,
  htmlCache,
  isCacheableRequest,
  isCacheableResponse,
} from "./html-cache";
import { BODY_IDLE_TIMEOUT_MS, TOO_LARGE_MESSAGE, watchBody } from "./request-body";
import type { RouteRules } from "./route-rules";
import { securityHeaders } from "./security-headers";
import { pickEncoding, type StaticFile } from "./static-files";

export type AppHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

type ServerOptions = {
  config: Config;
  database: DatabaseHandle;
  staticFiles: Map<string, StaticFile>;
  handler: AppHandler;
  /** The rules routes declare in their `handle` (body size); none when absent. */
  routeRules?: RouteRules;
  /** Rendered pages for anonymous visitors: the process-wide cache unless a test passes its own; false for none (development). */
  pageCache?: HtmlCache | false;
  /** Requests the app does not answer itself (the development server's Vite middleware), tried before React Router. */
  before?: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>;
  /** An HTTP server made by the caller (development: Vite's hot reload listens on it too); a new one otherwise. */
  server?: http.Server;
  /** How long a request body may go without a byte (BODY_IDLE_TIMEOUT_MS; tests pass less). */
  bodyIdleTimeoutMs?: number;
};

/** Every response to someone with our cookies (a session, a toast) is theirs alone. */
export const PERSONAL_CACHE_CONTROL = "private, no-store";
const allowedMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const bodyMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const formContentTypes = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

const compressibleType = /^(text\/|application\/(json|xml|javascript|manifest\+json)|image\/svg\+xml)/;
const READY_TIMEOUT_MS = 2_000;
/** A percent-encoded control character (C0, DEL, or C1 in UTF-8) in a path. */
const encodedControlCharacter = /%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f])/i;

/**
 * The production HTTP server: health checks and the in-memory static build first,
 * everything else through React Router. Every response gets the security headers,
 * a request id, and compression when the client accepts it.
 */
export function createHttpServer({
  config,
  database,
  staticFiles,
  handler,
  routeRules,
  pageCache = htmlCache,
  before,
  server = http.createServer(),
  bodyIdleTimeoutMs = BODY_IDLE_TIMEOUT_MS,
}: ServerOptions): http.Server {
  const https = new URL(config.appUrl).protocol === "https:";
  const formActions = formActionsFor(config);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, requestId: string, nonce: string, clientIp: string) {
    const url = req.url ?? "/";
    const pathname = url.split("?")[0] ?? "/";
    const method = req.method ?? "GET";

    if (pathname === "/healthz") return sendText(res, 200, "ok");
    // No page's address holds a control character (an id or slug with %00 would reach a query).
    if (encodedControlCharacter.test(pathname)) return sendText(res, 404, "There is no such page.");
    if (pathname === "/readyz") {
      try {
        await withTimeout(database.ping(), READY_TIMEOUT_MS);
        return sendText(res, 200, "ready");
      } catch (error) {
        logger.warn({ err: error }, "readiness check failed: the database does not answer");
        return sendText(res, 503, "database unavailable");
      }
    }
    if (!allowedMethods.has(method)) {
      logger.warn({ method }, "refused a request method");
      res.setHeader("Allow", "GET, HEAD, POST");
      return sendText(res, 405, "This method is not allowed.");
    }

    const file = (method === "GET" || method === "HEAD") && staticFiles.get(pathname);
    if (file) return sendStatic(req, res, file);
    if (before && (await before(req, res))) return;

    if (isCrossSiteWrite(req, config.trustedOrigins)) {
      logger.warn({ origin: req.headers.origin, fetchSite: req.headers["sec-fetch-site"] }, "refused a cross-site request");
      return sendText(res, 403, "Cross-site requests are not accepted.");
    }

    if (bodyMethods.has(method)) {
      const rules = (await routeRules?.(pathname)) ?? {};
      const refusal = refuseBody(req, pathname, bodyLimit(rules, config));
      if (refusal) {
        if (refusal.status === 413) await countRefusal(rules.refusedBodyLimit, clientIp);
        logger.warn({ method, path: pathname, contentType: req.headers["content-type"], status: refusal.status }, refusal.message);
        return sendRefusal(req, res, refusal.status, refusal.message);
      }
    }

    // Anonymous visitors share one rendering of an opted-in public page; anyone with our cookies gets their own.
    const personal = hasOurCookie(req.headers.cookie);
    const cacheable = pageCache !== false && isCacheableRequest(method, req.headers.cookie);
    if (cacheable && pageCache) {
      const cached = pageCache.get(url);
      if (cached) {
        res.setHeader("Cache-Status", "onward; hit");
        return sendCachedPage(req, res, cached, { https, formActions });
      }
    }

    // A shared page is rendered from its own parameters only (utm_* and unknown ones are not part of it).
    if (cacheable && pageCache) req.url = pageCache.renderUrl(url);
    const request = createRequest(req, res, { trustProxy: config.trustProxy });
    // Only our server may say who the client is: a client's own copy of the header is replaced.
    request.headers.set(CLIENT_IP_HEADER, clientIp);
    // A body is read by the app as it arrives: cut off when it goes silent, or (without a declared length) past its limit.
    const body = bodyMethods.has(method)
      ? watchBody(req, {
          maxBytes: req.headers["content-length"] === undefined ? bodyLimit((await routeRules?.(pathname)) ?? {}, config) : undefined,
          idleMs: bodyIdleTimeoutMs,
        })
      : undefined;
    res.once("close", () => body?.stop());
    let response: Response;
    try {
      response = await handler(request, { requestId, nonce, clientIp });
    } catch (error) {
      if (!body?.refusal()) throw error;
      response = new Response(null, { status: 400 });
    }
    const refusal = body?.refusal();
    if (refusal) {
      await response.body?.cancel();
      if (refusal.status === 413) await countRefusal((await routeRules?.(pathname))?.refusedBodyLimit, clientIp);
      logger.warn({ method, path: pathname, status: refusal.status }, "cut off a request body");
      return sendRefusal(req, res, refusal.status, refusal.message);
    }
    const shared = response.headers.has(SHARED_PAGE_HEADER);
    if (cacheable && pageCache && method === "GET" && isCacheableResponse(response)) {
      const { page, stored } = await pageCache.store(req.url ?? url, response);
      res.setHeader("Cache-Status", stored ? "onward; fwd=miss; stored" : "onward; fwd=miss");
      return sendCachedPage(req, res, page, { https, formActions });
    }
    response.headers.delete(SHARED_PAGE_HEADER);
    // An error page (a 404 above all) is never kept by a browser or a shared cache.
    if (response.status >= 400 && !response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
    if (personal) {
      response.headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
      res.setHeader("Cache-Status", "onward; fwd=bypass; detail=personal");
    } else {
      // A shared page's answer that was not stored (a post, an error, a cookie) is not for a shared cache either.
      if (shared) response.headers.set("Cache-Control", "no-store");
      res.setHeader("Cache-Status", cacheable ? "onward; fwd=miss" : "onward; fwd=method");
    }
    await sendResponse(req, res, response);
  }

  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const started = performance.now();
    const requestId = requestIdFrom(req, config.trustProxy);
    const nonce = randomBytes(16).toString("base64");
    const clientIp = clientIpFrom(req, config.trustProxy);
    res.setHeader("X-Request-Id", requestId);
    for (const [name, value] of Object.entries(securityHeaders({ nonce, https, formActions }))) {
      res.setHeader(name, value);
    }
    if (logger.isLevelEnabled("info")) {
      res.on("finish", () => {
        logger.info(
          { requestId, method: req.method, path: req.url, status: res.statusCode, ms: Math.round(performance.now() - started) },
          "request",
        );
      });
    }
    requestStorage.run({ requestId, nonce, clientIp }, () => {
      handle(req, res, requestId, nonce, clientIp).catch((error: unknown) => {
        logger.error({ err: error }, "unhandled error while serving a request");
        if (!res.headersSent) sendText(res, 500, `Something went wrong, please try again later. (request ${requestId})`);
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

/** Room for a form's text fields (and multipart's part headers) beside its files. */
const FIELDS_ALLOWANCE_BYTES = 64 * 1024;

/** The largest body a route accepts: its uploads at UPLOAD_MAX_MB each, its own figure, or MAX_BODY_KB. */
function bodyLimit(rules: ServerRouteHandle, config: Config): number {
  if (rules.maxUploadFiles) return rules.maxUploadFiles * config.uploadMaxBytes + FIELDS_ALLOWANCE_BYTES;
  return rules.maxBodyBytes ?? config.maxBodyBytes;
}

/**
 * Why a request body is refused before it is read: over the route's size limit (413), or not a
 * form where a form is expected (415 / 400). Resource routes under /api/ read their own types.
 */
function refuseBody(req: http.IncomingMessage, pathname: string, limit: number): { status: number; message: string } | undefined {
  const length = req.headers["content-length"];
  if (length !== undefined && !(Number(length) <= limit)) return { status: 413, message: TOO_LARGE_MESSAGE };
  if (pathname.startsWith("/api/")) return undefined;
  const contentType = req.headers["content-type"];
  if (!contentType && (length === undefined || length === "0")) return undefined;
  const [type = "", ...parameters] = (contentType ?? "").split(";").map((part) => part.trim());
  if (!formContentTypes.has(type.toLowerCase())) {
    return {
      status: 415,
      message: "This address accepts form submissions only (application/x-www-form-urlencoded or multipart/form-data).",
    };
  }
  if (type.toLowerCase() === "multipart/form-data") {
    const boundary = parameters.find((parameter) => parameter.toLowerCase().startsWith("boundary="))?.slice("boundary=".length);
    if (!boundary || !/^"?[0-9A-Za-z'()+_,\-./:=? ]{1,70}"?$/.test(boundary)) {
      return { status: 400, message: "The form's multipart content type has no valid boundary." };
    }
  }
  return undefined;
}

/** A refused body counts against the route's rate limit (contact and sign-up), as a submission would. */
async function countRefusal(limitName: "contactPerIp" | "signUpPerIp" | undefined, clientIp: string) {
  if (!limitName) return;
  try {
    await limiter(limits[limitName]).hit(clientIp);
  } catch {
    // Already over the limit: the refusal stands either way.
  }
}

/**
 * A short refusal; the connection is closed afterwards, so a body still on its way is never handed
 * to the app. While the client is still sending, the socket lingers (see `lingerOnClose`).
 */
const refusalHeadings: Record<number, string> = { 408: "Timed out", 413: "Too large" };

function sendRefusal(req: http.IncomingMessage, res: http.ServerResponse, status: number, message: string) {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status}</title></head><body><h1>${refusalHeadings[status] ?? "Not accepted"}</h1><p>${message}</p><p><a href="/">Onward home</a></p></body></html>`;
  if (!req.complete) lingerOnClose(req);
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", Connection: "close" });
  res.end(html);
}

/** How long a refused client may go on sending before its connection is cut. */
const LINGER_MS = 5_000;

/**
 * Closing a socket with unread bytes in it makes the kernel answer with a reset, and a client that
 * is still uploading then throws away the answer it had not read yet: a student would see
 * "connection reset" instead of "too large". So, as nginx and Apache do, after the answer the
 * server closes its own side only and reads (and drops) what still arrives, until the client
 * closes, or for LINGER_MS at most.
 */
function lingerOnClose(req: http.IncomingMessage) {
  const socket = req.socket;
  // Node's HTTP server ends a `Connection: close` answer with destroySoon(): half-close instead.
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    const cut = setTimeout(() => socket.destroy(), LINGER_MS);
    cut.unref();
    socket.once("close", () => clearTimeout(cut));
    // Whatever still arrives is dropped: nothing listens to the body any more.
    req.resume();
    socket.resume();
  };
}

/**
 * A request Node could not parse (headers over 16 kB: a 300 kB address; malformed syntax) gets a
 * short answer rather than a reset: as with `lingerOnClose`, the socket is half-closed and what
 * the client still sends is read and dropped, so it can read the answer.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const body =
    status === 431
      ? "The request's address or headers are too long."
      : status === 408
        ? "The request took too long."
        : "The request could not be read.";
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.on("data", () => {});
  socket.resume();
  const cut = setTimeout(() => socket.destroy(), LINGER_MS);
  cut.unref();
  socket.once("close", () => clearTimeout(cut));
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
  if (file.gzip || file.brotli) res.setHeader("Vary", "Accept-Encoding");
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

/**
 * Writes a fetch Response. A body the app produces in one burst (every page without deferred
 * data) is gathered and sent in one piece, compressed in one pass with a Content-Length; a body
 * that pauses (a streamed page, a download) is streamed, its compressor flushed after each burst.
 */
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

  if (!response.body || req.method === "HEAD") {
    await response.body?.cancel();
    res.writeHead(response.status, response.statusText || undefined);
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const burst = await readBurst(reader);
  if (burst.done) {
    const body = burst.chunks.length === 1 ? (burst.chunks[0] as Uint8Array) : Buffer.concat(burst.chunks);
    const bytes = encoding ? compressOnce(body, encoding) : body;
    res.setHeader("Content-Length", bytes.byteLength);
    res.writeHead(response.status, response.statusText || undefined);
    res.end(bytes);
    return;
  }
  res.writeHead(response.status, response.statusText || undefined);
  const rest = Readable.from(continueReading(burst.chunks, burst.pending, reader));
  if (!encoding) return pipeline(rest, res);
  const compressor =
    encoding === "br"
      ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } })
      : createGzip({ level: DYNAMIC_GZIP_LEVEL });
  return pipeline(rest, flushAfterEachBurst(compressor), compressor, res);
}

type Reader = ReadableStreamDefaultReader<Uint8Array>;
const PAUSED = Symbol("paused");

/** Reads every chunk available before the next turn of the event loop; `done` when that was the whole body. */
async function readBurst(reader: Reader) {
  const chunks: Uint8Array[] = [];
  const paused = new Promise<typeof PAUSED>((resolve) => setImmediate(() => resolve(PAUSED)));
  let pending = reader.read();
  for (;;) {
    const next = await Promise.race([pending, paused]);
    if (next === PAUSED) return { done: false as const, chunks, pending };
    if (next.done) return { done: true as const, chunks };
    chunks.push(next.value);
    pending = reader.read();
  }
}

async function* continueReading(first: Uint8Array[], pending: Promise<ReadableStreamReadResult<Uint8Array>>, reader: Reader) {
  yield* first;
  for (let next = await pending; !next.done; next = await reader.read()) yield next.value;
}

/** Levels for pages rendered per request: most of the size gain for a fraction of the CPU time. */
const DYNAMIC_BROTLI_QUALITY = 2;
const DYNAMIC_GZIP_LEVEL = 2;

/**
 * One pass, on this thread: for a page of tens of kilobytes that is cheaper than handing the work
 * to the thread pool, and a small window (256 kB) spares the encoder a large allocation per page.
 */
function compressOnce(body: Uint8Array, encoding: "br" | "gzip"): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
          [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipSync(body, { level: DYNAMIC_GZIP_LEVEL });
}

/**
 * Gathers a streamed body's chunks and hands them to the compressor together, flushing once the
 * app pauses, so the reader gets each burst as soon as it is ready without a flush per chunk.
 */
function flushAfterEachBurst(compressor: Transform & { flush(callback?: () => void): void }) {
  let pending: Buffer[] = [];
  let scheduled = false;
  const transform: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      callback();
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        if (pending.length === 0 || transform.writableFinished) return;
        transform.push(Buffer.concat(pending));
        pending = [];
        compressor.flush();
      });
    },
    flush(callback) {
      callback(null, pending.length > 0 ? Buffer.concat(pending) : undefined);
      pending = [];
    },
  });
  return transform;
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
