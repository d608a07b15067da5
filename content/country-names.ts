// Small helpers for country names in running text; imported by pages' components, so this
// module carries no guide data into the browser's bundle.

import { getLocale, type Locale } from "../app/lib/locale";

/**
 * A country's name inside a sentence: "the United States", "the Netherlands", "Canada" in English.
 * Bangla puts no article before a country's name, so a Bangla name is used as it is; the Bangla
 * messages are worded to take the name uninflected ("পড়াশোনার জন্য কেন {country}").
 */
export function countryInSentence(country: string, locale: Locale = getLocale()): string {
  if (locale !== "en") return country;
  return /^(United |Netherlands$)/.test(country) ? `the ${country}` : country;
}
