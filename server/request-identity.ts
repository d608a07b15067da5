import { randomBytes, randomUUID } from "node:crypto";
import type http from "node:http";
import type { AppLoadContext } from "react-router";
import { localeOfPath } from "../app/lib/locale";

/** Who a request is: its id (a trusted proxy's, or a new one), a fresh CSP nonce, the client's address, and the language its address asks for. */
export function identify(req: http.IncomingMessage, trustProxy: boolean): AppLoadContext {
  return {
    requestId: requestIdFrom(req, trustProxy),
    nonce: randomBytes(16).toString("base64"),
    clientIp: clientIpFrom(req, trustProxy),
    locale: localeOfPath((req.url ?? "/").split("?", 1)[0] ?? "/"),
  };
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
