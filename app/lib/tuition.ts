import { formatYear, getLocale, type Locale } from "./locale";
import { groupThousands } from "./numbers";

/** "USD 10,000" — an amount in its own currency, whole units, grouped for reading ("USD ১০,০০০" in Bangla). */
export function formatMoney(amount: number, currency: string, locale: Locale = getLocale()): string {
  return `${currency} ${groupThousands(Math.round(amount), locale)}`;
}

/**
 * "≈ BDT 1,220,000": an amount converted to taka at `rate`, rounded to the thousand (rates are
 * indicative); "≈ ৳১২,২০,০০০" in Bangla.
 */
export function formatTaka(amount: number, rate: number, locale: Locale = getLocale()): string {
  const taka = groupThousands(Math.round((amount * rate) / 1000) * 1000, locale);
  return locale === "en" ? `≈ BDT ${taka}` : `≈ ৳${taka}`;
}

/** An academic year by the year it starts in, as universities write it: 2025 → "2025/26" ("২০২৫/২৬" in Bangla). */
export function academicYear(startYear: number, locale: Locale = getLocale()): string {
  const next = String((startYear + 1) % 100).padStart(2, "0");
  return locale === "en" ? `${startYear}/${next}` : `${formatYear(startYear, locale)}/${formatYear(startYear + 1, locale).slice(-2)}`;
}
