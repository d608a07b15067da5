import type { z } from "zod";
import { ALL_FIELDS_REQUIRED, FIELD_REQUIRED } from "~/lib/contact-form";
import { type ContactField, ContactMessageSchema, contactFields } from "~/lib/schemas/contact";
import { AppError } from "../errors";

export { type ContactField, type ContactKind, ContactMessageSchema, contactFields, contactKinds } from "~/lib/schemas/contact";

const REQUIRED = FIELD_REQUIRED;

export type ContactMessageInput = z.input<typeof ContactMessageSchema>;
export type ContactMessage = z.output<typeof ContactMessageSchema>;

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/**
 * Checks a submission. Throws AppError("INVALID") with each field's problem; its message is
 * "All fields are required" when any field was empty.
 */
export function parseContactMessage(input: ContactMessageInput): ContactMessage {
  const parsed = ContactMessageSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const refusal = AppError.fromZod(parsed.error, { fields: contactFields });
  if (!Object.values(refusal.fieldErrors).includes(REQUIRED)) throw refusal;
  throw new AppError("INVALID", ALL_FIELDS_REQUIRED, { fieldErrors: refusal.fieldErrors });
}
