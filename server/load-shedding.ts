import type http from "node:http";
import { performance } from "node:perf_hooks";
import type { AppLoadContext } from "react-router";
import { DATABASE_RETRY_AFTER_SECONDS } from "../app/lib/unavailable";
import { type Exchange, hasBody } from "./exchange";
import { sendRefusal } from "./refusals";

/** How long a client turned away for load is asked to wait, in seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 2;
export const BUSY_MESSAGE = "Onward is very busy right now. Please try again in a few seconds.";

/** How long the event loop may have been busy without a break before new requests are turned away. */
export const MAX_LOOP_BUSY_MS = 1_000;
/** How often the loop's timer phase is marked: the resolution of `busyFor`. */
const LOOP_MARK_MS = 20;

/**
 * Load shedding, on two signals, checked as each request arrives; a request turned away is
 * answered 503 with Retry-After at once, for next to nothing, instead of waiting behind the others
 * until every answer is late.
 *
 * - Requests being worked on at once (at most `limit`, MAX_IN_FLIGHT): what queues inside the
 *   process while requests wait for PostgreSQL or storage. A request counts from the moment its
 *   body has arrived (at once without one) until its answer is sent: a phone still uploading holds
 *   no place, so clients that trickle their bodies cannot crowd everyone else out.
 * - How long the event loop has gone without reaching its timers (`busyFor`): what queues in the
 *   sockets. On the embedded database a request is mostly worked through in one go, so hundreds
 *   of waiting requests never show as "in flight": they wait unread while the loop works through
 *   those before them, and a request read after the loop has been busy for MAX_LOOP_BUSY_MS has
 *   waited about that long already. Then page views are turned away for as long again, whatever
 *   the loop does meanwhile: the requests already waiting are answered in a fraction of a
 *   millisecond each instead of being worked on, and the backlog is gone within that time.
 *
 * A write (a form someone filled in) is let in until twice either limit: under a flood of page
 * views, people's posts are turned away last. Probes, static files and cached pages never reach
 * this step.
 */
export class Admission {
  #working = 0;
  /** Until when (performance.now()) page views are turned away after the loop was found too busy. */
  #shedUntil = 0;
  /** The loop's utilization when its timers last ran: busy time since is measured from it. */
  #mark = performance.eventLoopUtilization();
  readonly #marker: NodeJS.Timeout;

  constructor(
    readonly limit: number,
    readonly maxBusyMs = MAX_LOOP_BUSY_MS,
  ) {
    this.#marker = setInterval(() => {
      this.#mark = performance.eventLoopUtilization();
    }, LOOP_MARK_MS);
    this.#marker.unref();
  }

  /** Requests being worked on now. */
  get working(): number {
    return this.#working;
  }

  /**
   * How long the event loop has been working since it last ran its timers, in ms. Working, not
   * waiting: time the process spent descheduled while idle (a machine busy with other work) is
   * not counted, so only our own backlog turns requests away.
   */
  busyFor(): number {
    return Math.max(0, performance.eventLoopUtilization(this.#mark).active - LOOP_MARK_MS);
  }

  /** Lets the request in and counts it while it is worked on (true); false when the server is too busy. */
  admit(req: http.IncomingMessage, res: http.ServerResponse, method: string): boolean {
    const write = hasBody(method);
    const busy = this.busyFor();
    const now = performance.now();
    if (busy > this.maxBusyMs) this.#shedUntil = now + this.maxBusyMs;
    if (write ? busy > 2 * this.maxBusyMs : now < this.#shedUntil) return false;
    if (this.#working >= (write ? 2 : 1) * this.limit) return false;
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

  /** Stops marking the loop (a server closed in tests). */
  stop() {
    clearInterval(this.#marker);
  }
}

/** Requests turned away since the last log line about them: one line a second at most, however many. */
let turnedAway = 0;
let lastLogged = 0;

/** The answer to a request turned away for load: 503, Retry-After, the connection closed (a body still coming is drained). */
export function sendBusy({ req, res, logger }: Exchange) {
  turnedAway += 1;
  if (performance.now() - lastLogged >= 1_000) {
    logger.warn({ turnedAway }, "turned requests away: too busy");
    lastLogged = performance.now();
    turnedAway = 0;
  }
  res.setHeader("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
  sendRefusal(req, res, 503, BUSY_MESSAGE);
}

/**
 * A 500 that happened only because the database could not be reached (the app marked the request,
 * app/.server/database-unavailable.ts) becomes a 503 with Retry-After: the request was fine and will
 * likely work in a few seconds, and a proxy or client that retries may do so.
 */
export function unavailableWhenDatabaseDown(response: Response, context: AppLoadContext): Response {
  if (response.status !== 500 || !context.databaseUnavailable) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}
