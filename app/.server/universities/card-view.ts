import { formatMoney, formatTaka } from "~/lib/tuition";
import type { TuitionCurrency, TuitionView, UniversityCardView } from "~/lib/universities";
import { m } from "~/paraglide/messages";
import type { TakaRates, UniversityCard } from "./schema";

/**
 * A fee as the pages show it: in its own currency, about so much in taka, and the academic year it
 * is for; `none` for a published zero (Germany's public universities charge no tuition), which has
 * no taka figure; a currency without a rate keeps its own figure and says so, never "≈ BDT 0".
 * Null when the fee is unknown.
 */
export function feeView(
  amount: number | null,
  currency: string | null,
  year: number | null,
  rates: TakaRates,
  none: string,
): TuitionView | null {
  if (amount === null || currency === null) return null;
  if (amount === 0) return { original: none, taka: null, year };
  const rate = rates[currency as TuitionCurrency] ?? 0;
  return { original: formatMoney(amount, currency), taka: rate > 0 ? formatTaka(amount, rate) : m.finder_no_taka_rate(), year };
}

/** First-year tuition as the pages show it (feeView). */
export function tuitionView(
  university: Pick<UniversityCard, "tuitionAmount" | "tuitionCurrency" | "tuitionYear">,
  rates: TakaRates,
): TuitionView | null {
  return feeView(university.tuitionAmount, university.tuitionCurrency, university.tuitionYear, rates, m.finder_no_tuition_fee());
}

/** What a card (finder, shortlist) and the compare table show of a university, ready to render. */
export function cardView(university: UniversityCard, rates: TakaRates): UniversityCardView {
  return {
    slug: university.slug,
    name: university.name,
    place: `${university.city}, ${university.country}`,
    type: university.type,
    logo: university.logo ? `/${university.logo}` : null,
    ranking: university.worldRanking === null ? null : { rank: university.worldRanking, year: university.rankingYear },
    englishTaughtCourses: university.englishTaughtCourses,
    tuition: tuitionView(university, rates),
    minimumIelts: university.minimumIelts,
    scholarships: university.scholarships,
  };
}
