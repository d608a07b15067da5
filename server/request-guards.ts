import type http from "node:http";
import { isApiPath } from "~/lib/api-envelope";
import { type Exchange, sendShortRefusal } from "./exchange";

const allowedMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/**
 * A percent-encoded control character (C0, DEL, or C1 in UTF-8) or line or paragraph separator
 * (U+2028, U+2029) in a path. The separators are line terminators to JavaScript's `.`, so a route
 * pattern's splat would not match across them (found by the fuzz tests: an API path holding one
 * answered the HTML 404 page instead of the API's envelope).
 */
const encodedControlCharacter = /%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f]|e2%80%a[89])/i;

/** Refuses what no page answers: an address with a control character (404), a method we do not serve (405). True when it refused. */
export function refuseUnservable({ pathname, method, res, logger }: Exchange): boolean {
  // No page's address holds a control character (an id or slug with %00 would reach a query).
  if (encodedControlCharacter.test(pathname)) {
    sendShortRefusal(res, pathname, 404, "There is no such page.");
    return true;
  }
  if (!allowedMethods.has(method)) {
    logger.warn({ method }, "refused a request method");
    res.setHeader("Allow", "GET, HEAD, POST");
    sendShortRefusal(res, pathname, 405, "This method is not allowed.");
    return true;
  }
  return false;
}

/**
 * Refuses a state-changing request from another site (403). True when it refused. The JSON API
 * is exempt: it takes a bearer token in the Authorization header and never a cookie, so a page
 * on another site has nothing to forge with (ADR 033).
 */
export function refuseCrossSite({ req, res, pathname, logger }: Exchange, trustedOrigins: string[]): boolean {
  if (isApiPath(pathname) || !isCrossSiteWrite(req, trustedOrigins)) return false;
  logger.warn({ origin: req.headers.origin, fetchSite: req.headers["sec-fetch-site"] }, "refused a cross-site request");
  sendShortRefusal(res, pathname, 403, "Cross-site requests are not accepted.");
  return true;
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every state-changing request, resource routes
 * included: the Origin must be one of ours, and the browser must not call it cross-site.
 * A request with neither header (a non-browser client) is treated as same-site.
 */
export function isCrossSiteWrite(req: http.IncomingMessage, trustedOrigins: string[]): boolean {
  if (safeMethods.has(req.method ?? "GET")) return false;
  const origin = req.headers.origin;
  if (origin && origin !== "null" && !trustedOrigins.includes(origin)) return true;
  if (origin === "null") return true;
  return req.headers["sec-fetch-site"] === "cross-site";
}
