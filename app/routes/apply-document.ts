import { getSessionUser } from "~/.server/auth/session";
import { getConfig } from "~/.server/config";
import { AppError } from "~/.server/errors";
import { logger } from "~/.server/logger";
import { type DocumentView, documentInfo, isDocumentField, uploadErrorMessage, VERIFY_BEFORE_APPLYING } from "~/lib/applications";
import type { ServerRouteHandle } from "~/lib/route-handle";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/apply-document";
import { receiveDraftDocument } from "./document-files.server";

/** One document at UPLOAD_MAX_MB (the server refuses a larger body before reading it). */
export const handle: ServerRouteHandle = { maxUploadFiles: 1 };

/** Answers JSON for the form's script: `{ document, draftId }`, or `{ error, detail }` with the refusal's status. */
function refusal(status: number, error: string, detail: string) {
  return Response.json({ error, detail }, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * POST /apply/documents/{field}: one document of the signed-in person's application, uploaded as
 * soon as it is chosen (multipart, the file under the field's own name). It is checked and
 * streamed to storage and kept in their draft. 401 signed out, 403 unconfirmed e-mail, 404 an
 * unknown field, 400 a file refused, 413 one over UPLOAD_MAX_MB.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  const field = params.field;
  if (!isDocumentField(field)) return refusal(404, m.apply_no_such_document(), m.apply_no_such_document());
  if (!user) return refusal(401, uploadErrorMessage(field), m.server_sign_in_required());
  let saved: Awaited<ReturnType<typeof receiveDraftDocument>>;
  try {
    saved = await receiveDraftDocument(request, user, field, getConfig().uploadMaxBytes);
  } catch (error) {
    if (error instanceof AppError) {
      const detail = error.fieldErrors[field] ?? error.message;
      // The refusal every upload of an unconfirmed account meets, in the page's language.
      return refusal(
        error.status,
        uploadErrorMessage(field),
        detail === VERIFY_BEFORE_APPLYING ? m.apply_verify_before_applying() : detail,
      );
    }
    logger.error({ err: error, field }, "uploading an application document failed");
    return refusal(500, uploadErrorMessage(field), m.forms_something_went_wrong());
  }
  const document: DocumentView = {
    field,
    label: documentInfo(field).label,
    fileName: saved.fileName,
    contentType: saved.contentType,
    size: saved.size,
    isImage: saved.contentType.startsWith("image/"),
    url: `/dashboard/my-applications/${saved.applicationId}/documents/${field}`,
    state: "received",
    reason: null,
    history: [],
  };
  return Response.json({ document, draftId: saved.applicationId }, { headers: { "Cache-Control": "no-store" } });
}

/** Nothing to read here: uploads only. */
export function loader() {
  return new Response(m.forms_error_not_found_title(), { status: 404 });
}
