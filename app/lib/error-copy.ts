import { isRouteErrorResponse } from "react-router";
import { DATABASE_UNAVAILABLE } from "./unavailable";

/** What an error page says: the status, a heading (which the document's title repeats), a message, and whether to show the request id. */
export type ErrorCopy = { status: number; title: string; message: string; showRequestId: boolean };

/**
 * Where the error is shown: a whole page (the root's boundary), or inside the dashboard's frame,
 * where staff and students are signed in and a refusal's own words ("Only an admin can …") say
 * more than the generic line.
 */
export type ErrorPlace = "page" | "dashboard";

const NO_ACCESS = "Your account does not have access to this page.";

/**
 * The words for an error, for both error boundaries (root and dashboard). An expected refusal
 * (4xx) says what happened; a fault says only that something went wrong, with the request id
 * support needs (its own text stays in the log), or, when the database could not be reached, to try again soon.
 */
export function errorCopy(error: unknown, place: ErrorPlace = "page", databaseUnavailable = false): ErrorCopy {
  if (isRouteErrorResponse(error) && error.status < 500) {
    const said = place === "dashboard" && typeof error.data === "string" && error.data ? error.data : null;
    if (error.status === 404) {
      return place === "dashboard"
        ? { status: 404, title: "Not found", message: said ?? "We could not find that page.", showRequestId: false }
        : {
            status: 404,
            title: "Page not found",
            message: "We could not find that page. It may have moved, or the address may have a typo.",
            showRequestId: false,
          };
    }
    if (error.status === 403) return { status: 403, title: "Not allowed", message: said ?? NO_ACCESS, showRequestId: false };
    return { status: error.status, title: "That did not work", message: String(error.data || error.statusText), showRequestId: false };
  }
  if (databaseUnavailable) return { status: 503, title: "Something went wrong", message: DATABASE_UNAVAILABLE, showRequestId: true };
  return {
    status: isRouteErrorResponse(error) ? error.status : 500,
    title: "Something went wrong",
    message: "Something went wrong, please try again later. If it keeps happening, contact us and mention the request id below.",
    showRequestId: true,
  };
}
