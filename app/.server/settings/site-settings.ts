import { like, max } from "drizzle-orm";
import { costSettingKeys } from "~/lib/first-year-cost";
import type { IeltsBatchSettings, SiteSettings } from "~/lib/site-settings";
import { tuitionCurrencies } from "~/lib/universities";
import { contentFreshness, notifyContentChanged } from "../content-changes";
import { type Database, db } from "../db";
import { siteSetting } from "../db/schema";
import { InvalidatedCache } from "../invalidated-cache";

export const siteSettingKeys = [
  "contactEmail",
  "contactPhone",
  "city",
  "country",
  "bookingUrl",
  "social.facebook",
  "social.instagram",
  "social.linkedin",
  "social.youtube",
  "staffEmail",
  "ielts.weekend.schedule",
  "ielts.weekend.fee",
  "ielts.regular.schedule",
  "ielts.regular.fee",
  "networking.locations",
  "networking.categories",
  "booking.maxLivePerConsultant",
  "booking.cancelCutoffHours",
  ...tuitionCurrencies.map((currency) => `rates.${currency}` as const),
  ...costSettingKeys,
] as const;
export type SiteSettingKey = (typeof siteSettingKeys)[number];

// The business's own details; staff override them in the site_setting table.
const defaults: Record<SiteSettingKey, string | undefined> = {
  contactEmail: "info@onward.com.bd",
  // No phone is shown until staff set a real one (/dashboard/settings).
  contactPhone: undefined,
  city: "Dhaka",
  country: "Bangladesh",
  bookingUrl: undefined,
  "social.facebook": undefined,
  "social.instagram": undefined,
  "social.linkedin": undefined,
  "social.youtube": undefined,
  // Where contact messages and enrolment requests are mailed; the contact e-mail unless set.
  staffEmail: undefined,
  // IELTS Online Batch details are shown only once staff have set them.
  "ielts.weekend.schedule": undefined,
  "ielts.weekend.fee": undefined,
  "ielts.regular.schedule": undefined,
  "ielts.regular.fee": undefined,
  // Locations and job categories staff add to the networking directory's lists, one per line.
  "networking.locations": undefined,
  "networking.categories": undefined,
  // How many live (pending or accepted) bookings a student may hold with one consultant, and until
  // how many hours before its start a student may cancel one.
  "booking.maxLivePerConsultant": "1",
  "booking.cancelCutoffHours": "2",
  // Taka per unit of each tuition currency, for the finder's "≈ BDT" figures and its tuition cap:
  // indicative defaults (late 2025) that staff keep current in the site settings.
  "rates.USD": "122",
  "rates.GBP": "160",
  "rates.EUR": "141",
  "rates.CAD": "87",
  "rates.AUD": "79",
  "rates.DKK": "18.9",
  "rates.KRW": "0.085",
  "rates.JPY": "0.8",
  "rates.MYR": "29",
  // Living costs and the flight from Dhaka: content/first-year-costs.json's figures until a manager sets them.
  ...(Object.fromEntries(costSettingKeys.map((key) => [key, undefined])) as Record<(typeof costSettingKeys)[number], undefined>),
};

export type SettingValues = Record<SiteSettingKey, string | undefined>;

/** A setting's value in code, which a cleared setting falls back to where it has one (the exchange rates). */
export function settingDefault(key: SiteSettingKey): string | undefined {
  return defaults[key];
}

function isSiteSettingKey(key: string): key is SiteSettingKey {
  return (siteSettingKeys as readonly string[]).includes(key);
}

/**
 * Every page shows settings: they are read once and kept, for this long at most, while content
 * caches can be kept true on every instance, and forgotten on every content change (here or on
 * another instance: content-changes.ts).
 */
const held = new InvalidatedCache<unknown>(contentFreshness, { ttlMs: 30_000, maxEntries: 2 });

function heldRead<T>(key: string, load: (database: Database) => Promise<T>): () => Promise<T> {
  return async () => (await held.get(key, async () => ({ value: await load(db()) }))) as T;
}

/** Defaults from code, overridden key by key by rows in site_setting; held in memory, emptied on every change. */
export const readSettingValues: () => Promise<SettingValues> = heldRead("settings", loadSettingValues);

/** When staff last changed an exchange rate (the newest change among `rates.*`), or null: the default rates. Held like the settings. */
export const readRatesChangedAt: () => Promise<Date | null> = heldRead("rates-changed-at", (database) =>
  database
    .select({ at: max(siteSetting.updatedAt) })
    .from(siteSetting)
    .where(like(siteSetting.key, "rates.%"))
    .then(([row]) => row?.at ?? null),
);

/** The settings as stored now, read through `database` (a transaction's own reads), not the held copy. */
export async function loadSettingValues(database: Database): Promise<SettingValues> {
  const rows = await database.select({ key: siteSetting.key, value: siteSetting.value }).from(siteSetting);
  const values = { ...defaults };
  for (const row of rows) {
    if (isSiteSettingKey(row.key)) values[row.key] = row.value || undefined;
  }
  return values;
}

/** The details every public page shows (sent to the browser, so nothing staff-only). */
export async function getSiteSettings(): Promise<SiteSettings> {
  const values = await readSettingValues();
  return {
    contactEmail: values.contactEmail ?? "",
    contactPhone: values.contactPhone ?? "",
    city: values.city ?? "",
    country: values.country ?? "",
    bookingUrl: values.bookingUrl,
    social: {
      facebook: values["social.facebook"],
      instagram: values["social.instagram"],
      linkedin: values["social.linkedin"],
      youtube: values["social.youtube"],
    },
  };
}

/** The address staff notifications go to. */
export async function getStaffEmail(): Promise<string> {
  const values = await readSettingValues();
  return values.staffEmail ?? values.contactEmail ?? "";
}

/** Schedule and fee of each IELTS online batch; a batch's fields stay undefined until set. */
export async function getIeltsBatchSettings(): Promise<IeltsBatchSettings> {
  const values = await readSettingValues();
  return {
    weekend: { schedule: values["ielts.weekend.schedule"], fee: values["ielts.weekend.fee"] },
    regular: { schedule: values["ielts.regular.schedule"], fee: values["ielts.regular.fee"] },
  };
}

export type BookingRules = { maxLivePerConsultant: number; cancelCutoffHours: number };

/** The booking rules staff set (a value that is not a whole number falls back to the default). */
export async function getBookingRules(): Promise<BookingRules> {
  const values = await readSettingValues();
  const whole = (key: "booking.maxLivePerConsultant" | "booking.cancelCutoffHours") => {
    const value = Number(values[key]);
    return Number.isInteger(value) && value >= 0 ? value : Number(defaults[key]);
  };
  return {
    maxLivePerConsultant: Math.max(1, whole("booking.maxLivePerConsultant")),
    cancelCutoffHours: whole("booking.cancelCutoffHours"),
  };
}

export async function setSiteSetting(key: SiteSettingKey, value: string) {
  await db()
    .insert(siteSetting)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSetting.key, set: { value, updatedAt: new Date() } });
  // The held settings and pages cached for anonymous visitors show settings: they must be rendered again.
  notifyContentChanged();
}
