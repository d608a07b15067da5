import { PHOTO_FORM_MAX_BYTES } from "~/lib/photo-limits";
import type { ServerRouteHandle } from "~/lib/route-handle";
import { UNIVERSITY_FORM_MAX_BYTES } from "~/lib/schemas/universities";
import type { Route } from "./+types/v1-form";
import { apiRoutes } from "./v1/operations.server";
import { dispatch } from "./v1/router.server";

/**
 * The JSON API's calls that take a page's form with a picture (a university's logo, a consultant's
 * or a member's photo), on their own routes for the larger body limit; each operation still reads
 * its form with its page's own cap.
 */
export const handle: ServerRouteHandle = { maxBodyBytes: Math.max(PHOTO_FORM_MAX_BYTES, UNIVERSITY_FORM_MAX_BYTES) };

export async function action({ request, context }: Route.ActionArgs) {
  return dispatch(apiRoutes, request, context);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return dispatch(apiRoutes, request, context);
}
