import type { StudyLevel } from "~/lib/academic-profile";
import type { FinderSort, TuitionCurrency, UniversityType } from "~/lib/universities";
import type { universities } from "../db/schema";

export type University = typeof universities.$inferSelect;

/** What a finder card shows of a university. */
export type UniversityCard = Pick<
  University,
  | "id"
  | "slug"
  | "name"
  | "country"
  | "city"
  | "type"
  | "logo"
  | "worldRanking"
  | "rankingYear"
  | "englishTaughtCourses"
  | "tuitionAmount"
  | "tuitionCurrency"
  | "tuitionYear"
  | "scholarships"
  | "minimumIelts"
> &
  UniversityCosts;

/** The fees of a university (and its country) that its first year in taka and fit read (first-year-cost.ts). */
export type UniversityCosts = Pick<
  University,
  | "country"
  | "tuitionAmount"
  | "tuitionCurrency"
  | "tuitionYear"
  | "tuitionSource"
  | "mastersTuitionAmount"
  | "mastersTuitionCurrency"
  | "mastersTuitionYear"
  | "mastersTuitionSource"
  | "applicationFeeAmount"
  | "applicationFeeCurrency"
  | "applicationFeeYear"
  | "applicationFeeSource"
  | "yearlyFeesAmount"
  | "yearlyFeesCurrency"
  | "yearlyFeesYear"
  | "yearlyFeesSource"
  | "yearlyFeesLabel"
>;

/** The finder's question, every part already checked (see parseFinderQuery). */
export type FinderQuery = {
  q: string;
  country: string;
  type: UniversityType | "";
  ielts: number | null;
  maxTuition: number | null;
  /** The family's budget for the whole first year, in taka: under `sort=fit` it ranks, never filters. */
  budget: number | null;
  scholarships: boolean;
  sort: FinderSort;
  page: number;
};

/**
 * What the fit order compares (fit.ts): the student's IELTS and budget, the level whose tuition
 * counts, and each country's first-year costs besides the university's fees, in taka.
 */
export type FitContext = {
  ielts: number | null;
  budgetBdt: number | null;
  level: StudyLevel;
  countries: Record<string, { extraBdt: number; livingKnown: boolean }>;
};

/** Taka per unit of each tuition currency. */
export type TakaRates = Record<TuitionCurrency, number>;
