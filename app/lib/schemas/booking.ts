import { z } from "zod";
import { m } from "~/paraglide/messages";
import {
  BOOKING_ADDRESS_MAX_LENGTH,
  bookingStatuses,
  CONSULTANT_DESCRIPTION_MAX_LENGTH,
  CONSULTANT_TEXT_MAX_LENGTH,
  consultantCountries,
  SLOT_DEFAULT_MINUTES,
  SLOT_MAX_MINUTES,
  SLOT_MIN_MINUTES,
} from "../booking";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "../form-limits";
import { groupThousands } from "../numbers";
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "../time-zones";
import { postedId } from "./buttons";
import { asciiDigits } from "./digits";
import { multiline } from "./multiline";

/**
 * Consultants, slots and bookings: the forms' schemas, checked in the browser before sending and
 * on the server (the truth). Field names are the contract's.
 */

/** Messages are written when a value is judged, in the page's language (ADR 037). */
const fieldRequired = { error: () => m.forms_field_required() };
const atMost = (max: number) => ({ error: () => m.community_at_most_characters({ max: groupThousands(max) }) });

const required = (max: number) => z.string(fieldRequired).trim().min(1, fieldRequired).max(max, atMost(max));

/** Digits (a Bangla keyboard's read as ASCII, and stored so), spaces and a leading +; 7 to 15 digits. */
export const phoneField = z
  .string(fieldRequired)
  .overwrite(asciiDigits)
  .trim()
  .min(1, fieldRequired)
  .max(PHONE_MAX_LENGTH, atMost(PHONE_MAX_LENGTH))
  .refine(
    (value) => {
      const digits = value.replace(/\D/g, "").length;
      return /^\+?[\d\s]+$/.test(value) && digits >= 7 && digits <= 15;
    },
    { error: () => m.community_phone_invalid() },
  );

const emailField = required(EMAIL_MAX_LENGTH).pipe(z.email({ error: () => m.forms_email_invalid() }));

/** An IANA time zone ("Asia/Dhaka", "Europe/London"), kept in its canonical spelling. */
export const timeZoneField = z
  .string(fieldRequired)
  .trim()
  .min(1, fieldRequired)
  .refine((value) => canonicalTimeZone(value) !== null, { error: () => m.community_choose_time_zone() })
  .transform((value) => canonicalTimeZone(value) ?? DEFAULT_TIME_ZONE);

/** The add-consultant and edit-consultant forms (the picture, `profile`, travels beside them as a file). */
export const ConsultantFormSchema = z.object({
  name: required(NAME_MAX_LENGTH),
  university: required(CONSULTANT_TEXT_MAX_LENGTH),
  country: z.enum(consultantCountries, { error: () => m.community_choose_country() }),
  email: emailField,
  phone: phoneField,
  profession: required(CONSULTANT_TEXT_MAX_LENGTH),
  description: multiline(required(CONSULTANT_DESCRIPTION_MAX_LENGTH)),
});

/**
 * The details `create-user --role consultant` may be given (`--university`, `--country`, …): each
 * under the add form's own rule when given; left empty until a manager edits the profile when not.
 */
export const ConsultantStarterSchema = ConsultantFormSchema.pick({
  university: true,
  country: true,
  phone: true,
  profession: true,
  description: true,
}).partial();

/** The form as the browser checks it: the picture is any file or none; the server checks its bytes. */
export const ConsultantFormBrowserSchema = ConsultantFormSchema.extend({ profile: z.unknown().optional() });

/** The edit form: the e-mail belongs to the consultant's account and is not changed there. */
export const ConsultantEditSchema = ConsultantFormSchema.omit({ email: true });
export const ConsultantEditBrowserSchema = ConsultantEditSchema.extend({ profile: z.unknown().optional() });

/** Whether "YYYY-MM-DD" names a day that exists (2026-02-30 does not). A calendar check, no time zone involved. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A slot: a day and a start in a zone, and a length. The server turns them into instants and checks past and overlap. */
export const SlotFormSchema = z.object({
  date: z
    .string({ error: () => m.community_choose_date() })
    .overwrite(asciiDigits)
    .trim()
    .min(1, { error: () => m.community_choose_date() })
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value), { error: () => m.community_date_format(), abort: true })
    .refine(isCalendarDate, { error: () => m.community_date_missing() }),
  time: z
    .string({ error: () => m.community_choose_start() })
    .overwrite(asciiDigits)
    .trim()
    .min(1, { error: () => m.community_choose_start() })
    .refine((value) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value), { error: () => m.community_start_format() }),
  duration: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? asciiDigits(value) : String(SLOT_DEFAULT_MINUTES)))
    .refine((value) => /^\d{1,5}$/.test(value), { error: () => m.community_length_whole_minutes(), abort: true })
    .transform(Number)
    .refine((minutes) => minutes >= SLOT_MIN_MINUTES && minutes <= SLOT_MAX_MINUTES, {
      error: () => m.community_slot_length({ min: groupThousands(SLOT_MIN_MINUTES), max: groupThousands(SLOT_MAX_MINUTES) }),
    }),
  timeZone: timeZoneField.optional().transform((value) => value ?? DEFAULT_TIME_ZONE),
});

const selectSlot = { error: () => m.community_slot_select() };

/** A booking: the slot chosen and the student's contact details (pre-filled from their profile). */
export const BookingFormSchema = z.object({
  slot: z.string(selectSlot).trim().min(1, selectSlot).max(100, selectSlot),
  name: required(NAME_MAX_LENGTH),
  email: emailField,
  phone: phoneField,
  address: required(BOOKING_ADDRESS_MAX_LENGTH),
});

/**
 * A consultant's status change on /dashboard/my-appointments: accepted, rejected or completed.
 * Any status name is read here, so that one the flow does not allow from where the booking is
 * (pending, cancelled…) is refused by the flow itself (409) rather than as a malformed form.
 */
export const BookingStatusSchema = z.object({
  booking: postedId(() => m.community_choose_booking()),
  status: z.enum(bookingStatuses, { error: () => m.community_choose_booking_status() }),
});

/** A student's Cancel button on /dashboard/my-bookings. */
export const CancelBookingSchema = z.object({ booking: postedId(() => m.community_choose_booking()) });

/** A slot's Delete button on /dashboard/appointment-time (the slot form posts no intent). */
export const DeleteSlotSchema = z.object({
  intent: z.literal("delete", { error: () => m.community_choose_slot_to_delete() }),
  slot: postedId(() => m.community_choose_slot_to_delete()),
});

const chooseConsultantState = { error: () => m.community_choose_consultant_state() };

/** A consultant card's Activate or Deactivate button: the consultant and the state to set ("true" or "false"). */
export const ConsultantActiveSchema = z.object({
  consultant: postedId(chooseConsultantState.error),
  active: z.enum(["true", "false"], chooseConsultantState),
});
