import type { z } from "zod";
import { type ConsultantEditSchema, ConsultantFormSchema } from "~/lib/schemas/booking";
import { AppError, isAppError } from "../errors";
import { preparePhoto } from "../users/photo";

export type ConsultantFields = z.output<typeof ConsultantFormSchema>;
export type ConsultantEditFields = z.output<typeof ConsultantEditSchema>;

const CORRECT_FIELDS = "Please correct the marked fields";

/** Checks the add form again (the domain does not trust its caller). Throws AppError("INVALID") with each field's problem. */
export function parseConsultantFields(input: unknown): ConsultantFields {
  const parsed = ConsultantFormSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string") fieldErrors[field] ??= issue.message;
  }
  throw new AppError("INVALID", CORRECT_FIELDS, { fieldErrors });
}

/** The picture checked by its bytes and re-encoded like profile photos, or AppError("INVALID") naming the `profile` field. */
export async function prepareConsultantPicture(bytes: Buffer | null): Promise<Buffer> {
  if (!bytes || bytes.length === 0) {
    throw new AppError("INVALID", CORRECT_FIELDS, { fieldErrors: { profile: "Choose a picture" } });
  }
  try {
    return await preparePhoto(bytes);
  } catch (error) {
    if (isAppError(error, "INVALID")) {
      const message = error.message.replace(/^The photo/, "The picture");
      throw new AppError("INVALID", CORRECT_FIELDS, { fieldErrors: { profile: message } });
    }
    throw error;
  }
}
