import { getLocale, intlLocale, type Locale } from "./locale";

// Number formats made once per language: `toLocaleString` builds a new formatter on every call,
// which a page listing a dozen universities' fees in two currencies pays for dozens of times per
// render. English keeps its grouping by thousands (and lakh for taka); Bangla writes every amount
// in Bangla digits with lakh and crore grouping, as bn-BD does.
const thousands: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en"),
  bn: new Intl.NumberFormat(intlLocale.bn),
};
const lakh: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-IN"),
  bn: thousands.bn,
};

const scores = new Intl.NumberFormat(intlLocale.bn, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const plainDigits = new Intl.NumberFormat(intlLocale.bn, { useGrouping: false, maximumFractionDigits: 20 });

/** 1200000 → "1,200,000": grouped by thousands ("১২,০০,০০০" in Bangla, which groups in lakh). */
export function groupThousands(value: number, locale: Locale = getLocale()): string {
  return thousands[locale].format(value);
}

/** 1200000 → "12,00,000": grouped in lakh and crore, as Bangladesh writes amounts of taka ("১২,০০,০০০" in Bangla). */
export function groupLakh(value: number, locale: Locale = getLocale()): string {
  return lakh[locale].format(value);
}

/** 6.5 → "6.5" ("৬.৫" in Bangla): an IELTS score, always with its one decimal. */
export function formatScore(value: number, locale: Locale = getLocale()): string {
  return locale === "en" ? value.toFixed(1) : scores.format(value);
}

/** 1200 → "1200" ("১২০০" in Bangla): a count or a rank written as is, without grouping. */
export function formatDigits(value: number, locale: Locale = getLocale()): string {
  return locale === "en" ? String(value) : plainDigits.format(value);
}
