import type http from "node:http";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { brotliCompressSync, createBrotliCompress, createGzip, gzipSync, constants as zlibConstants } from "node:zlib";
import { lingerOnClose } from "./refusals";
import { pickEncoding } from "./static-files";

const compressibleType = /^(text\/|application\/(json|xml|javascript|manifest\+json)|image\/svg\+xml)/;

/**
 * Writes a fetch Response. A body the app produces in one burst (every page without deferred
 * data) is gathered and sent in one piece, compressed in one pass with a Content-Length; a body
 * that pauses (a streamed page, a download) is streamed, its compressor flushed after each burst.
 */
export async function sendResponse(req: http.IncomingMessage, res: http.ServerResponse, response: Response) {
  if (!req.complete) closeAfterAnswer(req, res);
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

/**
 * The app answered before the body finished arriving (refused before reading it: a JSON API call
 * with an expired token and a large upload). What is left is never read, so the connection must
 * not be kept for another request: it closes after the answer, lingering while the client is still
 * sending (lingerOnClose). Kept alive, it was cut, and the client's next request on it failed with
 * a reset (found by the fuzz tests).
 */
function closeAfterAnswer(req: http.IncomingMessage, res: http.ServerResponse) {
  lingerOnClose(req);
  res.setHeader("Connection", "close");
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

/** A Vary header with one more field. */
export function appendVary(current: number | string | string[] | undefined, value: string): string {
  const existing = Array.isArray(current) ? current.join(", ") : current ? String(current) : "";
  return existing ? `${existing}, ${value}` : value;
}
