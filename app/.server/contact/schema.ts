import type { z } from "zod";
import { type ContactField, ContactMessageSchema, contactFields } from "~/lib/schemas/contact";
import { m } from "~/paraglide/messages";
import { AppError } from "../errors";

export { type ContactField, type ContactKind, ContactMessageSchema, contactFields, contactKinds } from "~/lib/schemas/contact";

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
  // The schema's field messages are in the request's language, as this comparison is.
  if (!Object.values(refusal.fieldErrors).includes(m.forms_field_required())) throw refusal;
  throw new AppError("INVALID", m.forms_all_fields_required(), { fieldErrors: refusal.fieldErrors });
}
