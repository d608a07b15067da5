import { createRequest } from "@remix-run/node-fetch-server";
import type { AppLoadContext } from "react-router";
import { CLIENT_IP_HEADER } from "../app/lib/client-ip";
import type { BodyRules } from "./body-limits";
import type { Exchange } from "./exchange";
import { type CountRateLimit, countRefusedBody } from "./rate-limits";
import { sendRefusal } from "./refusals";
import { watchBody } from "./request-body";

/** React Router's request handler (or a test's stand-in). */
export type AppHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

type AppOptions = {
  handler: AppHandler;
  trustProxy: boolean;
  /** The route's body rules for a request with a body; none for one without. */
  bodyRules: BodyRules | undefined;
  /** How long a request body may go without a byte. */
  bodyIdleTimeoutMs: number;
  countRateLimit: CountRateLimit;
};

/**
 * Hands the request to the app, its body read as it arrives: cut off when it goes silent, or
 * (without a declared length) past its limit. Returns the app's answer, or undefined when the
 * body was cut off and the refusal already sent instead.
 */
export async function runApp(exchange: Exchange, options: AppOptions): Promise<Response | undefined> {
  const { req, res, method, pathname, context, logger } = exchange;
  const request = createRequest(req, res, { trustProxy: options.trustProxy });
  // Only our server may say who the client is: a client's own copy of the header is replaced.
  request.headers.set(CLIENT_IP_HEADER, context.clientIp);
  const rules = options.bodyRules;
  const body = rules
    ? watchBody(req, {
        maxBytes: req.headers["content-length"] === undefined ? rules.maxBytes : undefined,
        idleMs: options.bodyIdleTimeoutMs,
      })
    : undefined;
  res.once("close", () => body?.stop());
  let response: Response;
  try {
    response = await options.handler(request, context);
  } catch (error) {
    if (!body?.refusal()) throw error;
    response = new Response(null, { status: 400 });
  }
  const refusal = body?.refusal();
  if (!refusal) return response;
  await response.body?.cancel();
  if (refusal.status === 413) await countRefusedBody(options.countRateLimit, rules?.refusedBodyLimit, context.clientIp);
  logger.warn({ method, path: pathname, status: refusal.status }, "cut off a request body");
  sendRefusal(req, res, refusal.status, refusal.message);
  return undefined;
}
