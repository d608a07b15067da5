import type { SubmissionResult } from "@conform-to/react";
import { CODE_ALREADY_USED, CONFIRM_EMAIL_FIRST, GOOGLE_UNAVAILABLE, INVALID_CREDENTIALS } from "~/.server/auth/accounts";
import { PASSWORD_MESSAGES } from "~/.server/auth/password-policy";
import { AppError } from "~/.server/errors";
import { PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG } from "~/lib/form-limits";
import { getLocale } from "~/lib/locale";
import { groupThousands } from "~/lib/numbers";
import { m } from "~/paraglide/messages";

/**
 * The account functions (app/.server/auth/accounts.ts) and the password policy refuse in English;
 * the sign-in pages show those refusals in the page's language. English pages get them exactly as
 * thrown. A refusal not listed here (a new one) is shown as it is rather than lost.
 */
const refusals: Record<string, () => string> = {
  [INVALID_CREDENTIALS]: m.auth_refusal_invalid_credentials,
  [CONFIRM_EMAIL_FIRST]: m.auth_refusal_confirm_email_first,
  [CODE_ALREADY_USED]: m.auth_refusal_code_used,
  "That code is not right. Check your app and try again.": m.auth_refusal_code_wrong,
  "Your sign-in has expired. Please sign in again.": m.auth_refusal_sign_in_expired,
  "That was too many wrong codes for one sign-in. Please sign in again with your password.": m.auth_refusal_too_many_codes_for_sign_in,
  "Too many wrong codes. Please sign in again in a few minutes.": m.auth_refusal_too_many_codes,
  "This reset link has expired or was already used. Ask for a new one.": m.auth_refusal_reset_link_used,
  [GOOGLE_UNAVAILABLE]: m.auth_refusal_google_unavailable,
  [PASSWORD_TOO_LONG]: () => m.auth_at_most_characters({ max: groupThousands(PASSWORD_MAX_LENGTH) }),
  [PASSWORD_MESSAGES.blank]: m.auth_refusal_password_blank,
  [PASSWORD_MESSAGES.repeated]: m.auth_refusal_password_repeated,
  [PASSWORD_MESSAGES.siteName]: m.auth_refusal_password_site_name,
  [PASSWORD_MESSAGES.emailName]: m.auth_refusal_password_email_name,
  [PASSWORD_MESSAGES.common]: m.auth_refusal_password_common,
};

function translated(message: string): string {
  const inLanguage = Object.hasOwn(refusals, message) ? refusals[message] : undefined;
  return inLanguage ? inLanguage() : message;
}

/** A wait as the rate limit's refusal says it (errors.ts formatWait), in the page's language. */
function waitFor(seconds: number): string {
  if (seconds < 60) return m.auth_wait_seconds({ count: groupThousands(seconds), n: seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return m.auth_wait_minutes({ count: groupThousands(minutes), n: minutes });
  const hours = Math.ceil(minutes / 60);
  return m.auth_wait_hours({ count: groupThousands(hours), n: hours });
}

/** An account function's refusal in the page's language (anything else, a fault, passes through untouched). */
export function refusalInPageLanguage(error: unknown): unknown {
  if (!(error instanceof AppError) || getLocale() === "en") return error;
  const message =
    error.code === "RATE_LIMITED" && error.message.startsWith("Too many attempts.")
      ? m.auth_refusal_rate_limited({ wait: waitFor(error.retryAfterSeconds ?? 60) })
      : translated(error.message);
  const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([name, text]) => [name, translated(text)]));
  return new AppError(error.code, message, { fieldErrors, retryAfterSeconds: error.retryAfterSeconds, cause: error });
}

/**
 * The server-only password rules (app/.server/auth/schemas.ts) judge in English: their messages in
 * a refused form's answer, in the page's language.
 */
export function problemsInPageLanguage(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  if (getLocale() === "en" || !result.error) return result;
  const error = Object.fromEntries(Object.entries(result.error).map(([name, messages]) => [name, messages?.map(translated) ?? null]));
  return { ...result, error };
}
