import { m } from "~/paraglide/messages";
import { cleanForm } from "./clean-form";
import { AppError, replyWithError } from "./errors";
import { readBoundedFormData } from "./uploads";

/**
 * THE way an action reads its form. The submitted fields, or an INVALID AppError (400) when the
 * body is not a readable form (a multipart body cut short, a body with no form type); an empty
 * body is a form with no fields, whose missing fields the schema refuses as usual. The HTTP
 * server has already refused wrong content types and bodies over the size cap; `maxBytes` is for
 * routes that accept a larger, counted body (a form with a picture).
 *
 * Control characters other than tab, CR and LF are removed from every field but passwords
 * (app/lib/form-text.ts), so that no value read here can reach the database with a NUL in it;
 * parseSubmission then refuses each such field with its message.
 */
export async function readForm(request: Request, maxBytes?: number): Promise<FormData> {
  if (!request.body || request.headers.get("Content-Length") === "0") return new FormData();
  let form: FormData;
  try {
    form = maxBytes === undefined ? await request.formData() : await readBoundedFormData(request, maxBytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("INVALID", m.server_form_unreadable());
  }
  return cleanForm(form);
}

/**
 * For `readForm(request).catch(refuseUnreadableForm)` in an action whose page has no better place
 * for the message: an unreadable body is answered on the error page, 400 with the message.
 */
export function refuseUnreadableForm(error: unknown): never {
  throw replyWithError(error);
}
