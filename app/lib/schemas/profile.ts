import { z } from "zod";
import { m } from "~/paraglide/messages";
import { formatDigits } from "../numbers";
import { canonicalTimeZone } from "../time-zones";
import { asciiDigits } from "./digits";

/**
 * The profile edit form: checked in the browser before sending (Conform) and on the server
 * (the truth). Conform sends an empty field as missing, so optional text fields become "".
 * The profile page's password and two-factor forms use the account schemas (./auth.ts).
 */

export const PROFILE_NAME_MAX_LENGTH = 100;
export const PROFILE_PHONE_MAX_LENGTH = 20;
export const PROFILE_ADDRESS_MAX_LENGTH = 300;

const tooLong = (max: number) => m.dashboard_schema_max_chars({ max: formatDigits(max) });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: () => tooLong(max) })
    .optional()
    .transform((value) => value ?? "");

/** Name, phone and address (the photo is a file, checked by its bytes on the server). */
export const ProfileSchema = z.object({
  name: z
    .string({ error: () => m.dashboard_schema_enter_name() })
    .trim()
    .min(1, { error: () => m.dashboard_schema_enter_name() })
    .max(PROFILE_NAME_MAX_LENGTH, { error: () => tooLong(PROFILE_NAME_MAX_LENGTH) }),
  // A number typed on a Bangla keyboard is stored in ASCII digits.
  phone: optionalText(PROFILE_PHONE_MAX_LENGTH)
    .transform(asciiDigits)
    .refine((phone) => phone === "" || /^\+?[\d\s-]{6,20}$/.test(phone), {
      error: () => m.dashboard_schema_phone(),
    }),
  address: optionalText(PROFILE_ADDRESS_MAX_LENGTH),
  /** Times on pages and in e-mails are shown in this zone; left out of a post, it stays as it is. */
  timeZone: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || canonicalTimeZone(value) !== null, { error: () => m.dashboard_schema_time_zone() })
    .transform((value) => (value ? (canonicalTimeZone(value) ?? undefined) : undefined)),
});

/** The edit form as the browser checks it: the photo is any file, or none (the server checks its bytes). */
export const ProfileFormSchema = ProfileSchema.extend({ photo: z.unknown().optional() });
