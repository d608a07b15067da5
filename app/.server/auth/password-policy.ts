import { m } from "~/paraglide/messages";
import { isCommonPassword } from "./common-passwords";

/** The site's name: a password holding it is among the first an attacker tries here. */
const SITE_NAME = "onward";

export const PASSWORD_MESSAGES = {
  blank: "Your password cannot be only spaces",
  repeated: "Your password cannot be one character repeated",
  siteName: "Your password cannot contain the word “Onward”",
  emailName: "Your password cannot contain the first part of your e-mail address",
  common: "This password is too common; choose one that is harder to guess",
} as const;

/**
 * Why a new password is refused, in plain words, or null when it is acceptable. Length is
 * checked by the form schema; these are the rules no length catches. Server-only: the list of
 * common passwords is about 49,000 lines and never goes to the browser.
 */
export function passwordProblem({ password, email }: { password: string; email?: string | null }): string | null {
  if (password.trim() === "") return m.auth_refusal_password_blank();
  if (new Set(password).size === 1) return m.auth_refusal_password_repeated();
  const lower = password.toLowerCase();
  if (lower.includes(SITE_NAME)) return m.auth_refusal_password_site_name();
  const localPart = email?.split("@")[0]?.toLowerCase() ?? "";
  if (localPart.length >= 4 && lower.includes(localPart)) return m.auth_refusal_password_email_name();
  if (isCommonPassword(password)) return m.auth_refusal_password_common();
  return null;
}
