import { z } from "zod";
import { FIELD_REQUIRED, MESSAGE_MAX_LENGTH } from "../contact-form";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "../form-limits";
import { multiline } from "./multiline";

/**
 * The contact ("Become Our Student") and IELTS enrolment forms: one schema for the browser
 * (inline errors before sending) and the server (the truth). An empty field is missing
 * (Conform sends it as undefined), and every field says "This field is required".
 */

export const contactKinds = ["contact", "ielts_enrolment"] as const;
export type ContactKind = (typeof contactKinds)[number];

export const contactFields = ["name", "phone", "email", "message"] as const;
export type ContactField = (typeof contactFields)[number];

/** Digits, spaces and a leading +; hyphens and brackets as people write them; 7 to 15 digits. */
const phonePattern = /^\+?[\d\s()-]+$/;
const digitCount = (value: string) => value.replace(/\D/g, "").length;

const required = () => z.string({ error: FIELD_REQUIRED }).trim().min(1, FIELD_REQUIRED);

export const contactFieldSchemas = {
  name: required().max(NAME_MAX_LENGTH, `Please keep the name under ${NAME_MAX_LENGTH} characters`),
  phone: required()
    .max(PHONE_MAX_LENGTH, "Enter a valid phone number")
    .refine((value) => phonePattern.test(value) && digitCount(value) >= 7 && digitCount(value) <= 15, {
      message: "Enter a valid phone number (digits, spaces and +, for example +880 1712-345678)",
    }),
  email: required().max(EMAIL_MAX_LENGTH, "Enter a valid e-mail address").pipe(z.email("Enter a valid e-mail address")),
  message: multiline(
    required().max(
      MESSAGE_MAX_LENGTH,
      `Your message is too long: please keep it to ${MESSAGE_MAX_LENGTH.toLocaleString("en")} characters or fewer`,
    ),
  ),
};

/** The contact page's form. */
export const ContactFormSchema = z.object(contactFieldSchemas);

/** The enrolment form: no message field (the server writes the message). */
export const EnrolmentFormSchema = ContactFormSchema.omit({ message: true });

/** One contact message or enrolment request, as the domain function accepts it. */
export const ContactMessageSchema = ContactFormSchema.extend({ kind: z.enum(contactKinds).default("contact") });
