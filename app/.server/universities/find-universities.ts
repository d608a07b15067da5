import { and, asc, count, eq, gt, ilike, isNotNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Paginated } from "~/lib/pagination";
import { tuitionCurrencies } from "~/lib/universities";
import { db } from "../db";
import { universities } from "../db/schema";
import { listTotal, paginate } from "../pagination";
import { containsPattern } from "../search-pattern";
import { cachedCatalogueRead } from "./catalogue-cache";
import type { FinderQuery, TakaRates, UniversityCard } from "./schema";

export const FINDER_PAGE_SIZE = 12;

/** How alike a typed word and a word of the name must be (pg_trgm's word similarity, 0–1; ADR 016). */
const TYPO_TOLERANCE = 0.5;

const card = {
  id: universities.id,
  slug: universities.slug,
  name: universities.name,
  country: universities.country,
  city: universities.city,
  type: universities.type,
  logo: universities.logo,
  worldRanking: universities.worldRanking,
  rankingYear: universities.rankingYear,
  englishTaughtCourses: universities.englishTaughtCourses,
  tuitionAmount: universities.tuitionAmount,
  tuitionCurrency: universities.tuitionCurrency,
  tuitionYear: universities.tuitionYear,
  scholarships: universities.scholarships,
  minimumIelts: universities.minimumIelts,
};

/** First-year tuition in taka, in SQL: the amount times its currency's rate (null when either is unknown). */
function tuitionInTaka(rates: TakaRates): SQL {
  const cases = tuitionCurrencies.map((currency) => sql`when ${currency} then ${universities.tuitionAmount}::float8 * ${rates[currency]}`);
  return sql`(case ${universities.tuitionCurrency} ${sql.join(cases, sql` `)} end)`;
}

/**
 * The finder: universities narrowed by every filter the query carries (a name that tolerates a
 * typo, country, type, the student's IELTS score against the minimum, a cap on first-year tuition
 * in taka, only those with scholarships), sorted by world ranking (unranked last), name or
 * tuition (unknown last). A university whose figure a filter needs but is unknown is left out of
 * that filter's results. Pages of 12; past the end, the last. A page read moments ago is answered
 * from memory until the catalogue changes (catalogue-cache.ts).
 */
export function findUniversities(query: FinderQuery, rates: TakaRates, pageSize = FINDER_PAGE_SIZE): Promise<Paginated<UniversityCard>> {
  return cachedCatalogueRead(JSON.stringify(["finder", query, rates, pageSize]), () => readFinderPage(query, rates, pageSize));
}

function readFinderPage(query: FinderQuery, rates: TakaRates, pageSize: number): Promise<Paginated<UniversityCard>> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(ilike(universities.name, pattern), sql`word_similarity(${query.q}, ${universities.name}) >= ${TYPO_TOLERANCE}`) as SQL,
    );
  }
  if (query.country) conditions.push(eq(universities.country, query.country));
  if (query.type) conditions.push(eq(universities.type, query.type));
  if (query.ielts !== null) conditions.push(lte(universities.minimumIelts, query.ielts));
  const taka = tuitionInTaka(rates);
  if (query.maxTuition !== null) conditions.push(isNotNull(universities.tuitionAmount), sql`${taka} <= ${query.maxTuition}`);
  if (query.scholarships) conditions.push(gt(universities.scholarships, 0));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const order: SQL[] =
    query.sort === "name"
      ? [asc(universities.name)]
      : query.sort === "tuition"
        ? [sql`${taka} asc nulls last`, asc(universities.name)]
        : [sql`${universities.worldRanking} asc nulls last`, asc(universities.name)];
  if (query.q && query.sort === "ranking") order.unshift(sql`word_similarity(${query.q}, ${universities.name}) desc`);

  return paginate<UniversityCard>({
    page: query.page,
    pageSize,
    count: async () => (await db().select({ total: count() }).from(universities).where(where))[0]?.total ?? 0,
    rows: ({ limit, offset }) =>
      db()
        .select({ ...card, listTotal: listTotal() })
        .from(universities)
        .where(where)
        .orderBy(...order, asc(universities.id))
        .limit(limit)
        .offset(offset),
  });
}

/** The countries the catalogue holds, by name (the finder's Country filter). */
export function universityCountries(): Promise<string[]> {
  return cachedCatalogueRead("countries", async () => {
    const rows = await db().selectDistinct({ country: universities.country }).from(universities).orderBy(universities.country);
    return rows.map((row) => row.country);
  });
}
