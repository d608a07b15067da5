import { m } from "~/paraglide/messages";

/** What the contact and enrolment forms hold. */
export type ContactFormValues = { name: string; phone: string; email: string; message: string };

export const CONTACT_SUCCESS_DURATION_MS = 10_000;
/** The longest message the contact form accepts. */
export const MESSAGE_MAX_LENGTH = 5_000;

/**
 * The sentence above the contact form when fields are wrong: the spec's "All fields are
 * required" when any is empty, else a pointer to the marked fields. The browser and the
 * server's answer (rendered without JavaScript) derive it the same way from the field errors,
 * which the schema wrote in the page's language.
 */
export function contactFormProblem(fieldErrors: Record<string, readonly string[] | null | undefined>): string | undefined {
  const messages = Object.values(fieldErrors).flatMap((errors) => errors ?? []);
  if (messages.length === 0) return undefined;
  return messages.includes(m.forms_field_required()) ? m.forms_all_fields_required() : m.forms_correct_marked_fields();
}
