import { z } from "zod";
import { m } from "~/paraglide/messages";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "../form-limits";
import { memberStatuses } from "../networking";
import { groupThousands } from "../numbers";
import { postedId } from "./buttons";
import { asciiDigits } from "./digits";
import { multiline } from "./multiline";

export { defaultJobCategories, defaultMemberLocations, type MemberStatus, memberStatuses } from "../networking";

/**
 * Networking members (people already living in a destination country): the add and edit forms,
 * checked in the browser before sending and on the server. The location and job category must
 * be on the lists (the defaults below, which staff can extend); the server checks that.
 */

export const MEMBER_TEXT_MAX_LENGTH = 120;
export const MEMBER_URL_MAX_LENGTH = 300;

const fieldRequired = { error: () => m.forms_field_required() };
const atMost = (max: number) => ({ error: () => m.community_at_most_characters({ max: groupThousands(max) }) });

const required = (max: number) => z.string(fieldRequired).trim().min(1, fieldRequired).max(max, atMost(max));

/** Digits (Bangla ones read as ASCII), spaces and a leading +, as the add form asks; 7 to 15 digits. */
const phone = z
  .string(fieldRequired)
  .overwrite(asciiDigits)
  .trim()
  .min(1, fieldRequired)
  .max(PHONE_MAX_LENGTH, atMost(PHONE_MAX_LENGTH))
  .refine((value) => /^\+?[\d\s]+$/.test(value) && value.replace(/\D/g, "").length >= 7 && value.replace(/\D/g, "").length <= 15, {
    error: () => m.community_phone_invalid(),
  });

/** An optional https address, on one of `hosts` (or their subdomains) when given: no script, no plain http. */
function httpsUrl(message: () => string, hosts?: string[]) {
  return z
    .string()
    .trim()
    .max(MEMBER_URL_MAX_LENGTH, atMost(MEMBER_URL_MAX_LENGTH))
    .optional()
    .refine(
      (value) => {
        if (!value) return true;
        try {
          const url = new URL(value);
          const host = url.hostname.toLowerCase();
          if (url.protocol !== "https:" || !host.includes(".")) return false;
          return !hosts || hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
        } catch {
          return false;
        }
      },
      { error: message },
    );
}

/** The add and edit forms (the photo travels beside these fields as a file). */
export const MemberFormSchema = z.object({
  name: required(NAME_MAX_LENGTH),
  company: required(MEMBER_TEXT_MAX_LENGTH),
  address: required(MEMBER_TEXT_MAX_LENGTH),
  email: required(EMAIL_MAX_LENGTH).pipe(z.email({ error: () => m.forms_email_invalid() })),
  phone,
  profession: required(MEMBER_TEXT_MAX_LENGTH),
  location: required(MEMBER_TEXT_MAX_LENGTH),
  category: required(MEMBER_TEXT_MAX_LENGTH),
  linkedin: httpsUrl(m.community_linkedin_invalid, ["linkedin.com"]),
  twitter: httpsUrl(m.community_twitter_invalid, ["twitter.com", "x.com"]),
  /** Their own scheduling page, on any site. */
  bookingUrl: httpsUrl(m.community_url_invalid),
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

/** A student's message to a networking member (Connect). */
export const ConnectFormSchema = z.object({
  message: multiline(
    z
      .string(fieldRequired)
      .trim()
      .min(1, fieldRequired)
      .min(CONNECT_MESSAGE_MIN_LENGTH, {
        error: () => m.community_connect_message_short({ min: groupThousands(CONNECT_MESSAGE_MIN_LENGTH) }),
      })
      .max(CONNECT_MESSAGE_MAX_LENGTH, atMost(CONNECT_MESSAGE_MAX_LENGTH)),
  ),
});

const statusActiveOrInactive = { error: () => m.community_member_status_invalid() };

/** A member card's buttons on the staff list: the member's `id` with `status` (Active or Inactive) to set, or `intent=delete`. */
export const MemberButtonSchema = z
  .object({
    id: postedId(() => m.community_choose_member()),
    intent: z.literal("delete", { error: () => m.community_choose_delete_or_status() }).optional(),
    status: z.enum(memberStatuses, statusActiveOrInactive).optional(),
  })
  .refine((buttons) => buttons.intent === "delete" || buttons.status !== undefined, {
    ...statusActiveOrInactive,
    path: ["status"],
  });
