/**
 * The university catalogue's fixed lists and units, kept free of Zod so pages can use them without
 * loading it.
 */
import { m } from "~/paraglide/messages";
import { getLocale, intlLocale, type Locale } from "./locale";

export const universityTypes = ["Public", "Private"] as const;
export type UniversityType = (typeof universityTypes)[number];

/** A type as the page's language names it ("Public", "সরকারি"); the stored value stays English. */
export function universityTypeLabel(type: string): string {
  if (type === "Public") return m.finder_type_public();
  if (type === "Private") return m.finder_type_private();
  return type;
}

/** The countries the catalogue and its finder cover, as a university's `country` spells them. */
export const catalogueCountries = [
  "Australia",
  "Canada",
  "Denmark",
  "Finland",
  "Germany",
  "Japan",
  "Malaysia",
  "Netherlands",
  "South Korea",
  "United Kingdom",
  "United States",
] as const;

/** Month names in English, January first (an intake's month and a deadline's are 1–12). */
export const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const bnMonths = new Intl.DateTimeFormat(intlLocale.bn, { month: "long", timeZone: "UTC" });

/** A month (1–12) by name in the page's language: "January", "জানুয়ারি"; "" when out of range. */
export function monthName(month: number, locale: Locale = getLocale()): string {
  const name = monthNames[month - 1];
  if (!name) return "";
  return locale === "en" ? name : bnMonths.format(Date.UTC(2000, month - 1, 1));
}

/** Currencies a first-year tuition may be given in (ISO 4217); each has a rate to taka in the site settings. */
export const tuitionCurrencies = ["USD", "GBP", "EUR", "CAD", "AUD", "DKK", "KRW", "JPY", "MYR"] as const;
export type TuitionCurrency = (typeof tuitionCurrencies)[number];

/** An English test a university accepts besides IELTS, with its minimum in the university's words ("TOEFL iBT", "100, at least 22 in each section"). */
export type OtherTest = { test: string; score: string };

/** A month a bachelor's starts (1–12) and the usual last day to apply for it, where the university sets one. */
export type Intake = { month: number; deadline: { month: number; day: number } | null };

/** A scholarship open to international students: its name, its usual value in words, and the year and page that state them. */
export type NamedScholarship = { name: string; value: string; year: number | null; source: string | null };

/** IELTS bands a minimum may be: 2.5 to 9 in steps of 0.5. */
export const ieltsBands = Array.from({ length: 14 }, (_, index) => 2.5 + index * 0.5);

export const finderSorts = ["ranking", "name", "tuition", "fit"] as const;
export type FinderSort = (typeof finderSorts)[number];

/** At most this many universities side by side: four columns still fit a laptop, and scroll on a phone. */
export const COMPARE_MAX = 4;

/** The longest name search the finder reads. */
export const FINDER_SEARCH_MAX_LENGTH = 100;

/** First-year tuition ready to show: in its own currency, ≈ in taka, and the year the figure is for. */
/** First-year tuition as shown: "USD 10,000" or "No tuition fee"; its taka figure (null for no fee); the academic year it is for. */
export type TuitionView = { original: string; taka: string | null; year: number | null };

/** What a card (finder, shortlist) and the compare table show of a university. */
export type UniversityCardView = {
  slug: string;
  name: string;
  place: string;
  type: UniversityType;
  logo: string | null;
  ranking: { rank: number; year: number | null } | null;
  englishTaughtCourses: number | null;
  tuition: TuitionView | null;
  minimumIelts: number | null;
  scholarships: number | null;
};
