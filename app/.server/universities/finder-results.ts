import type { FitReason } from "~/lib/first-year-cost";
import type { Paginated } from "~/lib/pagination";
import type { SessionUser } from "../auth/session";
import { getAcademicProfile } from "../users/academic-profile";
import { FINDER_PAGE_SIZE, findUniversities } from "./find-universities";
import { countryExtras, firstYearCost, getCountryCosts } from "./first-year-cost";
import { fitContext, fitOf } from "./fit";
import { getTakaRates } from "./rates";
import type { FinderQuery, FitContext, TakaRates, UniversityCard } from "./schema";

export type FinderResults = Paginated<UniversityCard & { fitReasons: FitReason[] | null }> & {
  rates: TakaRates;
  /** What the fit order compared (null unless `sort=fit`), and whether a profile supplied it. */
  fit: (FitContext & { fromProfile: boolean }) | null;
};

/**
 * One page of the finder as the page and the JSON API show it: the universities the query
 * matches, and under `sort=fit` each one's reasons. In fit order a signed-in student's academic
 * profile stands in for the IELTS score and budget the query leaves out.
 */
export async function finderResults(query: FinderQuery, user: SessionUser | null, pageSize = FINDER_PAGE_SIZE): Promise<FinderResults> {
  const rates = await getTakaRates();
  const [profile, costs] =
    query.sort === "fit"
      ? await Promise.all([user?.role === "student" ? getAcademicProfile(user.id) : null, getCountryCosts()])
      : [null, null];
  const fit = costs ? fitContext(query, profile, countryExtras(costs, rates)) : null;
  const results = await findUniversities(query, rates, fit, pageSize);
  return {
    ...results,
    items: results.items.map((university) => ({
      ...university,
      fitReasons:
        fit && costs
          ? fitOf(university.minimumIelts, firstYearCost(university, costs.get(university.country), rates, fit.level), fit).reasons
          : null,
    })),
    rates,
    fit: fit ? { ...fit, fromProfile: profile !== null } : null,
  };
}
