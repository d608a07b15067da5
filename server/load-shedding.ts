import type http from "node:http";
import type { AppLoadContext } from "react-router";
import { DATABASE_RETRY_AFTER_SECONDS } from "../app/lib/unavailable";
import { type Exchange, hasBody } from "./exchange";
import { sendRefusal } from "./refusals";

/** How long a client turned away for load is asked to wait, in seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 2;
export const BUSY_MESSAGE = "Onward is very busy right now. Please try again in a few seconds.";

/**
 * Load shedding: the app works on at most `limit` requests at once (MAX_IN_FLIGHT); one that
 * arrives while it is full is answered 503 with Retry-After at once, for next to nothing, instead
 * of waiting behind the others until every answer is late. A request is counted from the moment
 * its body has arrived (at once without one) until its answer is sent: a phone still uploading
 * holds no place, so clients that trickle their bodies cannot crowd everyone else out. A write
 * (a form someone filled in) may still come in until twice `limit` are in flight: under a flood of
 * page views, people's posts are turned away last. Probes, static files and cached pages never
 * reach this step.
 */
export class Admission {
  #working = 0;

  constructor(readonly limit: number) {}

  /** Requests being worked on now. */
  get working(): number {
    return this.#working;
  }

  /** Lets the request in and counts it while it is worked on (true); false when the server is full. */
  admit(req: http.IncomingMessage, res: http.ServerResponse, method: string): boolean {
    if (this.#working >= (hasBody(method) ? 2 * this.limit : this.limit)) return false;
    let counted = false;
    let answered = false;
    const start = () => {
      if (counted || answered) return;
      counted = true;
      this.#working++;
    };
    res.once("close", () => {
      answered = true;
      if (counted) this.#working--;
    });
    if (hasBody(method)) req.once("end", start);
    else start();
    return true;
  }
}

/** The answer to a request turned away for load: 503, Retry-After, the connection closed (a body still coming is drained). */
export function sendBusy({ req, res, logger }: Exchange) {
  logger.warn({ method: req.method, path: req.url }, "turned a request away: too many in flight");
  res.setHeader("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
  sendRefusal(req, res, 503, BUSY_MESSAGE);
}

/**
 * A 500 that happened only because the database could not be reached (the app marked the request,
 * app/.server/db/unavailable.ts) becomes a 503 with Retry-After: the request was fine and will
 * likely work in a few seconds, and a proxy or client that retries may do so.
 */
export function unavailableWhenDatabaseDown(response: Response, context: AppLoadContext): Response {
  if (response.status !== 500 || !context.databaseUnavailable) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}
