import { z } from "zod";

/**
 * What a list's buttons post besides a form's fields: an id in a hidden field, and the button's own
 * value (an intent, a status). The feature schemas (ShortlistHeartSchema, MemberButtonSchema…) are
 * made of these and read by `parseButtons` on the server, so that no action reads a button by hand.
 */

/** Longer than any id or slug we make (UUIDs, slugs of names of at most 120 characters). */
const POSTED_ID_MAX_LENGTH = 200;

/**
 * An id or slug a button posts: there, and no longer than one of ours, or `refusal` (what to
 * choose; a function to say it in the page's language when it is refused).
 */
export function postedId(refusal: string | (() => string)) {
  const error = { error: typeof refusal === "string" ? () => refusal : refusal };
  return z.string(error).trim().min(1, error).max(POSTED_ID_MAX_LENGTH, error);
}
