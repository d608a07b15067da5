import { Readable } from "node:stream";
import { openApplicationDocument } from "~/.server/applications/read-document";
import { getSessionUser } from "~/.server/auth/session";
import { errorResponse } from "~/.server/errors";
import { documentInfo, isDocumentField } from "~/lib/applications";
import type { Route } from "./+types/application-document";

const extensions: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "application/pdf": "pdf" };

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
  const name = isDocumentField(document.field)
    ? `${documentInfo(document.field)
        .label.toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "")}.${extensions[document.contentType] ?? "bin"}`
    : "document";
  return new Response(Readable.toWeb(document.body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": document.contentType,
      "Content-Length": String(document.size),
      "Content-Disposition": `inline; filename="${name}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
