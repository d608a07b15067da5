import { createHash } from "node:crypto";
import {
  and,
  asc,
  count,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { StudyLevel } from "~/lib/academic-profile";
import type { Paginated } from "~/lib/pagination";
import { type TuitionCurrency, tuitionCurrencies } from "~/lib/universities";
import { type Database, db } from "../db";
import { universities } from "../db/schema";
import { logger } from "../logger";
import { paginate } from "../pagination";
import { containsPattern } from "../search-pattern";
import { cachedCatalogueRead } from "./catalogue-cache";
import type { FinderQuery, FitContext, TakaRates, UniversityCard } from "./schema";

export const FINDER_PAGE_SIZE = 12;

/** How alike a typed word and a word of the name must be (pg_trgm's word similarity, 0–1; ADR 016). */
const TYPO_TOLERANCE = 0.5;

/** The largest value an `integer` column holds (a bound on one must not pass it). */
const MAX_INTEGER = 2_147_483_647;

/** What every list of universities shows of each: which it is, where, and its logo (staff list, cards). */
export const universityListColumns = {
  id: universities.id,
  slug: universities.slug,
  name: universities.name,
  country: universities.country,
  city: universities.city,
  type: universities.type,
  logo: universities.logo,
};

/** The columns a card (finder, shortlist) and the compare table show. */
export const universityCardColumns = {
  ...universityListColumns,
  worldRanking: universities.worldRanking,
  rankingYear: universities.rankingYear,
  englishTaughtCourses: universities.englishTaughtCourses,
  tuitionAmount: universities.tuitionAmount,
  tuitionCurrency: universities.tuitionCurrency,
  tuitionYear: universities.tuitionYear,
  scholarships: universities.scholarships,
  minimumIelts: universities.minimumIelts,
  // What the first-year cost (first-year-cost.ts) and fit read.
  tuitionSource: universities.tuitionSource,
  mastersTuitionAmount: universities.mastersTuitionAmount,
  mastersTuitionCurrency: universities.mastersTuitionCurrency,
  mastersTuitionYear: universities.mastersTuitionYear,
  mastersTuitionSource: universities.mastersTuitionSource,
  applicationFeeAmount: universities.applicationFeeAmount,
  applicationFeeCurrency: universities.applicationFeeCurrency,
  applicationFeeYear: universities.applicationFeeYear,
  applicationFeeSource: universities.applicationFeeSource,
  yearlyFeesAmount: universities.yearlyFeesAmount,
  yearlyFeesCurrency: universities.yearlyFeesCurrency,
  yearlyFeesYear: universities.yearlyFeesYear,
  yearlyFeesSource: universities.yearlyFeesSource,
  yearlyFeesLabel: universities.yearlyFeesLabel,
  // What the fit order reads (fitOrder).
  firstYearBdt: universities.firstYearBdt,
  firstYearComplete: universities.firstYearComplete,
  mastersFirstYearBdt: universities.mastersFirstYearBdt,
  mastersFirstYearComplete: universities.mastersFirstYearComplete,
  fitStamp: universities.fitStamp,
};

/** First-year tuition in taka, in SQL: the amount times its currency's rate (null when either is unknown). */
function tuitionInTaka(
  rates: TakaRates,
  amount: SQLWrapper = universities.tuitionAmount,
  currency: SQLWrapper = universities.tuitionCurrency,
): SQL {
  const cases = tuitionCurrencies.map((code) => sql`when ${code} then ${amount}::float8 * ${rates[code]}`);
  return sql`(case ${currency} ${sql.join(cases, sql` `)} end)`;
}

/**
 * The finder: universities narrowed by every filter the query carries (a name that tolerates a
 * typo, country, type, the student's IELTS score against the minimum, a cap on first-year tuition
 * in taka, only those with scholarships), sorted by world ranking (unranked last), name or
 * tuition (unknown last). A university whose figure a filter needs but is unknown is left out of
 * that filter's results. Pages of 12; past the end, the last. A page read moments ago is answered
 * from memory until the catalogue changes (catalogue-cache.ts).
 */
export function findUniversities(
  query: FinderQuery,
  rates: TakaRates,
  fit: FitContext | null = null,
  pageSize = FINDER_PAGE_SIZE,
): Promise<Paginated<UniversityCard>> {
  const key = JSON.stringify(["finder", query, rates, query.sort === "fit" ? fit : null, pageSize]);
  return cachedCatalogueRead(key, () => readFinderPage(query, rates, pageSize, fit));
}

/** The finder's page read from the database, never from the cache (`npm run bench:finder` times it). */
export async function readFinderPage(
  query: FinderQuery,
  rates: TakaRates,
  pageSize: number,
  fit: FitContext | null = null,
  tuning: FinderTuning = {},
): Promise<Paginated<UniversityCard>> {
  if (query.sort === "fit" && fit) await ensureFitFigures(rates, fit);
  const terms = searchTerms(query.q);
  if (terms.length === 0) return readPage(db(), { ...query, q: "" }, [], rates, pageSize, fit, tuning);
  // `q <% name` is `word_similarity(q, name) >= pg_trgm.word_similarity_threshold` in the form the
  // trigram index serves (the function is computed for every row of the table); the threshold is
  // set for this transaction only.
  return db().transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_TOLERANCE)}, true)`);
    return readPage(tx, query, terms, rates, pageSize, fit, tuning);
  });
}

/** Words that name nearly every university: a search made only of them narrows nothing, so it is not a name search. */
const genericWords = new Set(["university", "universities", "college", "institute", "school", "of", "the", "and", "at", "in", "for", "de"]);

/**
 * The words of a name search that every result must match (each as typed, or within a typo of a
 * word of the name): "Calglenham University" must match "Calglenham", not merely share "University"
 * with most of the catalogue.
 */
export function searchTerms(q: string): string[] {
  const words = q.split(/[\s,]+/).filter((word) => word.length >= 2 && !isGeneric(word.toLowerCase()));
  return [...new Set(words)].slice(0, 6);
}

/** A generic word, or a long one within two typing slips of one ("Univresity"): asked of the index, it would match most names' trigrams. */
function isGeneric(word: string): boolean {
  if (genericWords.has(word)) return true;
  return word.length >= 6 && [...genericWords].some((generic) => generic.length >= 6 && editDistance(word, generic) <= 2);
}

/** Levenshtein distance: the fewest letters inserted, deleted or replaced to turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function readPage(
  database: Database,
  query: FinderQuery,
  terms: string[],
  rates: TakaRates,
  pageSize: number,
  fit: FitContext | null,
  tuning: FinderTuning,
): Promise<Paginated<UniversityCard>> {
  const conditions: SQL[] = terms.map(
    (term) => or(ilike(universities.name, containsPattern(term)), sql`${term} <% ${universities.name}`) as SQL,
  );
  if (query.country) conditions.push(eq(universities.country, query.country));
  if (query.type) conditions.push(eq(universities.type, query.type));
  // In fit order the score ranks (fit.ts): a university asking for more is shown, lower down.
  if (query.ielts !== null && query.sort !== "fit") conditions.push(lte(universities.minimumIelts, query.ielts));
  if (query.maxTuition !== null)
    conditions.push(isNotNull(universities.tuitionAmount), sql`${tuitionInTaka(rates)} <= ${query.maxTuition}`);
  if (query.scholarships) conditions.push(gt(universities.scholarships, 0));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const countAll = async () => (await database.select({ total: count() }).from(universities).where(where))[0]?.total ?? 0;

  if (!query.q) {
    // The list's size from a subquery rather than a window (`listTotal()`): a window makes the
    // database keep every matching row before the LIMIT, where a count alone is an index-only scan
    // and the page itself is read in an index's order, only its own rows.
    const total = sql<number>`(select cast(count(*) as integer) from ${universities} where ${where ?? sql`true`})`.mapWith(Number);
    const order = finderOrder(query, rates, universities, fit);
    return paginate<UniversityCard>({
      page: query.page,
      pageSize,
      count: countAll,
      rows: ({ limit, offset }) =>
        query.sort === "tuition" && !query.country
          ? cheapestFirst(database, { where, maxTuition: query.maxTuition, rates, total, limit, offset })
          : query.sort === "fit" && fit && (fit.ielts !== null || fit.budgetBdt !== null)
            ? fitPage(database, {
                where,
                order,
                tiers: fitTierConditions(rates, universities, fit),
                limit,
                offset,
                sortBelow: tuning.sortFitBelow ?? SORT_FIT_BELOW,
              })
            : database
                .select({ ...universityCardColumns, listTotal: total })
                .from(universities)
                .where(where)
                .orderBy(...order)
                .limit(limit)
                .offset(offset),
    });
  }

  // With a name search, the matches are found once, through the trigram index, then counted and
  // sorted: PostgreSQL computes a WITH query that is used twice only once, planned on its own (left
  // to itself, the planner may walk the whole name index, testing every row's likeness, to save
  // sorting what it expects to be a few matches).
  const matches = database.$with("matches").as(database.select(universityCardColumns).from(universities).where(where));
  const total = sql<number>`(select cast(count(*) as integer) from ${matches})`.mapWith(Number);
  const order = finderOrder(query, rates, matches, fit);
  return paginate<UniversityCard>({
    page: query.page,
    pageSize,
    count: countAll,
    rows: ({ limit, offset }) =>
      database
        .with(matches)
        .select({ ...matches._.selectedFields, listTotal: total })
        .from(matches)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  });
}

/**
 * A page in fit order. Its matches are counted first. Up to SORT_FIT_BELOW of them, their ids are
 * sorted by tier and ranking in one query. More, and the page is read tier by tier (fitTiers, best
 * first), each tier in ranking order and stopped at the rows the page still needs: a first page is
 * then a short walk of the ranking index rather than a sort of tens of thousands of rows (a walk
 * that would cross most of the table for a few rows, as in a small filtered list, loses to the sort).
 * A tier before the page is skipped by reading its ids where the page is near, by counting them where
 * it is deep. The page's cards are then read by id.
 */
async function fitPage(
  database: Database,
  input: { where: SQL | undefined; order: SQL[]; tiers: SQL[]; limit: number; offset: number; sortBelow: number },
): Promise<(UniversityCard & { listTotal: number })[]> {
  const { where, offset, sortBelow } = input;
  const size = await countWhere(database, where);
  if (offset >= size) return [];
  const ids = size <= sortBelow ? await sortedIds(database, input) : await idsTierByTier(database, input);
  if (ids.length === 0) return [];
  const cards = await database
    .select({ ...universityCardColumns, listTotal: sql<number>`${size}::integer`.mapWith(Number) })
    .from(universities)
    .where(inArray(universities.id, ids));
  const byId = new Map(cards.map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many matches fitPage sorts in one query by default; past that, it reads tier by tier. */
const SORT_FIT_BELOW = 20_000;

/** How a finder page is read, where the defaults are a choice a test or a benchmark may vary. */
export type FinderTuning = { sortFitBelow?: number };

/** How many pages of a tier before the page idsTierByTier reads to skip them (a few hundred ids); past that, it counts them. */
const SKIP_BY_READING_PAGES = 20;

async function countWhere(database: Database, where: SQL | undefined): Promise<number> {
  return (await database.select({ size: count() }).from(universities).where(where))[0]?.size ?? 0;
}

async function sortedIds(database: Database, input: { where: SQL | undefined; order: SQL[]; limit: number; offset: number }) {
  const rows = await database
    .select({ id: universities.id })
    .from(universities)
    .where(input.where)
    .orderBy(...input.order)
    .limit(input.limit)
    .offset(input.offset);
  return rows.map((row) => row.id);
}

async function idsTierByTier(database: Database, input: { where: SQL | undefined; tiers: SQL[]; limit: number; offset: number }) {
  const { where, tiers, limit } = input;
  let skip = input.offset;
  const ids: string[] = [];
  for (const tier of tiers) {
    const need = limit - ids.length;
    if (need === 0) break;
    const inTier = and(where, tier);
    if (skip > limit * SKIP_BY_READING_PAGES) {
      const size = await countWhere(database, inTier);
      if (size <= skip) {
        skip -= size;
        continue;
      }
    }
    const rows = await database
      .select({ id: universities.id })
      .from(universities)
      .where(inTier)
      .orderBy(...byRanking(universities), asc(universities.id))
      .limit(skip + need);
    ids.push(...rows.slice(skip).map((row) => row.id));
    skip = Math.max(0, skip - rows.length);
  }
  return ids;
}

/**
 * A page by tuition across countries, without converting and sorting every university: within one
 * currency, tuition in taka rises with the amount, so the page is among the first `offset + limit`
 * of each currency in the tuition index's order (by name where the rate is 0: all 0 taka), and of
 * those with no known tuition, by name; only those are sorted. (Within one country, the currencies
 * it does not use would each be walked to their end: a plain sort of its universities is cheaper.)
 */
function cheapestFirst(
  database: Database,
  input: { where: SQL | undefined; maxTuition: number | null; rates: TakaRates; total: SQL<number>; limit: number; offset: number },
) {
  const { where, maxTuition, rates, total, limit, offset } = input;
  const first = offset + limit;
  const select = (taka: SQL) =>
    database.select({ ...universityCardColumns, taka: sql<number | null>`${taka}`.as("taka") }).from(universities);
  const inCurrency = (currency: TuitionCurrency) => {
    const rate = rates[currency];
    const conditions = [where, eq(universities.tuitionCurrency, currency), isNotNull(universities.tuitionAmount)];
    // The cap as a bound on the amount, where the index walk can stop (the exact test is in `where`).
    const most = maxTuition !== null && rate > 0 ? Math.floor(maxTuition / rate) + 1 : Number.POSITIVE_INFINITY;
    if (most <= MAX_INTEGER) conditions.push(lte(universities.tuitionAmount, most));
    return select(sql`${universities.tuitionAmount}::float8 * ${rate}`)
      .where(and(...conditions))
      .orderBy(...(rate > 0 ? [asc(universities.tuitionAmount)] : []), asc(universities.name), asc(universities.id))
      .limit(first);
  };
  const unknown = or(
    isNull(universities.tuitionAmount),
    isNull(universities.tuitionCurrency),
    notInArray(universities.tuitionCurrency, [...tuitionCurrencies]),
  );
  const [one, two, ...others] = tuitionCurrencies;
  const candidates = unionAll(
    inCurrency(one),
    inCurrency(two),
    ...others.map(inCurrency),
    // With a cap, a university of unknown tuition is never in the list.
    ...(maxTuition === null
      ? [select(sql`null::float8`).where(and(where, unknown)).orderBy(asc(universities.name), asc(universities.id)).limit(first)]
      : []),
  ).as("candidates");
  const { taka, ...fields } = candidates._.selectedFields;
  return database
    .select({ ...fields, listTotal: total })
    .from(candidates)
    .orderBy(sql`${taka} asc nulls last`, asc(candidates.name), asc(candidates.id))
    .limit(limit)
    .offset(offset);
}

type OrderedRows = Record<
  | "firstYearBdt"
  | "firstYearComplete"
  | "mastersFirstYearBdt"
  | "mastersFirstYearComplete"
  | "fitStamp"
  | "name"
  | "worldRanking"
  | "tuitionAmount"
  | "tuitionCurrency"
  | "id"
  | "country"
  | "minimumIelts"
  | "mastersTuitionAmount"
  | "mastersTuitionCurrency"
  | "yearlyFeesAmount"
  | "yearlyFeesCurrency"
  | "applicationFeeAmount"
  | "applicationFeeCurrency",
  SQLWrapper
>;

/** The finder's order over `rows` (the table or the matches): the chosen sort, then the id, so pages never overlap. */
function finderOrder(query: FinderQuery, rates: TakaRates, rows: OrderedRows, fit: FitContext | null): SQL[] {
  const order: SQL[] =
    query.sort === "name"
      ? [sql`${rows.name} asc`]
      : query.sort === "tuition"
        ? [sql`${tuitionInTaka(rates, rows.tuitionAmount, rows.tuitionCurrency)} asc nulls last`, sql`${rows.name} asc`]
        : query.sort === "fit" && fit
          ? [...fitOrder(rates, rows, fit), ...byRanking(rows)]
          : byRanking(rows);
  if (query.q && (query.sort === "ranking" || (query.sort === "fit" && !fit)))
    order.unshift(sql`word_similarity(${query.q}, ${rows.name}) desc`);
  return [...order, sql`${rows.id} asc`];
}

function byRanking(rows: Pick<OrderedRows, "worldRanking" | "name">): SQL[] {
  return [sql`${rows.worldRanking} asc nulls last`, sql`${rows.name} asc`];
}

/** fitTierConditions as an order: a row's tier, best first. */
function fitOrder(rates: TakaRates, rows: OrderedRows, fit: FitContext): SQL[] {
  const tiers = fitTierConditions(rates, rows, fit);
  if (tiers.length < 2) return [];
  return [
    sql`(case ${sql.join(
      tiers.map((tier, index) => sql`when ${tier} then ${index}`),
      sql` `,
    )} else ${tiers.length} end) asc`,
  ];
}

/**
 * fit.ts's rules in SQL, one condition per tier of fitRank's order that this student can reach,
 * best first: requirements not met (fewest first), then met (most first). IELTS is met when the
 * minimum is at most the student's score, not met when above it; the budget is not met when the
 * known first-year costs pass it, met when they fit and tuition and living costs are both known.
 * Each row's figures are the stored ones (ensureFitFigures) where they are of these rates and
 * costs; a row changed since they were stored is computed in place.
 */
function fitTierConditions(rates: TakaRates, rows: OrderedRows, fit: FitContext): SQL[] {
  const stamp = fitStamp(rates, fit.countries);
  const masters = fit.level === "masters";
  // The stored figures where they are of these rates and costs; a row changed since is computed in place.
  const computed = fitFigures(rates, fit.countries, rows, fit.level);
  const current = sql`${rows.fitStamp} = ${stamp}`;
  const known = sql`(case when ${current} then ${masters ? rows.mastersFirstYearBdt : rows.firstYearBdt} else ${computed.known} end)`;
  const complete = sql`(case when ${current} then ${masters ? rows.mastersFirstYearComplete : rows.firstYearComplete} else ${computed.complete} end)`;
  type State = { failed: number; met: number; condition: SQL | null };
  const ielts: State[] =
    fit.ielts === null
      ? [{ failed: 0, met: 0, condition: null }]
      : [
          { failed: 0, met: 1, condition: sql`${rows.minimumIelts} <= ${fit.ielts}` },
          { failed: 1, met: 0, condition: sql`${rows.minimumIelts} > ${fit.ielts}` },
          { failed: 0, met: 0, condition: sql`${rows.minimumIelts} is null` },
        ];
  const budget = fit.budgetBdt;
  const budgets: State[] =
    budget === null
      ? [{ failed: 0, met: 0, condition: null }]
      : [
          { failed: 1, met: 0, condition: sql`${known} > ${budget}` },
          { failed: 0, met: 1, condition: sql`${known} <= ${budget} and ${complete}` },
          { failed: 0, met: 0, condition: sql`${known} <= ${budget} and not ${complete}` },
        ];
  const pairs = ielts.flatMap((one) =>
    budgets.map((other) => ({
      failed: one.failed + other.failed,
      met: one.met + other.met,
      condition: and(...[one.condition, other.condition].filter((condition) => condition !== null)) ?? sql`true`,
    })),
  );
  return fitTiers.flatMap(([failed, met]) => {
    const inTier = pairs.filter((pair) => pair.failed === failed && pair.met === met);
    return inTier.length === 0 ? [] : [or(...inTier.map((pair) => pair.condition)) ?? sql`false`];
  });
}

/**
 * A university's fit figures in SQL, fit.ts's rules: the known first-year total in whole taka
 * (tuition, yearly and application fees at the rates, plus the country's other costs) and whether
 * tuition and living costs are both in it.
 */
function fitFigures(rates: TakaRates, countries: FitContext["countries"], rows: OrderedRows, level: StudyLevel) {
  const known = Object.entries(countries);
  const extra =
    known.length === 0
      ? sql`0`
      : sql`case ${rows.country} ${sql.join(
          known.map(([country, costs]) => sql`when ${country} then ${costs.extraBdt}`),
          sql` `,
        )} else 0 end`;
  // A fee in taka, or 0 when it or its rate is unknown (most rows have no yearly or application fee: no CASE for them).
  const taka = (amount: SQLWrapper, currency: SQLWrapper) =>
    sql`case when ${amount} is null then 0 else coalesce(round(${tuitionInTaka(rates, amount, currency)}), 0) end`;
  const [amount, currency] =
    level === "masters" ? [rows.mastersTuitionAmount, rows.mastersTuitionCurrency] : [rows.tuitionAmount, rows.tuitionCurrency];
  const rated = tuitionCurrencies.filter((code) => rates[code] > 0);
  const living = known.filter(([, costs]) => costs.livingKnown).map(([country]) => country);
  const list = (values: string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  return {
    known: sql`(${taka(amount, currency)} + ${taka(rows.yearlyFeesAmount, rows.yearlyFeesCurrency)} + ${taka(rows.applicationFeeAmount, rows.applicationFeeCurrency)} + ${extra})`,
    complete:
      rated.length === 0 || living.length === 0
        ? sql`false`
        : sql`(${amount} is not null and ${currency} in (${list(rated)}) and ${rows.country} in (${list(living)}))`,
  };
}

/** What the stored fit figures were computed with: the rates and each country's costs. */
function fitStamp(rates: TakaRates, countries: FitContext["countries"]): string {
  return createHash("sha256")
    .update(JSON.stringify([rates, countries]))
    .digest("base64url")
    .slice(0, 22);
}

/**
 * Stores every university's fit figures for these rates and costs where they are missing or of
 * others (a trigger empties a university's stamp when its fees or country change), so that fit
 * ranks by stored numbers: once per catalogue change, rates change or 30 s, per process.
 */
function ensureFitFigures(rates: TakaRates, fit: FitContext): Promise<unknown> {
  const stamp = fitStamp(rates, fit.countries);
  return cachedCatalogueRead(`fit-figures:${stamp}`, async () => {
    const bachelor = fitFigures(rates, fit.countries, universities, "bachelor");
    const masters = fitFigures(rates, fit.countries, universities, "masters");
    try {
      await db()
        .update(universities)
        .set({
          firstYearBdt: sql`${bachelor.known}`,
          firstYearComplete: sql`${bachelor.complete}`,
          mastersFirstYearBdt: sql`${masters.known}`,
          mastersFirstYearComplete: sql`${masters.complete}`,
          fitStamp: stamp,
        })
        .where(or(isNull(universities.fitStamp), ne(universities.fitStamp, stamp)));
      return true;
    } catch (error) {
      // Storing is only a speed-up (fitOrder computes a stale row in place): a visitor's page never fails for it.
      logger.warn({ err: error }, "storing the fit figures failed; the finder computes them per query");
      return false;
    }
  });
}

/** The (not met, met) pairs fit can give, best first (fit.ts's fitRank). */
const fitTiers = [
  [0, 2],
  [0, 1],
  [0, 0],
  [1, 1],
  [1, 0],
  [2, 0],
] as const;

/** The countries the catalogue holds, by name (the finder's Country filter). */
export function universityCountries(): Promise<string[]> {
  return cachedCatalogueRead("countries", async () => {
    const rows = await db().selectDistinct({ country: universities.country }).from(universities).orderBy(universities.country);
    return rows.map((row) => row.country);
  });
}
