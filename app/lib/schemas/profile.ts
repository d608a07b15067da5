import { z } from "zod";
import { canonicalTimeZone } from "../time-zones";

/**
 * The profile edit form: checked in the browser before sending (Conform) and on the server
 * (the truth). Conform sends an empty field as missing, so optional text fields become "".
 * The profile page's password and two-factor forms use the account schemas (./auth.ts).
 */

export const PROFILE_NAME_MAX_LENGTH = 100;
export const PROFILE_PHONE_MAX_LENGTH = 20;
export const PROFILE_ADDRESS_MAX_LENGTH = 300;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .optional()
    .transform((value) => value ?? "");

/** Name, phone and address (the photo is a file, checked by its bytes on the server). */
export const ProfileSchema = z.object({
  name: z
    .string({ error: "Enter a name" })
    .trim()
    .min(1, "Enter a name")
    .max(PROFILE_NAME_MAX_LENGTH, `Use at most ${PROFILE_NAME_MAX_LENGTH} characters`),
  phone: optionalText(PROFILE_PHONE_MAX_LENGTH).refine(
    (phone) => phone === "" || /^\+?[\d\s-]{6,20}$/.test(phone),
    "Enter a phone number: digits, spaces and an optional +",
  ),
  address: optionalText(PROFILE_ADDRESS_MAX_LENGTH),
  /** Times on pages and in e-mails are shown in this zone; left out of a post, it stays as it is. */
  timeZone: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || canonicalTimeZone(value) !== null, "Choose a time zone from the list, for example Asia/Dhaka")
    .transform((value) => (value ? (canonicalTimeZone(value) ?? undefined) : undefined)),
});

/** The edit form as the browser checks it: the photo is any file, or none (the server checks its bytes). */
export const ProfileFormSchema = ProfileSchema.extend({ photo: z.unknown().optional() });
