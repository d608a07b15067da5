import { z } from "zod";
import { FIELD_REQUIRED } from "../contact-form";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "../form-limits";
import { memberStatuses } from "../networking";
import { postedId } from "./buttons";
import { multiline } from "./multiline";

export { defaultJobCategories, defaultMemberLocations, type MemberStatus, memberStatuses } from "../networking";

/**
 * Networking members (people already living in a destination country): the add and edit forms,
 * checked in the browser before sending and on the server. The location and job category must
 * be on the lists (the defaults below, which staff can extend); the server checks that.
 */

export const MEMBER_TEXT_MAX_LENGTH = 120;
export const MEMBER_URL_MAX_LENGTH = 300;

const required = (max: number) =>
  z.string({ error: FIELD_REQUIRED }).trim().min(1, FIELD_REQUIRED).max(max, `Use at most ${max} characters`);

/** Digits, spaces and a leading +, as the add form asks; 7 to 15 digits. */
const phone = required(PHONE_MAX_LENGTH).refine(
  (value) => /^\+?[\d\s]+$/.test(value) && value.replace(/\D/g, "").length >= 7 && value.replace(/\D/g, "").length <= 15,
  "Enter a phone number: digits, spaces and an optional +",
);

/** An optional https address, on one of `hosts` (or their subdomains) when given: no script, no plain http. */
function httpsUrl(message: string, hosts?: string[]) {
  return z
    .string()
    .trim()
    .max(MEMBER_URL_MAX_LENGTH, `Use at most ${MEMBER_URL_MAX_LENGTH} characters`)
    .optional()
    .refine((value) => {
      if (!value) return true;
      try {
        const url = new URL(value);
        const host = url.hostname.toLowerCase();
        if (url.protocol !== "https:" || !host.includes(".")) return false;
        return !hosts || hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
      } catch {
        return false;
      }
    }, message);
}

/** The add and edit forms (the photo travels beside these fields as a file). */
export const MemberFormSchema = z.object({
  name: required(NAME_MAX_LENGTH),
  company: required(MEMBER_TEXT_MAX_LENGTH),
  address: required(MEMBER_TEXT_MAX_LENGTH),
  email: required(EMAIL_MAX_LENGTH).pipe(z.email("Enter a valid e-mail address")),
  phone,
  profession: required(MEMBER_TEXT_MAX_LENGTH),
  location: required(MEMBER_TEXT_MAX_LENGTH),
  category: required(MEMBER_TEXT_MAX_LENGTH),
  linkedin: httpsUrl("Enter a LinkedIn address starting with https://www.linkedin.com/", ["linkedin.com"]),
  twitter: httpsUrl("Enter a Twitter or X address starting with https://x.com/", ["twitter.com", "x.com"]),
  /** Their own scheduling page, on any site. */
  bookingUrl: httpsUrl("Enter a full address starting with https://"),
});

/** The form as the browser checks it: the photo (`profile`) is any file or none; the server checks its bytes. */
export const MemberFormBrowserSchema = MemberFormSchema.extend({ profile: z.unknown().optional() });

export type MemberInput = z.input<typeof MemberFormSchema>;
export type MemberFields = z.output<typeof MemberFormSchema>;

/** Connect: the longest and shortest note a student may send a member. */
export const CONNECT_MESSAGE_MAX_LENGTH = 1_000;
export const CONNECT_MESSAGE_MIN_LENGTH = 20;
/** How many members a student may write to in 24 hours. */
export const CONNECT_DAILY_LIMIT = 5;
export const CONNECT_LIMIT = `You can write to ${CONNECT_DAILY_LIMIT} members a day.`;

/** A student's message to a networking member (Connect). */
export const ConnectFormSchema = z.object({
  message: multiline(
    z
      .string({ error: FIELD_REQUIRED })
      .trim()
      .min(1, FIELD_REQUIRED)
      .min(
        CONNECT_MESSAGE_MIN_LENGTH,
        `Write at least ${CONNECT_MESSAGE_MIN_LENGTH} characters: say who you are and what you would like to ask`,
      )
      .max(CONNECT_MESSAGE_MAX_LENGTH, `Use at most ${CONNECT_MESSAGE_MAX_LENGTH.toLocaleString("en")} characters`),
  ),
});

const STATUS_ACTIVE_OR_INACTIVE = "The status must be Active or Inactive";

/** A member card's buttons on the staff list: the member's `id` with `status` (Active or Inactive) to set, or `intent=delete`. */
export const MemberButtonSchema = z
  .object({
    id: postedId("Choose a networking member."),
    intent: z.literal("delete", { error: "Choose Delete or a status" }).optional(),
    status: z.enum(memberStatuses, { error: STATUS_ACTIVE_OR_INACTIVE }).optional(),
  })
  .refine((buttons) => buttons.intent === "delete" || buttons.status !== undefined, {
    message: STATUS_ACTIVE_OR_INACTIVE,
    path: ["status"],
  });
