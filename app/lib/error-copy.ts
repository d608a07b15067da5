import { isRouteErrorResponse } from "react-router";
import { m } from "~/paraglide/messages";

/** What an error page says: the status, a heading (which the document's title repeats), a message, and whether to show the request id. */
export type ErrorCopy = { status: number; title: string; message: string; showRequestId: boolean };

/**
 * Where the error is shown: a whole page (the root's boundary), or inside the dashboard's frame,
 * where staff and students are signed in and a refusal's own words ("Only an admin can …") say
 * more than the generic line.
 */
export type ErrorPlace = "page" | "dashboard";

/**
 * The words for an error, for both error boundaries (root and dashboard). An expected refusal
 * (4xx) says what happened; a fault says only that something went wrong, with the request id
 * support needs (its own text stays in the log), or, when the database could not be reached, to try again soon.
 * Its own words are in the page's language; a refusal's words are shown as the route wrote them.
 */
export function errorCopy(error: unknown, place: ErrorPlace = "page", databaseUnavailable = false): ErrorCopy {
  if (isRouteErrorResponse(error) && error.status < 500) {
    const said = place === "dashboard" && typeof error.data === "string" && error.data ? error.data : null;
    if (error.status === 404) {
      return place === "dashboard"
        ? { status: 404, title: m.forms_error_not_found_title(), message: said ?? m.forms_error_not_found(), showRequestId: false }
        : {
            status: 404,
            title: m.forms_error_page_not_found_title(),
            message: m.forms_error_page_not_found(),
            showRequestId: false,
          };
    }
    if (error.status === 403)
      return { status: 403, title: m.forms_error_not_allowed_title(), message: said ?? m.forms_error_no_access(), showRequestId: false };
    return {
      status: error.status,
      title: m.forms_error_refused_title(),
      message: String(error.data || error.statusText),
      showRequestId: false,
    };
  }
  if (databaseUnavailable) {
    return { status: 503, title: m.forms_error_fault_title(), message: m.forms_error_database_unavailable(), showRequestId: true };
  }
  return {
    status: isRouteErrorResponse(error) ? error.status : 500,
    title: m.forms_error_fault_title(),
    message: m.forms_error_fault(),
    showRequestId: true,
  };
}
