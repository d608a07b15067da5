import { z } from "zod";
import { m } from "~/paraglide/messages";
import { MESSAGE_MAX_LENGTH } from "../contact-form";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "../form-limits";
import { groupThousands } from "../numbers";
import { asciiDigits } from "./digits";
import { multiline } from "./multiline";

/**
 * The contact ("Become Our Student") and IELTS enrolment forms: one schema for the browser
 * (inline errors before sending) and the server (the truth). An empty field is missing
 * (Conform sends it as undefined), and every field says "This field is required". Messages are
 * written when a value is judged, in the page's language (ADR 037).
 */

export const contactKinds = ["contact", "ielts_enrolment"] as const;
export type ContactKind = (typeof contactKinds)[number];

export const contactFields = ["name", "phone", "email", "message"] as const;
export type ContactField = (typeof contactFields)[number];

/** Digits, spaces and a leading +; hyphens and brackets as people write them; 7 to 15 digits. */
const phonePattern = /^\+?[\d\s()-]+$/;
const digitCount = (value: string) => value.replace(/\D/g, "").length;

const fieldRequired = { error: () => m.forms_field_required() };
const required = () => z.string(fieldRequired).trim().min(1, fieldRequired);

export const contactFieldSchemas = {
  name: required().max(NAME_MAX_LENGTH, { error: () => m.forms_name_too_long({ max: groupThousands(NAME_MAX_LENGTH) }) }),
  // A number typed on a Bangla keyboard (০১৭১১…) is the same number: judged and stored in ASCII digits.
  phone: z
    .string(fieldRequired)
    .overwrite(asciiDigits)
    .trim()
    .min(1, fieldRequired)
    .max(PHONE_MAX_LENGTH, { error: () => m.forms_phone_invalid() })
    .refine((value) => phonePattern.test(value) && digitCount(value) >= 7 && digitCount(value) <= 15, {
      error: () => m.forms_phone_invalid_detail(),
    }),
  email: required()
    .max(EMAIL_MAX_LENGTH, { error: () => m.forms_email_invalid() })
    .pipe(z.email({ error: () => m.forms_email_invalid() })),
  message: multiline(
    required().max(MESSAGE_MAX_LENGTH, { error: () => m.forms_message_too_long({ max: groupThousands(MESSAGE_MAX_LENGTH) }) }),
  ),
};

/** The contact page's form. */
export const ContactFormSchema = z.object(contactFieldSchemas);

/** The enrolment form: no message field (the server writes the message). */
export const EnrolmentFormSchema = ContactFormSchema.omit({ message: true });

/** One contact message or enrolment request, as the domain function accepts it. */
export const ContactMessageSchema = ContactFormSchema.extend({ kind: z.enum(contactKinds).default("contact") });
