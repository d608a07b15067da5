import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import { SHARED_CACHE_CONTROL, SHARED_PAGE_HEADER } from "../app/lib/page-cache";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const CACHEABLE_CACHE_CONTROL = SHARED_CACHE_CONTROL;
export const CACHE_VARY = "Cookie, Accept-Encoding";

/**
 * Compression levels: a new entry is made quickly; one that is asked for again is re-compressed at the best level, off the
 * request path. Brotli 6 costs about half a millisecond more than 4 on a page of 50-80 kB and makes a Bangla page some 15%
 * smaller (the home page: 11.1 kB instead of 13.1), within the ~14 kB a new connection's first round trip carries.
 */
const FAST = { brotli: 6, gzip: 5 };
const BEST = { brotli: 11, gzip: 9 };

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
  /** Compressed at the fast levels only (a hit queues the best-level pass). */
  fast: boolean;
};

/** Whether the request carries one of our cookies (session, toast…): then it is personal and rendered fresh. */
export function hasOurCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => {
    const name = pair.trim();
    return name.startsWith("onward.") || name.startsWith("__Secure-onward.") || name.startsWith("__Host-onward.");
  });
}

/** A GET or HEAD from a visitor with none of our cookies: the only requests the cache may answer. */
export function isCacheableRequest(method: string, cookieHeader: string | undefined): boolean {
  return (method === "GET" || method === "HEAD") && !hasOurCookie(cookieHeader);
}

/**
 * The query parameters a response's route declared it reads, when the route opted into the
 * shared cache (app/lib/page-cache.ts); undefined when it did not.
 */
export function sharedPageParameters(response: Response): string[] | undefined {
  const declared = response.headers.get(SHARED_PAGE_HEADER);
  if (declared === null) return undefined;
  return declared === "-" ? [] : declared.split(",").filter(Boolean);
}

/** A complete answer of an opted-in route: 200, no cookie set, not marked private or no-store. */
export function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (sharedPageParameters(response) === undefined) return false;
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

function compress(body: Buffer, levels: { brotli: number; gzip: number }) {
  return Promise.all([
    gzipAsync(body, { level: levels.gzip }),
    brotliAsync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: levels.brotli,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        // A page is tens of kilobytes: a 256 kB window loses nothing and spares a 4 MB allocation per page.
        [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
      },
    }),
  ]);
}

const pageBytes = (page: CachedPage) => page.body.length + page.gzip.length + page.brotli.length;

/** What the page cache needs of a Freshness (app/.server/invalidated-cache.ts): a check that never waits. */
export type PageCacheFreshness = { check(): boolean; onChange(listener: () => void): () => void };

type Options = {
  ttlMs: number;
  maxEntries: number;
  /** Body plus both compressed copies, summed over all entries. */
  maxBytes: number;
  now?: () => number;
  /**
   * How it learns of content changes and whether it may be used now (app/.server/content-changes.ts's
   * contentFreshness: it can be kept true on every instance); without one, always used and emptied by hand.
   */
  freshness?: PageCacheFreshness;
};

/**
 * Rendered pages for anonymous visitors, kept for a short time in this process, least recently
 * used first out when full (by entries or bytes). An entry's key is its path plus only the query
 * parameters its route declared, so tracking parameters and unknown ones share one entry.
 * Staff content changes empty it, on every instance (server/start.ts listens for them); a page
 * whose rendering began before the last emptying is sent but not kept.
 */
export class HtmlCache {
  private pages = new Map<string, CachedPage>();
  /** Per path, the query parameters its route reads (learned from the route's first answer). */
  private parameters = new Map<string, string[]>();
  private bytes = 0;
  /** Counts the emptyings: a page rendered under an older one may show what has changed since. */
  private emptied = 0;
  private recompressing: Promise<void> = Promise.resolve();
  private readonly options: Options;

  constructor(options: Partial<Options> = {}) {
    this.options = { ttlMs: 60_000, maxEntries: 500, maxBytes: 64 * 1024 * 1024, ...options };
    this.options.freshness?.onChange(() => this.clear());
  }

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  /** Whether the cache may be used now (not while a change on another instance could go unheard). */
  inUse(): boolean {
    return this.options.freshness?.check() ?? true;
  }

  /** How many times it has been emptied: taken before rendering a page, and given back to `store`. */
  get generation(): number {
    return this.emptied;
  }

  /** The entry key of `url`, or undefined while the path's route has not said which parameters it reads. */
  keyFor(url: string): string | undefined {
    const question = url.indexOf("?");
    const pathname = question < 0 ? url : url.slice(0, question);
    const parameters = this.parameters.get(pathname);
    if (!parameters) return undefined;
    return keyOf(pathname, question < 0 ? "" : url.slice(question + 1), parameters);
  }

  /**
   * The address to render `url` at: only the query parameters its route reads, once the path's
   * route has said which (so an unknown parameter can never be written into a shared page, in a
   * form's action say); `url` itself until then.
   */
  renderUrl(url: string): string {
    return this.keyFor(url) ?? url;
  }

  get(url: string): CachedPage | undefined {
    const key = this.keyFor(url);
    const page = key === undefined ? undefined : this.pages.get(key);
    if (!page || key === undefined) return undefined;
    this.pages.delete(key);
    if (page.expiresAt <= this.now()) {
      this.bytes -= pageBytes(page);
      return undefined;
    }
    this.pages.set(key, page); // most recently used goes last
    if (page.fast) this.queueBestCompression(key, page);
    return page;
  }

  /**
   * Reads the whole response (from an opted-in route) and stores it, unless it was rendered from an
   * address with parameters its route does not read (the first visit to a path, before the cache
   * knew them): such a page may show them, so it is sent to its visitor only. The caller sends the
   * returned page either way.
   */
  async store(url: string, response: Response, renderedAt = this.emptied): Promise<{ page: CachedPage; stored: boolean }> {
    const question = url.indexOf("?");
    const pathname = question < 0 ? url : url.slice(0, question);
    const parameters = sharedPageParameters(response) ?? [];
    if (!this.parameters.has(pathname) && this.parameters.size >= this.options.maxEntries * 4) {
      this.parameters.delete(this.parameters.keys().next().value as string);
    }
    this.parameters.set(pathname, parameters);
    const search = question < 0 ? "" : url.slice(question + 1);
    const key = keyOf(pathname, search, parameters);
    const stored = [...new URLSearchParams(search).keys()].every((name) => parameters.includes(name));

    const contentType = response.headers.get("content-type") ?? "application/octet-stream";
    let body = Buffer.from(await response.arrayBuffer());
    let scriptHashes: string[] = [];
    if (contentType.startsWith("text/html")) {
      const prepared = preparePageBody(body.toString("utf8"));
      body = Buffer.from(prepared.html, "utf8");
      scriptHashes = prepared.scriptHashes;
    }
    const [gzipped, brotli] = await compress(body, FAST);
    const headers: [string, string][] = [];
    for (const [name, value] of response.headers) {
      if (!storedHeaderExclusions.has(name)) headers.push([name, value]);
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
      fast: true,
    };
    // Emptied while the page was rendered: it may show what the change replaced.
    if (stored && renderedAt === this.emptied) this.put(key, page);
    return { page, stored: stored && renderedAt === this.emptied };
  }

  private put(key: string, page: CachedPage) {
    const previous = this.pages.get(key);
    if (previous) {
      this.pages.delete(key);
      this.bytes -= pageBytes(previous);
    }
    const size = pageBytes(page);
    if (size > this.options.maxBytes) return;
    // Maps iterate in insertion order: the least recently used entries go first.
    while (this.pages.size > 0 && (this.pages.size >= this.options.maxEntries || this.bytes + size > this.options.maxBytes)) {
      const [oldestKey, oldest] = this.pages.entries().next().value as [string, CachedPage];
      this.pages.delete(oldestKey);
      this.bytes -= pageBytes(oldest);
    }
    this.pages.set(key, page);
    this.bytes += size;
  }

  /** Re-compresses a page people ask for again at the best levels, one page at a time, after the current request. */
  private queueBestCompression(key: string, page: CachedPage) {
    page.fast = false;
    this.recompressing = this.recompressing.then(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.pages.get(key) !== page) return;
      const [gzipped, brotli] = await compress(page.body, BEST);
      // A new object: prepared headers (Content-Length) are kept per object.
      if (this.pages.get(key) === page) this.put(key, { ...page, gzip: gzipped, brotli, fast: false });
    });
  }

  /** Resolves once queued re-compressions are done (tests). */
  settled(): Promise<void> {
    return this.recompressing;
  }

  clear() {
    this.emptied += 1;
    this.pages.clear();
    this.bytes = 0;
  }

  get size() {
    return this.pages.size;
  }

  get totalBytes() {
    return this.bytes;
  }
}

const storedHeaderExclusions = new Set([
  "content-type",
  "content-length",
  "content-encoding",
  "set-cookie",
  "cache-control",
  "vary",
  "etag",
  SHARED_PAGE_HEADER.toLowerCase(),
]);

/** Path plus the declared parameters present in `search`, in a fixed order. */
function keyOf(pathname: string, search: string, parameters: string[]): string {
  if (parameters.length === 0 || !search) return pathname;
  const query = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of [...parameters].sort()) for (const value of query.getAll(name)) kept.append(name, value);
  const rest = kept.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
