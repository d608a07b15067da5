import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import type { Exchange } from "./exchange";

type StaticFile = {
  body: Buffer;
  brotli?: Buffer;
  gzip?: Buffer;
  contentType: string;
  cacheControl: string;
  etag: string;
};

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
};

const compressible = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg\+xml)/;

/**
 * The browser build is small and never changes while the process runs, so it is read once and
 * served from memory, each text file with its brotli and gzip forms. Those are read from the
 * `.br` and `.gz` files `npm run build` writes beside it (`precompressStaticFiles`); a build
 * without them is compressed here, at start-up. Hashed assets are cached for a year.
 */
export function loadStaticFiles(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const relative of walk(clientDir)) {
    if (isCompressedForm(clientDir, relative)) continue;
    const urlPath = `/${relative.split(path.sep).join("/")}`;
    const file = path.join(clientDir, relative);
    const body = readFileSync(file);
    const contentType = contentTypeOf(relative);
    // Every text file, however small: a first visit loads a dozen chunks of a few hundred bytes.
    const forms = compressible.test(contentType) ? (readCompressedForms(file, body) ?? compress(body)) : {};
    files.set(urlPath, {
      body,
      contentType,
      ...forms,
      cacheControl: urlPath.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      etag: `"${body.length.toString(16)}-${hash(body)}"`,
    });
  }
  return files;
}

/**
 * Writes `name.br` and `name.gz` beside every text file of a browser build, at the best levels:
 * run once by `npm run build`, so a server start reads them instead of spending a second and more
 * of CPU compressing (every test file that starts a server paid it). Returns how many files it compressed.
 */
export function precompressStaticFiles(clientDir: string): number {
  let count = 0;
  for (const relative of walk(clientDir)) {
    if (isCompressedForm(clientDir, relative) || !compressible.test(contentTypeOf(relative))) continue;
    const file = path.join(clientDir, relative);
    const body = readFileSync(file);
    // Both forms are written even when no smaller: their presence says the file was done.
    writeFileSync(`${file}.br`, bestBrotli(body));
    writeFileSync(`${file}.gz`, bestGzip(body));
    count++;
  }
  return count;
}

const bestBrotli = (body: Buffer) => brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
const bestGzip = (body: Buffer) => gzipSync(body, { level: 9 });

function compress(body: Buffer): Pick<StaticFile, "brotli" | "gzip"> {
  return { brotli: smaller(bestBrotli(body), body), gzip: smaller(bestGzip(body), body) };
}

/** The forms `precompressStaticFiles` wrote for a file, or undefined when it did not run. */
function readCompressedForms(file: string, body: Buffer): Pick<StaticFile, "brotli" | "gzip"> | undefined {
  if (!existsSync(`${file}.br`) || !existsSync(`${file}.gz`)) return undefined;
  return { brotli: smaller(readFileSync(`${file}.br`), body), gzip: smaller(readFileSync(`${file}.gz`), body) };
}

/** A `.br` or `.gz` written beside a file of the build: part of that file, not a page of its own. */
function isCompressedForm(clientDir: string, relative: string): boolean {
  return /\.(br|gz)$/.test(relative) && existsSync(path.join(clientDir, relative.slice(0, -3)));
}

function contentTypeOf(relative: string): string {
  return contentTypes[path.extname(relative).toLowerCase()] ?? "application/octet-stream";
}

/** The compressed bytes, or nothing when they are no smaller than the file itself. */
function smaller(compressed: Buffer, body: Buffer): Buffer | undefined {
  return compressed.length < body.length ? compressed : undefined;
}

function* walk(root: string, dir = ""): Generator<string> {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(root, relative);
    else if (entry.isFile()) yield relative;
  }
}

function hash(body: Buffer): string {
  let h = 0x811c9dc5;
  for (const byte of body) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h.toString(16);
}

/** Answers a GET or HEAD for a file of the browser build from memory (true), with its ETag and compressed form. */
export function serveStaticFile({ req, res, method, pathname }: Exchange, staticFiles: Map<string, StaticFile>): boolean {
  const file = (method === "GET" || method === "HEAD") && staticFiles.get(pathname);
  if (!file) return false;
  res.setHeader("Cache-Control", file.cacheControl);
  res.setHeader("ETag", file.etag);
  res.setHeader("Content-Type", file.contentType);
  if (file.gzip || file.brotli) res.setHeader("Vary", "Accept-Encoding");
  if (req.headers["if-none-match"] === file.etag) {
    res.writeHead(304);
    res.end();
    return true;
  }
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  const body = (encoding === "br" && file.brotli) || (encoding === "gzip" && file.gzip) || file.body;
  if (body !== file.body && encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.writeHead(200);
  res.end(method === "HEAD" ? undefined : body);
  return true;
}

/** Picks the best encoding the client accepts among those we have. */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  if (/\bbr\b/.test(acceptEncoding)) return "br";
  if (/\bgzip\b/.test(acceptEncoding)) return "gzip";
  return undefined;
}

export type { StaticFile };
