import type { z } from "zod";
import { type ConsultantEditSchema, ConsultantFormSchema } from "~/lib/schemas/booking";
import { AppError, CORRECT_THE_MARKED_FIELDS, isAppError } from "../errors";
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
    throw new AppError("INVALID", CORRECT_THE_MARKED_FIELDS, { fieldErrors: { profile: "Choose a picture" } });
  }
  try {
    return await preparePhoto(bytes);
  } catch (error) {
    if (isAppError(error, "INVALID")) {
      const message = error.message.replace(/^The photo/, "The picture");
      throw new AppError("INVALID", CORRECT_THE_MARKED_FIELDS, { fieldErrors: { profile: message } });
    }
    throw error;
  }
}
