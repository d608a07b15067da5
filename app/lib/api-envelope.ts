/**
 * The JSON API's one envelope (ADR 033), shared by the HTTP server's early refusals (server/) and
 * the API's routes: `{ status: "Success", data, meta? }` or `{ status: "Error", error: { code,
 * message, fields? } }`, with the HTTP status that fits.
 */

/** Where the API lives; under it every answer, refusals included, is the envelope. */
export const API_PREFIX = "/api/v1/";

export function isApiPath(pathname: string): boolean {
  return pathname.startsWith(API_PREFIX) || pathname === API_PREFIX.slice(0, -1);
}

/** A list's page: `page` from 1, `pageSize` at most MAX_PAGE_SIZE, `total` of all matches. */
export type ApiMeta = { page: number; pageSize: number; total: number };

export type ApiErrorBody = { code: ApiErrorCode; message: string; fields?: Record<string, string> };

/** The error codes, each with its HTTP status. */
export const apiErrorStatuses = {
  INVALID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ApiErrorCode = keyof typeof apiErrorStatuses;

/** The code of a status the server refuses with before any route runs. */
export function apiErrorCodeOf(status: number): ApiErrorCode {
  const found = (Object.entries(apiErrorStatuses) as [ApiErrorCode, number][]).find(([, known]) => known === status);
  if (found) return found[0];
  return status >= 500 ? "INTERNAL" : "INVALID";
}

export function apiErrorJson(code: ApiErrorCode, message: string, fields?: Record<string, string>): string {
  const error: ApiErrorBody = fields && Object.keys(fields).length > 0 ? { code, message, fields } : { code, message };
  return JSON.stringify({ status: "Error", error });
}
