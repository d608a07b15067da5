import type { ServerRouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/v1-document";
import { apiRoutes } from "./v1/operations.server";
import { dispatch } from "./v1/router.server";

/** One document at UPLOAD_MAX_MB (the server refuses a larger body before reading it); every other API call keeps MAX_BODY_KB. */
export const handle: ServerRouteHandle = { maxUploadFiles: 1 };

/** PUT /api/v1/me/application/documents/{field}: the JSON API's upload (ADR 033), its own route for its body limit. */
export async function action({ request, context }: Route.ActionArgs) {
  return dispatch(apiRoutes, request, context);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return dispatch(apiRoutes, request, context);
}
