import { z } from "zod";
import { isDatabaseUnavailable } from "~/.server/database-unavailable";
import { AppError, CORRECT_THE_MARKED_FIELDS } from "~/.server/errors";
import { logger } from "~/.server/logger";
import { type ApiErrorCode, type ApiMeta, apiErrorJson, apiErrorStatuses } from "~/lib/api-envelope";
import { CONTROL_CHARACTERS_REMOVED, ONE_LINE_ONLY, onOneLine, SECRET_FIELDS, withoutControlsButLineBreaks } from "~/lib/form-text";
import { isMultiline } from "~/lib/schemas/multiline";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE } from "~/lib/unavailable";

/** The largest page a list answers. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

const jsonHeaders = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

export function apiSuccess(data: unknown, options: { meta?: ApiMeta; status?: number; headers?: Record<string, string> } = {}): Response {
  const body = options.meta ? { status: "Success", data, meta: options.meta } : { status: "Success", data };
  return new Response(JSON.stringify(body), { status: options.status ?? 200, headers: { ...jsonHeaders, ...options.headers } });
}

/**
 * A refusal in the envelope. Every refusal is logged at `warn` with its code (a caller's mistake,
 * not ours); the message is the one a form shows for the same problem.
 */
export function apiFailure(
  code: ApiErrorCode,
  message: string,
  options: { fields?: Record<string, string>; headers?: Record<string, string>; request?: Request } = {},
): Response {
  const status = apiErrorStatuses[code];
  if (status < 500) {
    const url = options.request ? new URL(options.request.url) : null;
    logger.warn({ code, status, method: options.request?.method, path: url?.pathname, fields: options.fields }, message);
  }
  return new Response(apiErrorJson(code, message, options.fields), { status, headers: { ...jsonHeaders, ...options.headers } });
}

const appErrorCodes: Record<AppError["code"], ApiErrorCode> = {
  NOT_FOUND: "NOT_FOUND",
  FORBIDDEN: "FORBIDDEN",
  CONFLICT: "CONFLICT",
  INVALID: "INVALID",
  TOO_LARGE: "TOO_LARGE",
  RATE_LIMITED: "RATE_LIMITED",
};

/** A refusal only the API makes (no domain function has its code): a body that is not JSON, a wrong password's 401. */
export class ApiRefusal extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A refusal (ApiRefusal, or a domain function's AppError) as the envelope; anything else is a fault: logged, and a 500 that says nothing more. */
export function apiErrorResponse(error: unknown, request: Request): Response {
  if (error instanceof ApiRefusal) return apiFailure(error.code, error.message, { fields: error.fields, request });
  if (error instanceof AppError) {
    const headers: Record<string, string> = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
    return apiFailure(appErrorCodes[error.code], error.message, { fields: error.fieldErrors, headers, request });
  }
  logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "an API call failed");
  if (isDatabaseUnavailable(error)) {
    return apiFailure("UNAVAILABLE", DATABASE_UNAVAILABLE, { headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } });
  }
  return apiFailure("INTERNAL", "Something went wrong on our side. Please try again later.");
}

/** A field the request named that the operation does not take. */
export const NOT_A_FIELD = "This field is not accepted here.";

/** A schema's refusal as an AppError: each field's first problem by its name. */
export function refusalOf(error: z.ZodError, message = CORRECT_THE_MARKED_FIELDS): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    fields[typeof field === "string" ? field : "body"] ??= issue.message;
  }
  return new AppError("INVALID", message, { fieldErrors: fields });
}

/**
 * Checks `value` against `schema`; throws the refusal. A name the schema does not have is refused
 * by name: a `role` or `status` slipped into a write is never silently ignored.
 */
export function parseStrict<S extends z.ZodObject>(schema: S, value: Record<string, unknown>, message?: string): z.output<S> {
  // Own names, `__proto__` and `constructor` included (JSON.parse makes them own properties).
  const unknown = Object.keys(value).filter((name) => !Object.hasOwn(schema.shape, name));
  if (unknown.length > 0) {
    throw new AppError("INVALID", message ?? CORRECT_THE_MARKED_FIELDS, {
      fieldErrors: Object.fromEntries(unknown.map((name) => [name, NOT_A_FIELD])),
    });
  }
  // As a form's fields (clean-form.ts, parse-form.ts): no value but a password keeps a control
  // character (a NUL would reach the database), and only a multi-line field keeps a line break; the
  // field is refused with the form's words rather than quietly changed.
  const problems: Record<string, string> = {};
  for (const [name, field] of Object.entries(value)) {
    if (SECRET_FIELDS.includes(name)) continue;
    const texts = [field].flat().filter((text): text is string => typeof text === "string");
    if (texts.some((text) => withoutControlsButLineBreaks(text) !== text)) problems[name] = CONTROL_CHARACTERS_REMOVED;
    else if (!isMultiline(schema.shape[name]) && texts.some((text) => onOneLine(text) !== text)) problems[name] = ONE_LINE_ONLY;
  }
  if (Object.keys(problems).length > 0) {
    throw new AppError("INVALID", message ?? CORRECT_THE_MARKED_FIELDS, { fieldErrors: problems });
  }
  const result = schema.safeParse(value);
  if (!result.success) throw refusalOf(result.error, message);
  return result.data as z.output<S>;
}

/**
 * The request's JSON body as an object: 415 for another content type, 400 for text that is not
 * JSON or not an object. The HTTP server has already capped its size (MAX_BODY_KB, 413).
 * A lone surrogate escape ("\ud800") becomes U+FFFD, as a browser's form encoding makes it: it is
 * no character, and PostgreSQL refuses it in a JSON column.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    throw new ApiRefusal("UNSUPPORTED_MEDIA_TYPE", "This address takes a JSON body (Content-Type: application/json).");
  }
  const text = await request.text();
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text, (_name, field) => (typeof field === "string" ? wellFormed(field) : field));
  } catch {
    throw new AppError("INVALID", "The body is not valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new AppError("INVALID", "The body must be a JSON object.");
  return value as Record<string, unknown>;
}

const loneSurrogates = /\p{Cs}/gu;
const wellFormed = (text: string) => text.replace(loneSurrogates, "\uFFFD");

/** `page` and `pageSize` of a list's query, checked (a pageSize over MAX_PAGE_SIZE is refused, not cut). */
export const pageQuery = z.object({
  page: z.coerce
    .number({ error: "Use a whole number from 1" })
    .int("Use a whole number from 1")
    .min(1, "Use a whole number from 1")
    .default(1),
  pageSize: z.coerce
    .number({ error: `Use a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int(`Use a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `Use a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `Use a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});

/** `page` alone, for the lists whose page size is their page's own (the booking lists): `meta.pageSize` says it. */
export const pageOnlyQuery = pageQuery.pick({ page: true });
