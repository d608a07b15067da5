import { z } from "zod";
import { FIELD_REQUIRED, MESSAGE_MAX_LENGTH } from "~/lib/contact-form";

export const contactKinds = ["contact", "ielts_enrolment"] as const;
export type ContactKind = (typeof contactKinds)[number];

export const contactFields = ["name", "phone", "email", "message"] as const;
export type ContactField = (typeof contactFields)[number];

const REQUIRED = FIELD_REQUIRED;

/** Digits, spaces and a leading +; hyphens and brackets as people write them; 7 to 15 digits. */
const phonePattern = /^\+?[\d\s()-]+$/;
const digitCount = (value: string) => value.replace(/\D/g, "").length;

/** One contact message or enrolment request, as the form and the service accept it. */
export const ContactMessageSchema = z.object({
  kind: z.enum(contactKinds).default("contact"),
  name: z.string().trim().min(1, REQUIRED).max(200, "Please keep the name under 200 characters"),
  phone: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .max(30, "Enter a valid phone number")
    .refine((value) => phonePattern.test(value) && digitCount(value) >= 7 && digitCount(value) <= 15, {
      message: "Enter a valid phone number (digits, spaces and +, for example +880 1712-345678)",
    }),
  email: z.string().trim().min(1, REQUIRED).max(254, "Enter a valid e-mail address").pipe(z.email("Enter a valid e-mail address")),
  message: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .max(MESSAGE_MAX_LENGTH, `Your message is too long: please keep it to ${MESSAGE_MAX_LENGTH.toLocaleString("en")} characters or fewer`),
});

export type ContactMessageInput = z.input<typeof ContactMessageSchema>;
export type ContactMessage = z.output<typeof ContactMessageSchema>;

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/** Thrown when a submission breaks a rule; `missing` when any field was empty ("All fields are required"). */
export class ContactValidationError extends Error {
  constructor(
    readonly fieldErrors: ContactFieldErrors,
    readonly missing: boolean,
  ) {
    super(missing ? "All fields are required" : "Please correct the marked fields");
    this.name = "ContactValidationError";
  }
}

export function parseContactMessage(input: ContactMessageInput): ContactMessage {
  const parsed = ContactMessageSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors: ContactFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (contactFields as readonly string[]).includes(field)) {
      fieldErrors[field as ContactField] ??= issue.message;
    }
  }
  const missing = Object.values(fieldErrors).includes(REQUIRED);
  throw new ContactValidationError(fieldErrors, missing);
}

/** The inbox's "Mark as handled" form. */
export const MarkHandledSchema = z.object({ id: z.coerce.number().int().positive() });

/** The inbox's ?page= parameter: a page number from 1, anything else is page 1. */
export function parsePageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}
