import { z } from "zod";
import { m } from "~/paraglide/messages";
import { type CostCountryId, costCountries } from "../first-year-cost";
import { formatDigits } from "../numbers";
import { tuitionCurrencies } from "../universities";
import { asciiDigits } from "./digits";
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

/** Why a required setting is refused ("Enter the city"), in the page's language. */
export function requiredMessage(key: (typeof requiredSettingKeys)[number]): string {
  return { contactEmail: m.staff_s_contact_email_required, city: m.staff_s_city_required, country: m.staff_s_country_required }[key]();
}

const atMost = (max: number) => ({ error: () => m.staff_v_at_most({ max: formatDigits(max) }) });

const text = (max: number) => z.string().trim().max(max, atMost(max)).optional();

/** A number field: digits typed on a Bangla keyboard count as the same digits. */
const numericText = (max: number) => z.string().trim().overwrite(asciiDigits).max(max, atMost(max)).optional();

const email = text(EMAIL_MAX_LENGTH).refine((value) => value === undefined || z.email().safeParse(value).success, {
  error: () => m.forms_email_invalid(),
});

const phone = numericText(20).refine((value) => value === undefined || /^\+?[\d\s-]{6,20}$/.test(value), {
  error: () => m.staff_s_phone(),
});

/** An address people are sent to from our pages: https only, so no page links to plain http or script. */
const httpsUrl = text(SETTING_URL_MAX_LENGTH).refine(
  (value) => {
    if (value === undefined) return true;
    try {
      const url = new URL(value);
      return url.protocol === "https:" && url.hostname.includes(".");
    } catch {
      return false;
    }
  },
  { error: () => m.staff_v_https() },
);

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
    .refine((value) => listEntries(value).every((entry) => entry.length <= SETTING_LIST_ITEM_MAX_LENGTH), {
      error: () => m.staff_s_line_length({ max: formatDigits(SETTING_LIST_ITEM_MAX_LENGTH) }),
    })
    .refine((value) => listEntries(value).length <= SETTING_LIST_MAX_ITEMS, {
      error: () => m.staff_s_max_lines({ max: formatDigits(SETTING_LIST_MAX_ITEMS) }),
    }),
);

/** Taka per unit of a currency: a positive number such as 122 or 0.085 (empty: the default). */
const rate = numericText(12).refine((value) => !value || (/^\d+(\.\d+)?$/.test(value) && Number(value) > 0), {
  error: () => m.staff_s_rate(),
});

/** A whole number from `min` to `max` (empty: the default). */
const wholeNumber = (min: number, max: number, message: () => string) =>
  numericText(4).refine((value) => !value || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max), { error: message });

/** A whole amount such as 13632 (empty: the official figure, or none). */
const wholeAmount = numericText(10).refine((value) => !value || (/^\d{1,9}$/.test(value) && Number(value) > 0), {
  error: () => m.staff_s_whole_amount(),
});

/** The year a figure applies to. */
const figureYear = numericText(4).refine((value) => !value || (/^\d{4}$/.test(value) && Number(value) >= 2015 && Number(value) <= 2035), {
  error: () => m.staff_s_year(),
});

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
      maxLivePerConsultant: wholeNumber(1, 20, m.staff_s_max_live),
      cancelCutoffHours: wholeNumber(0, 168, m.staff_s_cutoff),
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
    if (!form[key]) context.addIssue({ code: "custom", path: [key], message: requiredMessage(key) });
  }
});
