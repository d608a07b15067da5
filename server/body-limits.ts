import type http from "node:http";
import type { ServerRouteHandle } from "../app/lib/route-handle";
import type { Exchange } from "./exchange";
import { type CountRateLimit, countRefusedBody, type RefusedBodyLimit } from "./rate-limits";
import { sendRefusal } from "./refusals";
import { TOO_LARGE_MESSAGE } from "./request-body";

/** What a route accepts as a request body: how many bytes, and the rate limit a refusal counts against. */
export type BodyRules = { maxBytes: number; refusedBodyLimit: RefusedBodyLimit | undefined };

/** Room for a form's text fields (and multipart's part headers) beside its files. */
const FIELDS_ALLOWANCE_BYTES = 64 * 1024;

/** The largest body a route accepts: its uploads at UPLOAD_MAX_MB each, its own figure, or MAX_BODY_KB. */
export function bodyRulesFrom(rules: ServerRouteHandle, config: { uploadMaxBytes: number; maxBodyBytes: number }): BodyRules {
  const maxBytes = rules.maxUploadFiles
    ? rules.maxUploadFiles * config.uploadMaxBytes + FIELDS_ALLOWANCE_BYTES
    : (rules.maxBodyBytes ?? config.maxBodyBytes);
  return { maxBytes, refusedBodyLimit: rules.refusedBodyLimit };
}

/**
 * Refuses a body before the app reads it: over the route's size limit by its declared length
 * (413, counted against the route's rate limit), or not a form where a form is expected (415 / 400).
 * True when it refused. A body without a declared length is limited as it arrives (request-body.ts).
 */
export async function refuseBodyUpFront(exchange: Exchange, rules: BodyRules, countRateLimit: CountRateLimit): Promise<boolean> {
  const { req, res, method, pathname, logger } = exchange;
  const refusal = bodyRefusal(req, pathname, rules.maxBytes);
  if (!refusal) return false;
  if (refusal.status === 413) await countRefusedBody(countRateLimit, rules.refusedBodyLimit, exchange.context.clientIp);
  logger.warn({ method, path: pathname, contentType: req.headers["content-type"], status: refusal.status }, refusal.message);
  sendRefusal(req, res, refusal.status, refusal.message);
  return true;
}

const formContentTypes = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** Why a body is refused before it is read, if it is. Resource routes under /api/ read their own types. */
function bodyRefusal(req: http.IncomingMessage, pathname: string, limit: number): { status: number; message: string } | undefined {
  const length = req.headers["content-length"];
  if (length !== undefined && !(Number(length) <= limit)) return { status: 413, message: TOO_LARGE_MESSAGE };
  if (pathname.startsWith("/api/")) return undefined;
  const contentType = req.headers["content-type"];
  if (!contentType && (length === undefined || length === "0")) return undefined;
  const [type = "", ...parameters] = (contentType ?? "").split(";").map((part) => part.trim());
  if (!formContentTypes.has(type.toLowerCase())) {
    return {
      status: 415,
      message: "This address accepts form submissions only (application/x-www-form-urlencoded or multipart/form-data).",
    };
  }
  if (type.toLowerCase() === "multipart/form-data") {
    const boundary = parameters.find((parameter) => parameter.toLowerCase().startsWith("boundary="))?.slice("boundary=".length);
    if (!boundary || !/^"?[0-9A-Za-z'()+_,\-./:=? ]{1,70}"?$/.test(boundary)) {
      return { status: 400, message: "The form's multipart content type has no valid boundary." };
    }
  }
  return undefined;
}
