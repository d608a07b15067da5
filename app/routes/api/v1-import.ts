import type { ServerRouteHandle } from "~/lib/route-handle";
import { UNIVERSITY_IMPORT_BODY_MAX_BYTES } from "~/lib/university-import";
import type { Route } from "./+types/v1-import";
import { apiRoutes } from "./v1/operations.server";
import { dispatch } from "./v1/router.server";

/** The catalogue's CSV file, up to the import page's cap (the server refuses a larger body before reading it). */
export const handle: ServerRouteHandle = { maxBodyBytes: UNIVERSITY_IMPORT_BODY_MAX_BYTES };

/** POST /api/v1/universities/import: the JSON API's catalogue import (ADR 033), its own route for its body limit. */
export async function action({ request, context }: Route.ActionArgs) {
  return dispatch(apiRoutes, request, context);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return dispatch(apiRoutes, request, context);
}
