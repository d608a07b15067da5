import type http from "node:http";
import type { Logger } from "pino";
import type { AppLoadContext } from "react-router";
import { apiErrorCodeOf, apiErrorJson, isApiPath } from "~/lib/api-envelope";

/** One request on its way through the server's steps (server/http-server.ts), with its answer. */
export type Exchange = {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  /** The address as the client asked for it: path and query. */
  url: string;
  pathname: string;
  method: string;
  /** What the app is told of the request: its id, its CSP nonce and the client's address. */
  context: AppLoadContext;
  logger: Logger;
};

/** The methods whose body the server reads (and limits) on the app's behalf. */
const bodyMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function hasBody(method: string): boolean {
  return bodyMethods.has(method);
}

/** A short plain-text answer that no cache keeps: health checks and refusals. */
export function sendText(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  res.end(body);
}

/** A short refusal: the API's JSON envelope under /api/v1/ (ADR 033), plain text elsewhere. */
export function sendShortRefusal(res: http.ServerResponse, pathname: string, status: number, message: string) {
  if (!isApiPath(pathname)) return sendText(res, status, message);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
  res.end(apiErrorJson(apiErrorCodeOf(status), message));
}
