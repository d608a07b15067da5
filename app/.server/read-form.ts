import { AppError } from "./errors";
import { readBoundedFormData } from "./uploads";

/**
 * The submitted form, or an INVALID AppError (400) when the body is not a readable form — a
 * multipart body cut short, say. The HTTP server has already refused wrong content types and
 * bodies over the size cap; `maxBytes` is for routes that accept a larger, counted body.
 */
export async function readForm(request: Request, maxBytes?: number): Promise<FormData> {
  try {
    return maxBytes === undefined ? await request.formData() : await readBoundedFormData(request, maxBytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("INVALID", "The form could not be read; please send it again.");
  }
}
