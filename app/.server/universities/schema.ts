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
>;

/** The finder's question, every part already checked (see parseFinderQuery). */
export type FinderQuery = {
  q: string;
  country: string;
  type: UniversityType | "";
  ielts: number | null;
  maxTuition: number | null;
  scholarships: boolean;
  sort: FinderSort;
  page: number;
};

/** Taka per unit of each tuition currency. */
export type TakaRates = Record<TuitionCurrency, number>;

export const UNIVERSITY_NOT_FOUND = "There is no such university.";
