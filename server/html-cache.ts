import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { onContentChanged } from "../app/.server/content-changes";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Paths that are never cached: anything personal, staff-only or signed-in, and the account
 * pages whose links carry one-time tokens. Any other route can opt out by answering with
 * `Cache-Control: private` or `no-store`.
 */
const privatePrefixes = [
  "/dashboard",
  "/api",
  "/apply",
  "/networking",
  "/book-appointment",
  "/login",
  "/signup",
  "/logout",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
];

export const CACHEABLE_CACHE_CONTROL = "public, s-maxage=60, stale-while-revalidate=300";
export const CACHE_VARY = "Cookie, Accept-Encoding";

export type CachedPage = {
  status: 200;
  contentType: string;
  /** Other headers the app set (none personal: responses with Set-Cookie are never stored). */
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  /** 'sha256-…' sources for every inline script, for a hash-based CSP. */
  scriptHashes: string[];
  etag: string;
  expiresAt: number;
};

function isPrivatePath(pathname: string): boolean {
  return privatePrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}.`));
}

/** Whether the request carries one of our cookies (session, toast…): then it is personal and rendered fresh. */
function hasOurCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => {
    const name = pair.trim();
    return name.startsWith("onward.") || name.startsWith("__Secure-onward.") || name.startsWith("__Host-onward.");
  });
}

/** A GET or HEAD for a public page from a visitor with none of our cookies. */
export function isCacheableRequest(method: string, url: string, cookieHeader: string | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  const pathname = url.split("?")[0] ?? "/";
  return !isPrivatePath(pathname) && !hasOurCookie(cookieHeader);
}

/** A complete, non-personal answer: 200, no cookie set, not marked private or no-store by the app. */
export function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (response.headers.getSetCookie().length > 0) return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  return !/\b(private|no-store)\b/.test(cacheControl);
}

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const nonceAttribute = /\snonce="[^"]*"/g;
const requestIdMeta = /<meta name="request-id" content="[^"]*"\s*\/?>/;

/**
 * Turns a rendered page into something any visitor may receive: the first visitor's
 * nonce and request id are removed, and every inline script is allowed by its hash
 * instead (so compressed bytes can be kept and sent as they are).
 */
export function preparePageBody(html: string): { html: string; scriptHashes: string[] } {
  const cleaned = html.replace(requestIdMeta, "").replace(inlineScript, (_match, attributes: string, content: string) => {
    return `<script${attributes.replace(nonceAttribute, "")}>${content}</script>`;
  });
  const scriptHashes = new Set<string>();
  for (const match of cleaned.matchAll(inlineScript)) {
    const attributes = match[1] ?? "";
    const content = match[2] ?? "";
    if (/\ssrc\s*=/.test(attributes)) continue;
    scriptHashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return { html: cleaned, scriptHashes: [...scriptHashes] };
}

/**
 * Rendered pages for anonymous visitors, kept for a short time in this process, with
 * their gzip and brotli bytes made once. Staff content changes empty it.
 */
export class HtmlCache {
  private pages = new Map<string, CachedPage>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number; now?: () => number } = { ttlMs: 60_000, maxEntries: 500 }) {}

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.expiresAt <= this.now()) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  /** Reads the whole response and stores it; the caller sends the returned page. */
  async store(key: string, response: Response): Promise<CachedPage> {
    const contentType = response.headers.get("content-type") ?? "application/octet-stream";
    let body = Buffer.from(await response.arrayBuffer());
    let scriptHashes: string[] = [];
    if (contentType.startsWith("text/html")) {
      const prepared = preparePageBody(body.toString("utf8"));
      body = Buffer.from(prepared.html, "utf8");
      scriptHashes = prepared.scriptHashes;
    }
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(body, { level: 9 }),
      brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    ]);
    const headers: [string, string][] = [];
    for (const [name, value] of response.headers) {
      if (!["content-type", "content-length", "content-encoding", "set-cookie", "cache-control", "vary", "etag"].includes(name)) {
        headers.push([name, value]);
      }
    }
    const page: CachedPage = {
      status: 200,
      contentType,
      headers,
      body,
      gzip: gzipped,
      brotli,
      scriptHashes,
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      expiresAt: this.now() + this.options.ttlMs,
    };
    if (this.pages.size >= this.options.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    this.pages.set(key, page);
    return page;
  }

  clear() {
    this.pages.clear();
  }

  get size() {
    return this.pages.size;
  }
}

/** The process's page cache: 60 s per page, emptied whenever staff change content. */
export const htmlCache = new HtmlCache({ ttlMs: 60_000, maxEntries: 500 });
onContentChanged(() => htmlCache.clear());

/** Empties the process's page cache (staff content changes do this through notifyContentChanged). */
export function clearHtmlCache() {
  htmlCache.clear();
}
