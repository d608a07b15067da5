import { formatMoney, formatTaka } from "~/lib/tuition";
import type { TuitionCurrency, TuitionView, UniversityCardView } from "~/lib/universities";
import type { TakaRates, UniversityCard } from "./schema";

/** First-year tuition as the pages show it: in its own currency, ≈ in taka, and the year it is for; null when unknown. */
export function tuitionView(
  university: Pick<UniversityCard, "tuitionAmount" | "tuitionCurrency" | "tuitionYear">,
  rates: TakaRates,
): TuitionView | null {
  const { tuitionAmount: amount, tuitionCurrency: currency } = university;
  if (amount === null || currency === null) return null;
  // A published zero (Germany's public universities) is "No tuition fee", never "0"; a currency
  // without a rate keeps its own figure and says so, never "≈ BDT 0".
  if (amount === 0) return { original: "No tuition fee", taka: null, year: university.tuitionYear };
  const rate = rates[currency as TuitionCurrency] ?? 0;
  return {
    original: formatMoney(amount, currency),
    taka: rate > 0 ? formatTaka(amount, rate) : "no taka rate set",
    year: university.tuitionYear,
  };
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
