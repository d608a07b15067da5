import { data } from "react-router";
import type { ZodError } from "zod";
import { groupThousands } from "~/lib/numbers";
import { m } from "~/paraglide/messages";

export type AppErrorCode = "NOT_FOUND" | "FORBIDDEN" | "CONFLICT" | "INVALID" | "TOO_LARGE" | "RATE_LIMITED";

const statuses: Record<AppErrorCode, number> = {
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  CONFLICT: 409,
  INVALID: 400,
  /** An upload past its size limit (UPLOAD_MAX_MB), found while streaming it. */
  TOO_LARGE: 413,
  RATE_LIMITED: 429,
};

/**
 * What a form refused for its fields' sake says above them (each field says its own problem), in
 * English; `m.forms_correct_marked_fields()` says it in the request's language.
 */
export const CORRECT_THE_MARKED_FIELDS = "Please correct the marked fields";

type AppErrorOptions = {
  /** Problems with single fields, keyed by the form field's name (shown beside the field). */
  fieldErrors?: Record<string, string>;
  /** For RATE_LIMITED: when the person may try again (sent as `Retry-After`). */
  retryAfterSeconds?: number;
  cause?: unknown;
};

/**
 * An expected refusal by a domain function (not found, forbidden, conflict, invalid input,
 * too large an upload, over a rate limit), with a message fit to show the person. The only error type a domain
 * function throws on purpose; anything else is a fault and reaches the error page and the log.
 */
export class AppError extends Error {
  readonly fieldErrors: Record<string, string>;
  readonly retryAfterSeconds: number | undefined;
  /** The HTTP status this refusal answers with. */
  readonly status: number;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.fieldErrors = options.fieldErrors ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.status = statuses[code];
  }

  /**
   * A schema's refusal of a domain function's input: INVALID with each top-level field's first
   * problem beside it. `fields` keeps only those names, for a schema that judges more than its
   * form shows (a problem with no field to stand beside is then left to the message).
   */
  static fromZod(error: ZodError, options: { message?: string; fields?: readonly string[] } = {}): AppError {
    const fieldErrors: Record<string, string> = {};
    for (const issue of error.issues) {
      const field = issue.path[0];
      if (typeof field !== "string" || (options.fields && !options.fields.includes(field))) continue;
      fieldErrors[field] ??= issue.message;
    }
    return new AppError("INVALID", options.message ?? m.forms_correct_marked_fields(), { fieldErrors });
  }
}

/** A rate limit's refusal: "Too many attempts. Please wait 3 minutes and try again." (in the request's language) and Retry-After. */
export function rateLimited(retryAfterSeconds: number, prefix = ""): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError("RATE_LIMITED", `${prefix}${m.forms_too_many_attempts({ wait: formatWait(seconds) })}`, {
    retryAfterSeconds: seconds,
  });
}

export function isAppError(error: unknown, code?: AppErrorCode): error is AppError {
  return error instanceof AppError && (code === undefined || error.code === code);
}

/** The status and headers an AppError answers with: `Retry-After` (seconds) for a rate limit. */
export function appErrorInit(error: AppError): { status: number; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  if (error.code === "RATE_LIMITED") headers["Retry-After"] = String(Math.max(1, error.retryAfterSeconds ?? 60));
  return { status: error.status, headers };
}

/**
 * THE way a route answers an expected refusal. Anything that is not an AppError is
 * rethrown, so faults still reach the error page (and the log) as faults.
 *
 * - An action or loader that shows a form: `return replyWithError(error, (e) => ({ result: submission.reply({ formErrors: [e.message] }) }))`
 *   answers the form's own failure with the error's status (and Retry-After).
 * - A loader that cannot render at all: `throw replyWithError(error)` reaches the
 *   route's ErrorBoundary with the status and the message.
 * The route must export `headers` from `~/lib/headers` for Retry-After to reach the browser.
 */
export function replyWithError<T = string>(error: unknown, body?: (error: AppError) => T) {
  if (!(error instanceof AppError)) throw error;
  const payload = body ? body(error) : (error.message as T);
  return data(payload, appErrorInit(error));
}

/** For resource routes (no component, no `headers` export): a plain-text Response. */
export function errorResponse(error: unknown): Response {
  if (!(error instanceof AppError)) throw error;
  const init = appErrorInit(error);
  return new Response(error.message, {
    status: init.status,
    headers: { ...init.headers, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** A wait in seconds, minutes or hours, in the request's language: "3 minutes", "৩ মিনিট". */
export function formatWait(seconds: number): string {
  const count = (value: number) => ({ count: value, countText: groupThousands(value) });
  if (seconds < 60) return m.forms_wait_seconds(count(seconds));
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return m.forms_wait_minutes(count(minutes));
  return m.forms_wait_hours(count(Math.ceil(minutes / 60)));
}
