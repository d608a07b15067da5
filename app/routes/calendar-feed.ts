import { calendarFeed } from "~/.server/plan/calendar-feed";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/calendar-feed";

/** Kept by nobody else, indexed by nobody, and the secret address never sent on as a referrer. */
const privateHeaders = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
};

/**
 * GET /calendar/{token}.ics: a person's private calendar feed (deadlines and appointments). No
 * sign-in: calendar apps fetch it with the token alone. A malformed, unknown or reset token gets
 * the same short 404, so the answer never tells whether a token once existed.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const token = params.file.endsWith(".ics") ? params.file.slice(0, -".ics".length) : null;
  const feed = token === null ? null : await calendarFeed(token);
  if (feed === null) {
    return new Response(m.forms_error_not_found_title(), {
      status: 404,
      headers: { ...privateHeaders, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(feed, {
    headers: {
      ...privateHeaders,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="onward.ics"',
    },
  });
}
