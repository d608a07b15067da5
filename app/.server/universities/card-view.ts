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
  return {
    original: formatMoney(amount, currency),
    taka: formatTaka(amount, rates[currency as TuitionCurrency] ?? 0),
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
