import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";

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
 * The browser build is small and never changes while the process runs, so it is read
 * once, compressed once, and served from memory. Hashed assets are cached for a year.
 */
export function loadStaticFiles(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const relative of walk(clientDir)) {
    const urlPath = `/${relative.split(path.sep).join("/")}`;
    const body = readFileSync(path.join(clientDir, relative));
    const contentType = contentTypes[path.extname(relative).toLowerCase()] ?? "application/octet-stream";
    // Every text file, however small: a first visit loads a dozen chunks of a few hundred bytes.
    const shouldCompress = compressible.test(contentType);
    files.set(urlPath, {
      body,
      contentType,
      brotli: shouldCompress
        ? smaller(brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }), body)
        : undefined,
      gzip: shouldCompress ? smaller(gzipSync(body, { level: 9 }), body) : undefined,
      cacheControl: urlPath.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      etag: `"${body.length.toString(16)}-${hash(body)}"`,
    });
  }
  return files;
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

/** Picks the best encoding the client accepts among those we have. */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  if (/\bbr\b/.test(acceptEncoding)) return "br";
  if (/\bgzip\b/.test(acceptEncoding)) return "gzip";
  return undefined;
}

export type { StaticFile };
