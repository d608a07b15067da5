import type { z } from "zod";
import {
  changePasswordSchema as sharedChangePasswordSchema,
  newPasswordField as sharedNewPasswordField,
  resetPasswordSchema as sharedResetPasswordSchema,
  signUpSchema as sharedSignUpSchema,
} from "~/lib/schemas/auth";
import { getConfig } from "../config";
import { passwordProblem } from "./password-policy";

/**
 * The server's versions of the account forms' schemas: the shared ones (app/lib/schemas/auth.ts,
 * also checked in the browser) plus the password policy (password-policy.ts), which needs the
 * server-only common-password list.
 */
export { emailField, emailOnlySchema, passwordOnlySchema, signInSchema, totpCodeSchema } from "~/lib/schemas/auth";

/** Adds the password policy to the named field of a form schema (with the form's e-mail, when it has one). */
export function withPasswordPolicy<S extends z.ZodType<Record<string, unknown>>>(schema: S, field: string) {
  return schema.superRefine((form, context) => {
    const password = form[field];
    const email = typeof form.email === "string" ? form.email : null;
    const problem = typeof password === "string" ? passwordProblem({ password, email }) : null;
    if (problem) context.addIssue({ code: "custom", path: [field], message: problem });
  });
}

export const newPasswordField = sharedNewPasswordField.superRefine((password, context) => {
  const problem = passwordProblem({ password });
  if (problem) context.addIssue({ code: "custom", message: problem });
});
export const signUpSchema = withPasswordPolicy(sharedSignUpSchema, "password");
export const resetPasswordSchema = withPasswordPolicy(sharedResetPasswordSchema, "password");
export const changePasswordSchema = withPasswordPolicy(sharedChangePasswordSchema, "newPassword");

/** Control characters, whitespace (tab, CR, LF, U+2028 …) and invisible format characters. */
const unsafeInPath = /[\p{Cc}\p{Cf}\s]/u;

/** Decodes %XX escapes byte by byte (never throws, unlike decodeURIComponent on a broken escape). */
function decodeEscapes(value: string): string {
  return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * Where to send someone after signing in: a path on this site, or "/" (or `fallback`).
 * The value is resolved against APP_URL and kept only when the origin is ours and the raw
 * text, decoded or not, holds no control or whitespace character (a browser drops a tab in
 * "/\t/evil.example" and lands on another host). The answer is the URL parser's serialisation,
 * so characters outside Latin-1 arrive percent-encoded and can always go in a Location header.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || target === "" || target.length > 2048) return fallback;
  if (unsafeInPath.test(target) || unsafeInPath.test(decodeEscapes(target))) return fallback;
  const config = getConfig();
  let url: URL;
  try {
    url = new URL(target, config.appUrl);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(config.appUrl).origin && !config.trustedOrigins.includes(url.origin)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
