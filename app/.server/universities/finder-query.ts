import { parsePage } from "~/lib/pagination";
import {
  FINDER_SEARCH_MAX_LENGTH,
  type FinderSort,
  finderSorts,
  ieltsBands,
  type UniversityType,
  universityTypes,
} from "~/lib/universities";
import type { FinderQuery } from "./schema";

/** The largest tuition cap or budget the finder takes (taka): beyond it the figure means nothing. */
const MAX_TUITION_CAP = 100_000_000;

/**
 * The finder's query from the URL, every value checked: anything malformed or out of range
 * (`ielts=abc`, `sort=drop table`, `page=-1`, a NUL byte) is dropped or clamped, never an error.
 * `countries` are the catalogue's countries: another value is ignored.
 */
export function parseFinderQuery(params: URLSearchParams, countries: readonly string[]): FinderQuery {
  const text = (name: string) => (params.get(name) ?? "").replace(/\p{Cc}/gu, "").trim();
  const country = text("country");
  const type = text("type");
  const ielts = Number.parseFloat(text("ielts"));
  const whole = (name: string) => {
    const value = Number.parseInt(text(name).replace(/[,\s]/g, ""), 10);
    return Number.isSafeInteger(value) && value > 0 ? Math.min(value, MAX_TUITION_CAP) : null;
  };
  const sort = text("sort");
  return {
    q: text("q").slice(0, FINDER_SEARCH_MAX_LENGTH),
    country: countries.includes(country) ? country : "",
    type: (universityTypes as readonly string[]).includes(type) ? (type as UniversityType) : "",
    ielts: ieltsBands.includes(ielts) ? ielts : null,
    maxTuition: whole("maxTuition"),
    budget: whole("budget"),
    scholarships: text("scholarships") === "1",
    sort: (finderSorts as readonly string[]).includes(sort) ? (sort as FinderSort) : "ranking",
    page: parsePage(params.get("page")),
  };
}
