import { z } from "zod";
import { type CostCountryId, costCountries } from "../first-year-cost";
import { tuitionCurrencies } from "../universities";
import { multiline } from "./multiline";

/**
 * The site settings form (/dashboard/settings): checked in the browser before sending and on
 * the server. Field names are the settings keys (`contactEmail`, `social.facebook`,
 * `ielts.weekend.fee`…), which Conform reads as nested objects. Every field is optional here
 * because a post changes only the keys it carries; the server requires the contact e-mail,
 * city and country whenever they are carried (they cannot be emptied).
 */

export const SETTING_TEXT_MAX_LENGTH = 80;
export const SETTING_URL_MAX_LENGTH = 300;
export const SETTING_SCHEDULE_MAX_LENGTH = 200;
export const SETTING_FEE_MAX_LENGTH = 60;
const EMAIL_MAX_LENGTH = 254;

/** The settings that may not be emptied once carried by a post. */
export const requiredSettingKeys = ["contactEmail", "city", "country"] as const;

export const requiredMessages: Record<(typeof requiredSettingKeys)[number], string> = {
  contactEmail: "Enter the contact e-mail address",
  city: "Enter the city",
  country: "Enter the country",
};

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`).optional();

const email = text(EMAIL_MAX_LENGTH).refine(
  (value) => value === undefined || z.email().safeParse(value).success,
  "Enter a valid e-mail address",
);

const phone = text(20).refine(
  (value) => value === undefined || /^\+?[\d\s-]{6,20}$/.test(value),
  "Enter a phone number: digits, spaces, dashes and an optional +",
);

/** An address people are sent to from our pages: https only, so no page links to plain http or script. */
const httpsUrl = text(SETTING_URL_MAX_LENGTH).refine((value) => {
  if (value === undefined) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}, "Enter a full address starting with https://");

export const SETTING_LIST_ITEM_MAX_LENGTH = 60;
export const SETTING_LIST_MAX_ITEMS = 30;

/** The entries of a one-per-line list, trimmed, blank lines dropped. */
export function listEntries(value: string | undefined): string[] {
  return (value ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Extra entries for one of the networking directory's lists: one per line. */
const list = multiline(
  text(SETTING_LIST_MAX_ITEMS * (SETTING_LIST_ITEM_MAX_LENGTH + 2))
    .refine(
      (value) => listEntries(value).every((entry) => entry.length <= SETTING_LIST_ITEM_MAX_LENGTH),
      `Keep each line under ${SETTING_LIST_ITEM_MAX_LENGTH} characters`,
    )
    .refine((value) => listEntries(value).length <= SETTING_LIST_MAX_ITEMS, `At most ${SETTING_LIST_MAX_ITEMS} lines`),
);

/** Taka per unit of a currency: a positive number such as 122 or 0.085 (empty: the default). */
const rate = text(12).refine(
  (value) => !value || (/^\d+(\.\d+)?$/.test(value) && Number(value) > 0),
  "Enter taka per unit, for example 122 or 0.085",
);

/** A whole number from `min` to `max` (empty: the default). */
const wholeNumber = (min: number, max: number, message: string) =>
  text(4).refine((value) => !value || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max), message);

/** A whole amount such as 13632 (empty: the official figure, or none). */
const wholeAmount = text(10).refine(
  (value) => !value || (/^\d{1,9}$/.test(value) && Number(value) > 0),
  "Enter a whole amount, for example 13632",
);

/** The year a figure applies to. */
const figureYear = text(4).refine(
  (value) => !value || (/^\d{4}$/.test(value) && Number(value) >= 2015 && Number(value) <= 2035),
  "Enter a year such as 2025",
);

const countryCost = z.object({ living: wholeAmount, livingYear: figureYear, flight: wholeAmount, flightYear: figureYear }).optional();

const batch = z.object({ schedule: text(SETTING_SCHEDULE_MAX_LENGTH), fee: text(SETTING_FEE_MAX_LENGTH) }).optional();

export const SiteSettingsSchema = z.object({
  contactEmail: email,
  contactPhone: phone,
  city: text(SETTING_TEXT_MAX_LENGTH),
  country: text(SETTING_TEXT_MAX_LENGTH),
  bookingUrl: httpsUrl,
  staffEmail: email,
  social: z.object({ facebook: httpsUrl, instagram: httpsUrl, linkedin: httpsUrl, youtube: httpsUrl }).optional(),
  ielts: z.object({ weekend: batch, regular: batch }).optional(),
  networking: z.object({ locations: list, categories: list }).optional(),
  booking: z
    .object({
      maxLivePerConsultant: wholeNumber(1, 20, "Enter a whole number from 1 to 20"),
      cancelCutoffHours: wholeNumber(0, 168, "Enter a whole number of hours from 0 to 168"),
    })
    .optional(),
  rates: z
    .object(
      Object.fromEntries(tuitionCurrencies.map((currency) => [currency, rate])) as Record<(typeof tuitionCurrencies)[number], typeof rate>,
    )
    .optional(),
  costs: z
    .object(Object.fromEntries(costCountries.map(({ id }) => [id, countryCost])) as Record<CostCountryId, typeof countryCost>)
    .optional(),
});

/** The form as the browser checks it: it always carries every field, so the required ones must be filled. */
export const SiteSettingsFormSchema = SiteSettingsSchema.superRefine((form, context) => {
  for (const key of requiredSettingKeys) {
    if (!form[key]) context.addIssue({ code: "custom", path: [key], message: requiredMessages[key] });
  }
});
