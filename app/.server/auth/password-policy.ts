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
  if (password.trim() === "") return PASSWORD_MESSAGES.blank;
  if (new Set(password).size === 1) return PASSWORD_MESSAGES.repeated;
  const lower = password.toLowerCase();
  if (lower.includes(SITE_NAME)) return PASSWORD_MESSAGES.siteName;
  const localPart = email?.split("@")[0]?.toLowerCase() ?? "";
  if (localPart.length >= 4 && lower.includes(localPart)) return PASSWORD_MESSAGES.emailName;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.common;
  return null;
}
