import { m } from "~/paraglide/messages";

/**
 * Text as people send it: pasted from a PDF or a chat app it can carry control characters that
 * no field needs (PostgreSQL refuses NUL outright). The rule, for every form and query string:
 * - control characters (Unicode category Cc) are never kept, except tab, CR and LF in multi-line
 *   fields; query parameters simply lose them, forms refuse them with the field's message (and
 *   show what was typed without them);
 * - format characters (Cf: ZWJ and ZWNJ, which Bangla needs, direction marks) are text and kept;
 * - passwords and codes are never altered.
 */

/** Fields never changed and never sent back to the page, even when the form failed. */
export const SECRET_FIELDS: readonly string[] = ["password", "confirmPassword", "currentPassword", "newPassword", "code"];

/** The API's refusals (its answers are English, ADR 037); forms say these messages in the page's language. */
export const CONTROL_CHARACTERS_REMOVED = m.server_control_characters_removed({}, { locale: "en" });
export const ONE_LINE_ONLY = m.server_one_line_only({}, { locale: "en" });

const controlCharacters = /\p{Cc}/gu;
const controlsButLineBreaks = /[^\P{Cc}\t\r\n]/gu;
const lineBreaksAndTabs = /[\t\r\n]+/g;

/** A query parameter's value (or name) without any control character. */
export function withoutControlCharacters(value: string): string {
  return value.replace(controlCharacters, "");
}

/** A form value without the control characters no field keeps (tab, CR and LF stay, for multi-line fields). */
export function withoutControlsButLineBreaks(value: string): string {
  return value.replace(controlsButLineBreaks, "");
}

/** A single-line field's value with each run of tabs and line breaks turned into one space. */
export function onOneLine(value: string): string {
  return value.replace(lineBreaksAndTabs, " ");
}
