import type { z } from "zod";
import { type ConsultantEditSchema, ConsultantFormSchema } from "~/lib/schemas/booking";
import { m } from "~/paraglide/messages";
import { AppError, isAppError } from "../errors";
import { preparePhoto } from "../users/photo";

export type ConsultantFields = z.output<typeof ConsultantFormSchema>;
export type ConsultantEditFields = z.output<typeof ConsultantEditSchema>;

/** Checks the add form again (the domain does not trust its caller). Throws AppError("INVALID") with each field's problem. */
export function parseConsultantFields(input: unknown): ConsultantFields {
  const parsed = ConsultantFormSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw AppError.fromZod(parsed.error);
}

/** The picture checked by its bytes and re-encoded like profile photos, or AppError("INVALID") naming the `profile` field. */
export async function prepareConsultantPicture(bytes: Buffer | null): Promise<Buffer> {
  if (!bytes || bytes.length === 0) {
    throw new AppError("INVALID", m.forms_correct_marked_fields(), { fieldErrors: { profile: m.server_choose_picture() } });
  }
  try {
    return await preparePhoto(bytes, m.server_image_picture());
  } catch (error) {
    if (isAppError(error, "INVALID")) {
      throw new AppError("INVALID", m.forms_correct_marked_fields(), { fieldErrors: { profile: error.message } });
    }
    throw error;
  }
}
