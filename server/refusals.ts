import http from "node:http";
import type { Duplex } from "node:stream";
import { apiErrorCodeOf, apiErrorJson, isApiPath } from "~/lib/api-envelope";

const refusalHeadings: Record<number, string> = { 408: "Timed out", 413: "Too large", 503: "Very busy" };

/**
 * A short refusal of a request body; the connection is closed afterwards, so a body still on its
 * way is never handed to the app. While the client is still sending, the socket lingers (see `lingerOnClose`).
 */
export function sendRefusal(req: http.IncomingMessage, res: http.ServerResponse, status: number, message: string) {
  if (!req.complete) lingerOnClose(req);
  if (isApiPath((req.url ?? "/").split("?")[0] ?? "/")) {
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", Connection: "close" });
    res.end(apiErrorJson(apiErrorCodeOf(status), message));
    return;
  }
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status}</title></head><body><h1>${refusalHeadings[status] ?? "Not accepted"}</h1><p>${message}</p><p><a href="/">Onward home</a></p></body></html>`;
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
export function lingerOnClose(req: http.IncomingMessage) {
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
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
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
