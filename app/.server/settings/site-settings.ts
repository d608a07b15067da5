import type { SiteSettings } from "~/lib/site-settings";
import { db } from "../db";
import { siteSetting } from "../db/schema";

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
] as const;
export type SiteSettingKey = (typeof siteSettingKeys)[number];

// The business's own details; staff override them in the site_setting table.
const defaults: Record<SiteSettingKey, string | undefined> = {
  contactEmail: "info@onward.com.bd",
  contactPhone: "+880 1712-345678",
  city: "Dhaka",
  country: "Bangladesh",
  bookingUrl: undefined,
  "social.facebook": undefined,
  "social.instagram": undefined,
  "social.linkedin": undefined,
  "social.youtube": undefined,
};

/** Defaults from code, overridden key by key by rows in site_setting. */
export async function getSiteSettings(): Promise<SiteSettings> {
  const rows = await db().select({ key: siteSetting.key, value: siteSetting.value }).from(siteSetting);
  const values = { ...defaults };
  for (const row of rows) {
    if ((siteSettingKeys as readonly string[]).includes(row.key)) values[row.key as SiteSettingKey] = row.value || undefined;
  }
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

export async function setSiteSetting(key: SiteSettingKey, value: string) {
  await db()
    .insert(siteSetting)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSetting.key, set: { value, updatedAt: new Date() } });
}
