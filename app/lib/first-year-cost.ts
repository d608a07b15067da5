import { m } from "~/paraglide/messages";
import type { StudyLevel } from "./academic-profile";
import { getLocale, type Locale } from "./locale";
import { groupLakh } from "./numbers";
import type { TuitionCurrency } from "./universities";

/** The destination countries whose first-year costs we keep, with the id their settings use and their currency. */
export const costCountries = [
  { name: "United States", id: "united-states", currency: "USD" },
  { name: "United Kingdom", id: "united-kingdom", currency: "GBP" },
  { name: "Canada", id: "canada", currency: "CAD" },
  { name: "Australia", id: "australia", currency: "AUD" },
  { name: "Denmark", id: "denmark", currency: "DKK" },
  { name: "Finland", id: "finland", currency: "EUR" },
  { name: "Germany", id: "germany", currency: "EUR" },
  { name: "Netherlands", id: "netherlands", currency: "EUR" },
  { name: "South Korea", id: "south-korea", currency: "KRW" },
  { name: "Japan", id: "japan", currency: "JPY" },
  { name: "Malaysia", id: "malaysia", currency: "MYR" },
] as const satisfies readonly { name: string; id: string; currency: TuitionCurrency }[];
export type CostCountryId = (typeof costCountries)[number]["id"];

/** The site settings a manager keeps each country's living costs (a year, in its currency) and flight from Dhaka (taka) in. */
export const costSettingKeys = costCountries.flatMap(({ id }) => [
  `costs.${id}.living` as const,
  `costs.${id}.livingYear` as const,
  `costs.${id}.flight` as const,
  `costs.${id}.flightYear` as const,
]);

/** One line of the first-year cost table: in its own currency, and in taka where a rate is set. */
export type CostLine = {
  label: string;
  /** Null: the figure is not known (a named line, so the total says what it leaves out). */
  amount: number | null;
  currency: string | null;
  /** The year the figure applies to (an academic year's first year for fees), and the page that states it. */
  year: number | null;
  source: string | null;
  /** Whole taka; null when the amount is unknown or its currency has no rate. */
  taka: number | null;
};

/** The first year's cost of one university for one student level, ready to show and to compare with a budget. */
export type FirstYearCost = {
  level: StudyLevel;
  lines: CostLine[];
  /** The sum of every line with a taka figure (whole taka); null when no line has one. */
  totalBdt: number | null;
  /** Labels of the lines the total leaves out (unknown, or no taka rate). */
  missing: string[];
  /** Whether the country's living costs are in the total (without them no budget can be said to fit). */
  livingKnown: boolean;
  /** What the embassy expects to see in the bank, shown apart from the cost. */
  bankBalance: CostLine | null;
};

/** How one requirement of fit stands: met, not met, or unknown (a figure is missing on either side). */
export type RequirementState = "met" | "failed" | "unknown";

/** A reason of fit in plain words, and whether it says a requirement is met, not met, unknown, or only informs. */
export type FitReason = { text: string; state: RequirementState | "info" };

/** "৳31 lakh", "৳6.4 lakh", "৳1.2 crore", "৳85,000": taka as a Bangladeshi family says it ("৳৩১ লাখ" in Bangla). */
export function formatLakh(taka: number, locale: Locale = getLocale()): string {
  const amount = Math.round(taka);
  if (amount >= 10_000_000) return m.finder_taka_crore({ amount: trimmed(amount / 10_000_000, locale) }, { locale });
  if (amount >= 100_000)
    return m.finder_taka_lakh(
      { amount: amount >= 1_000_000 ? groupLakh(Math.round(amount / 100_000), locale) : trimmed(amount / 100_000, locale) },
      { locale },
    );
  return `৳${groupLakh(amount, locale)}`;
}

function trimmed(value: number, locale: Locale): string {
  const rounded = Math.round(value * 10) / 10;
  return locale === "en" ? String(rounded) : groupLakh(rounded, locale);
}

/** "BDT 1,22,000" — whole taka in the South Asian grouping Bangladeshi banks print ("৳১,২২,০০০" in Bangla). */
export function formatBdt(taka: number, locale: Locale = getLocale()): string {
  const amount = groupLakh(Math.round(taka), locale);
  return locale === "en" ? `BDT ${amount}` : `৳${amount}`;
}
