import { m } from "~/paraglide/messages";
import { getLocale, type Locale } from "./locale";

/** Each destination's names as our lists and the catalogue spell them, and its name in the page's language. */
const destinationNames: Record<string, () => string> = {
  UK: m.community_country_uk,
  "United Kingdom": m.community_country_uk,
  USA: m.community_country_usa,
  "United States": m.community_country_usa,
  "United States of America": m.community_country_usa,
  Japan: m.community_country_japan,
  China: m.community_country_china,
  Canada: m.community_country_canada,
  Australia: m.community_country_australia,
  Germany: m.community_country_germany,
  Finland: m.community_country_finland,
  Netherlands: m.community_country_netherlands,
  "South Korea": m.community_country_south_korea,
  Denmark: m.community_country_denmark,
  Malaysia: m.community_country_malaysia,
  France: m.community_country_france,
  Dubai: m.community_country_dubai,
};

/**
 * A country as the page shows it: in English as stored ("United Kingdom" on a university, "UK" on
 * an application), in Bangla the destination's Bangla name; a country we do not list (a staff
 * member may add one) as typed. Values posted and stored stay the English ones.
 */
export function countryName(country: string, locale: Locale = getLocale()): string {
  const translated = locale === "en" ? undefined : destinationNames[country];
  return translated ? translated() : country;
}
