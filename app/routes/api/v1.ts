import { getConfig } from "~/.server/config";
import type { Route } from "./+types/v1";
import { openApiDocument } from "./v1/openapi.server";
import { apiRoutes, operations } from "./v1/operations.server";
import { dispatch } from "./v1/router.server";

/**
 * The JSON API (ADR 033): every call under /api/v1/ is one operation of operations.server.ts,
 * answered in the envelope; `/api/v1/openapi.json` is their OpenAPI 3.1 document.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (new URL(request.url).pathname === "/api/v1/openapi.json") {
    return Response.json(openApiDocument(operations, getConfig().appUrl), { headers: { "Cache-Control": "no-cache" } });
  }
  return dispatch(apiRoutes, request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return dispatch(apiRoutes, request, context);
}
