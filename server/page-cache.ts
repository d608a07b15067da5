import type http from "node:http";
import { SHARED_PAGE_HEADER } from "../app/lib/page-cache";
import type { Exchange } from "./exchange";
import {
  CACHE_VARY,
  CACHEABLE_CACHE_CONTROL,
  type CachedPage,
  type HtmlCache,
  hasOurCookie,
  isCacheableRequest,
  isCacheableResponse,
} from "./html-cache";
import { type CspOptions, securityHeaders } from "./security-headers";
import { appendVary, sendResponse } from "./send-response";
import { pickEncoding } from "./static-files";

/** Every response to someone with our cookies (a session, a toast) is theirs alone. */
export const PERSONAL_CACHE_CONTROL = "private, no-store";

/** The page cache when it may answer this request and keep the answer: an anonymous GET or HEAD while it is in use; none otherwise. */
export function pageCacheFor({ req, method }: Exchange, pageCache: HtmlCache | undefined): HtmlCache | undefined {
  return pageCache?.inUse() && isCacheableRequest(method, req.headers.cookie) ? pageCache : undefined;
}

/**
 * Anonymous visitors share one rendering of an opted-in public page: answers from the cache when
 * it holds the page (true); otherwise points the request at the address the shared page is
 * rendered from, its own parameters only (utm_* and unknown ones are not part of it).
 */
export function answerFromPageCache(exchange: Exchange, pageCache: HtmlCache, csp: CspOptions): boolean {
  const { req, res, url } = exchange;
  const cached = pageCache.get(url);
  if (cached) {
    res.setHeader("Cache-Status", "onward; hit");
    sendCachedPage(req, res, cached, csp);
    return true;
  }
  req.url = pageCache.renderUrl(url);
  return false;
}

/**
 * Sends the app's answer. A page that may be shared is stored in the page cache (given only for a
 * cacheable request; not when the cache was emptied after `renderedAt`, its generation when rendering began) and sent from it; any other answer says who may keep it: nobody else for
 * someone with our cookies, no shared cache for an error or an opted-in page that was not stored.
 */
export async function sendAppAnswer(
  exchange: Exchange,
  response: Response,
  pageCache: HtmlCache | undefined,
  csp: CspOptions,
  renderedAt?: number,
) {
  const { req, res, url, method } = exchange;
  const shared = response.headers.has(SHARED_PAGE_HEADER);
  if (pageCache && method === "GET" && isCacheableResponse(response)) {
    const { page, stored } = await pageCache.store(req.url ?? url, response, renderedAt);
    res.setHeader("Cache-Status", stored ? "onward; fwd=miss; stored" : "onward; fwd=miss");
    return sendCachedPage(req, res, page, csp);
  }
  const answer = withoutOptInHeader(response);
  // An error page (a 404 above all) is never kept by a browser or a shared cache.
  if (answer.status >= 400 && !answer.headers.has("Cache-Control")) answer.headers.set("Cache-Control", "no-store");
  if (hasOurCookie(req.headers.cookie)) {
    answer.headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
    res.setHeader("Cache-Status", "onward; fwd=bypass; detail=personal");
  } else {
    // A shared page's answer that was not stored (a post, an error, a cookie) is not for a shared cache either.
    if (shared) answer.headers.set("Cache-Control", "no-store");
    res.setHeader(
      "Cache-Status",
      pageCache ? "onward; fwd=miss" : method === "GET" || method === "HEAD" ? "onward; fwd=bypass; detail=off" : "onward; fwd=method",
    );
  }
  await sendResponse(req, res, answer);
}

/**
 * The response without the shared-page opt-in header: itself, or, when its headers cannot be
 * changed (`Response.redirect()`'s), a copy whose headers can.
 */
function withoutOptInHeader(response: Response): Response {
  try {
    response.headers.delete(SHARED_PAGE_HEADER);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.delete(SHARED_PAGE_HEADER);
    return copy;
  }
}

type Encoding = "br" | "gzip" | "identity";
const cachedPageHeaders = new WeakMap<CachedPage, Record<Encoding, Record<string, string | number>>>();

/**
 * The headers of a cached page, made once per page and encoding: a CSP that allows exactly
 * its inline scripts by hash, and the headers that let a shared cache keep it.
 */
function headersForCachedPage(page: CachedPage, csp: CspOptions) {
  let prepared = cachedPageHeaders.get(page);
  if (!prepared) {
    const common: Record<string, string | number> = Object.fromEntries(page.headers);
    if (page.contentType.startsWith("text/html")) {
      const headers = securityHeaders({ scriptHashes: page.scriptHashes, https: csp.https, formActions: csp.formActions });
      common["Content-Security-Policy"] = headers["Content-Security-Policy"] ?? "";
    }
    Object.assign(common, {
      "Content-Type": page.contentType,
      "Cache-Control": CACHEABLE_CACHE_CONTROL,
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
function sendCachedPage(req: http.IncomingMessage, res: http.ServerResponse, page: CachedPage, csp: CspOptions) {
  const headers = headersForCachedPage(page, csp);
  // On top of what an earlier step said the page varies on (`/`: the language, server/language.ts).
  res.setHeader("Vary", appendVary(res.getHeader("Vary"), CACHE_VARY));
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
