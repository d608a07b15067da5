import { data } from "react-router";
import { RateLimitedError } from "./security/rate-limit";

type Code = "NOT_FOUND" | "FORBIDDEN" | "CONFLICT" | "INVALID";

const statuses: Record<Code, number> = { NOT_FOUND: 404, FORBIDDEN: 403, CONFLICT: 409, INVALID: 400 };

/** An expected failure of a domain function, with a message fit to show the person. */
export class AppError extends Error {
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
    this.name = "AppError";
  }
  get status() {
    return statuses[this.code];
  }
}

/**
 * For actions: turns an expected failure into the form's error response (the message,
 * the right status, and what was typed), and lets anything else reach the error page.
 */
export function formFailure<V extends Record<string, string>>(error: unknown, values: V) {
  if (error instanceof RateLimitedError) {
    return data(
      { formError: error.message, errors: {} as Record<string, string>, values },
      { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
    );
  }
  if (error instanceof AppError) {
    return data({ formError: error.message, errors: {} as Record<string, string>, values }, { status: error.status });
  }
  throw error;
}
