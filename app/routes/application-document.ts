import { openApplicationDocument } from "~/.server/applications/read-document";
import { getSessionUser } from "~/.server/auth/session";
import { errorResponse } from "~/.server/errors";
import type { Route } from "./+types/application-document";
import { documentResponse } from "./document-files.server";

/**
 * GET /dashboard/applications/{id}/documents/{field} (staff; each view audited), its replaced
 * copies at …/{field}/versions/{version} (staff only), and
 * /dashboard/my-applications/{id}/documents/{field} (the applicant): the stored file, streamed.
 * Anyone else, signed in or not, gets the same 404 as a missing id. The answer is the person's
 * alone and never runs as a page of ours: a fixed file name, no sniffing, no caching, and a
 * sandboxing CSP (a PDF still opens in the browser's viewer).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getSessionUser(request);
  const as = new URL(request.url).pathname.startsWith("/dashboard/applications/") ? "staff" : "owner";
  let document: Awaited<ReturnType<typeof openApplicationDocument>>;
  try {
    document = await openApplicationDocument({
      id: params.id,
      field: params.field,
      viewer,
      as,
      version: "version" in params ? params.version : undefined,
    });
  } catch (error) {
    return errorResponse(error);
  }
  return documentResponse(document);
}
