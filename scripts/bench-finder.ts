// `npm run bench:finder`: the university finder's query over 100,000 synthetic universities, on the
// embedded PGlite and on the local PostgreSQL. Each database is new (a temporary DATA_DIR; a
// throw-away `onward_bench_finder_<pid>` database on 127.0.0.1:5432, dropped at the end), migrated
// as at start-up (which loads the built-in catalogue of 72 too), then loaded with synthetic
// universities in batches, vacuumed and analysed. 200 filter combinations drawn with a fixed seed
// (no name, a word of a name, a typo in one, the start of one, a full name, a common word, no
// match; country, type, IELTS, tuition cap, scholarships; every sort; first, next and deep pages)
// are timed in this process around the uncached page read (`readFinderPage`: what the finder runs
// when its cache misses), after 20 warm-up reads: each combination once per round, three rounds,
// its median kept. Prints p50, p95 and max over the combinations, the same by kind of name search,
// and the slowest five.
//
// Targets at 100,000 rows: p95 <= 100 ms on PGlite, <= 20 ms on PostgreSQL; exit code 1 when one
// is missed. BENCH_DATABASES=pglite (or postgres) measures one of the two; BENCH_ROWS,
// BENCH_COMBINATIONS and BENCH_ROUNDS change the sizes; BENCH_DATABASE_URL is the server.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { count, sql } from "drizzle-orm";
import pg from "pg";
import type { FinderQuery, TakaRates } from "~/.server/universities/schema";
import { type FinderSort, finderSorts, type TuitionCurrency } from "~/lib/universities";

const ROWS = Number(process.env.BENCH_ROWS) || 100_000;
const COMBINATIONS = Number(process.env.BENCH_COMBINATIONS) || 200;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;
const WARM_UP = 20;
const BATCH = 5_000;
const TARGET_P95_MS = { pglite: 100, postgres: 20 } as const;

// The app's modules read the configuration as they load (the logger, the generated session
// secret): set it first, so that nothing lands in ./data, then load them.
const scratch = mkdtempSync(path.join(os.tmpdir(), "onward-bench-finder-"));
process.env.DATA_DIR = scratch;
process.env.SESSION_SECRET ??= "bench-session-secret-0123456789abcdef-xyz";
process.env.LOG_LEVEL ??= "warn";
const [
  { openDatabase },
  { db, setDatabase },
  { prepareDatabase },
  { universities },
  { FINDER_PAGE_SIZE, readFinderPage },
  { getTakaRates },
  { countryExtras, getCountryCosts },
  { fitContext },
] = await Promise.all([
  import("~/.server/db/client"),
  import("~/.server/db/index"),
  import("~/.server/prepare-database"),
  import("~/.server/db/schema"),
  import("~/.server/universities/find-universities"),
  import("~/.server/universities/rates"),
  import("~/.server/universities/first-year-cost"),
  import("~/.server/universities/fit"),
]);

/** mulberry32: a small seeded generator, so the rows and the combinations are the same on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (probability: number) => next() < probability;
  return { next, int, pick, chance };
}

type Random = ReturnType<typeof generator>;

// --- Synthetic universities ---------------------------------------------------------------------

/** The catalogue's countries, each with its currency and a plausible first-year tuition range. */
const countries: { name: string; currency: TuitionCurrency; tuition: [number, number] }[] = [
  { name: "Australia", currency: "AUD", tuition: [20_000, 55_000] },
  { name: "Canada", currency: "CAD", tuition: [15_000, 60_000] },
  { name: "Denmark", currency: "DKK", tuition: [45_000, 130_000] },
  { name: "Finland", currency: "EUR", tuition: [6_000, 18_000] },
  { name: "Germany", currency: "EUR", tuition: [300, 20_000] },
  { name: "Japan", currency: "JPY", tuition: [500_000, 3_000_000] },
  { name: "Malaysia", currency: "MYR", tuition: [12_000, 80_000] },
  { name: "Netherlands", currency: "EUR", tuition: [8_000, 22_000] },
  { name: "South Korea", currency: "KRW", tuition: [4_000_000, 20_000_000] },
  { name: "United Kingdom", currency: "GBP", tuition: [10_000, 45_000] },
  { name: "United States", currency: "USD", tuition: [8_000, 65_000] },
];

// Place names are made of syllables and an ending ("Branwick", "Kelmorford"), so that a typo in one
// is a trigram question rather than a miss.
const syllables =
  "al an ar bel ber bran bro cal car cas dal dor el fal fen gar glen hal har kel kin lan lin mar mel mor nor or pen ros sal sel tal ter tor val ven wen wil win".split(
    " ",
  );
const endings = "ford ton wick by ham field mouth bridge stad berg dale mere vale holm port haven".split(" ");
const qualifiers =
  "Technical Medical Agricultural Maritime Metropolitan National State Pacific Northern Southern Eastern Western Central Royal Catholic".split(
    " ",
  );
const subjects = ["Art and Design", "Business", "Engineering", "Music", "Nursing", "Law", "Science", "Education", "Economics"];

function placeName(random: Random): string {
  const stem = random.pick(syllables) + (random.chance(0.6) ? random.pick(syllables) : "") + random.pick(endings);
  return stem.charAt(0).toUpperCase() + stem.slice(1);
}

function universityName(random: Random, place: string): string {
  switch (random.int(0, 6)) {
    case 0:
    case 1:
      return `University of ${place}`;
    case 2:
      return `${place} University`;
    case 3:
      return `${place} Institute of Technology`;
    case 4:
      return `${place} ${random.pick(qualifiers)} University`;
    case 5:
      return `${place} College of ${random.pick(subjects)}`;
    default:
      return `University of ${place} at ${placeName(random)}`;
  }
}

type SyntheticRow = {
  id: string;
  slug: string;
  name: string;
  country: string;
  city: string;
  type: "Public" | "Private";
  courses_offered: number | null;
  tuition_amount: number | null;
  tuition_currency: string | null;
  tuition_year: number | null;
  scholarships: number | null;
  minimum_ielts: number | null;
  world_ranking: number | null;
  ranking_source: string | null;
  ranking_year: number | null;
  english_taught_courses: number | null;
};

/** `count` universities, unique by country and name as the table requires, and the place words their names use. */
function syntheticUniversities(count: number): { rows: SyntheticRow[]; places: string[] } {
  const random = generator(20261124);
  const taken = new Set<string>();
  const places = new Set<string>();
  const rows: SyntheticRow[] = [];
  while (rows.length < count) {
    const country = random.pick(countries);
    const place = placeName(random);
    const name = universityName(random, place);
    const key = `${country.name}|${name.toLowerCase()}`;
    if (taken.has(key)) continue;
    taken.add(key);
    places.add(place);
    const index = rows.length + 1;
    const tuition = random.chance(0.85) ? random.int(country.tuition[0], country.tuition[1]) : null;
    const ranked = random.chance(0.6);
    rows.push({
      id: `bench-${String(index).padStart(6, "0")}-${Math.floor(random.next() * 2 ** 32).toString(16)}`,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${index}`,
      name,
      country: country.name,
      city: random.chance(0.6) ? place : placeName(random),
      type: random.chance(0.55) ? "Public" : "Private",
      courses_offered: random.chance(0.8) ? random.int(10, 400) : null,
      tuition_amount: tuition,
      tuition_currency: tuition === null ? null : country.currency,
      tuition_year: tuition === null ? null : random.pick([2025, 2026]),
      scholarships: random.chance(0.8) ? (random.chance(0.3) ? 0 : random.int(1, 60)) : null,
      minimum_ielts: random.chance(0.9) ? random.pick([5, 5.5, 6, 6, 6.5, 6.5, 6.5, 7, 7, 7.5, 8]) : null,
      world_ranking: ranked ? random.int(1, 2_500) : null,
      ranking_source: ranked ? random.pick(["QS", "THE"]) : null,
      ranking_year: ranked ? random.pick([2025, 2026]) : null,
      english_taught_courses: random.chance(0.7) ? random.int(0, 200) : null,
    });
  }
  return { rows, places: [...places] };
}

/** Inserts the rows in batches of one statement each (a JSON array turned into rows by the database). */
async function load(rows: SyntheticRow[]) {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = JSON.stringify(rows.slice(start, start + BATCH));
    await db().execute(sql`
      insert into universities (id, slug, name, country, city, type, courses_offered, tuition_amount, tuition_currency,
        tuition_year, scholarships, minimum_ielts, world_ranking, ranking_source, ranking_year, english_taught_courses)
      select id, slug, name, country, city, type::university_type, courses_offered, tuition_amount, tuition_currency,
        tuition_year, scholarships, minimum_ielts, world_ranking, ranking_source, ranking_year, english_taught_courses
      from json_to_recordset(${batch}::json) as r(id text, slug text, name text, country text, city text, type text,
        courses_offered integer, tuition_amount integer, tuition_currency text, tuition_year integer, scholarships integer,
        minimum_ielts real, world_ranking integer, ranking_source text, ranking_year integer, english_taught_courses integer)`);
  }
  // What autovacuum does on a server after a load (PGlite has no autovacuum): merges the trigram
  // index's pending list, and gives the planner statistics.
  await db().execute(sql`vacuum analyze universities`);
}

// --- Filter combinations ------------------------------------------------------------------------

/** A typo in `word`: a letter dropped, two neighbours swapped, or one letter replaced. */
function typo(random: Random, word: string): string {
  const at = random.int(1, word.length - 2);
  switch (random.int(0, 2)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2);
    default:
      return word.slice(0, at) + random.pick([..."aeiourstnl"].filter((letter) => letter !== word.charAt(at))) + word.slice(at + 1);
  }
}

/** What the name search of a combination is, for the figures by kind. */
type SearchKind =
  | "no name"
  | "a word of a name"
  | "a typo of a word"
  | "the start of a word"
  | "a full name"
  | "a common word"
  | "no match";

function nameSearch(random: Random, places: string[]): { q: string; kind: SearchKind } {
  const roll = random.next();
  const place = random.pick(places);
  if (roll < 0.35) return { q: "", kind: "no name" };
  if (roll < 0.55) return { q: random.chance(0.5) ? place : place.toLowerCase(), kind: "a word of a name" };
  if (roll < 0.75) return { q: typo(random, place), kind: "a typo of a word" };
  if (roll < 0.85) return { q: place.slice(0, random.int(4, Math.max(4, place.length - 1))).toLowerCase(), kind: "the start of a word" };
  if (roll < 0.92)
    return { q: random.pick([`University of ${place}`, `${place} University`, `${place} Institute of Technology`]), kind: "a full name" };
  if (roll < 0.97)
    return { q: random.pick(["University", "college", "Institute of Technology", "Univresity", "Metropolitan"]), kind: "a common word" };
  return { q: random.pick(["Xqzvo", "Zzyzx Polytechnic"]), kind: "no match" };
}

const budgets = generator(99);

function combination(random: Random, places: string[]): { query: FinderQuery; kind: SearchKind } {
  const { q, kind } = nameSearch(random, places);
  const pageRoll = random.next();
  const query: FinderQuery = {
    q,
    country: random.chance(0.5) ? random.pick(countries).name : "",
    type: random.chance(0.3) ? random.pick(["Public", "Private"] as const) : "",
    ielts: random.chance(0.3) ? random.pick([5, 5.5, 6, 6.5, 7, 7.5, 8]) : null,
    maxTuition: random.chance(0.3) ? random.int(5, 60) * 100_000 : null,
    // From a generator of its own, so that the other parts of each combination stay as they were before it.
    budget: budgets.chance(0.5) ? budgets.int(10, 80) * 100_000 : null,
    scholarships: random.chance(0.2),
    sort: random.pick<FinderSort>(finderSorts),
    page: pageRoll < 0.6 ? 1 : pageRoll < 0.8 ? 2 : pageRoll < 0.9 ? random.int(3, 10) : random.int(20, 800),
  };
  return { query, kind };
}

function summary(query: FinderQuery): string {
  const parts = [
    query.q ? `q=${JSON.stringify(query.q)}` : "",
    query.country,
    query.type,
    query.ielts === null ? "" : `ielts ${query.ielts}`,
  ];
  if (query.maxTuition !== null) parts.push(`≤ ৳${query.maxTuition.toLocaleString("en")}`);
  if (query.scholarships) parts.push("scholarships");
  parts.push(`sort=${query.sort}`, `page ${query.page}`);
  return parts.filter(Boolean).join(", ");
}

// --- Measuring ----------------------------------------------------------------------------------

/** The value at `fraction` of the way through `values` in order (nearest rank). */
function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

type Result = { label: string; kind: "pglite" | "postgres"; rows: number; loadS: number; p50: number; p95: number; max: number };

async function measure(label: string, kind: "pglite" | "postgres", options: { databaseUrl?: string; dataDir: string }): Promise<Result> {
  const handle = await openDatabase(options);
  try {
    await prepareDatabase(handle);
    setDatabase(handle);
    const { rows: synthetic, places } = syntheticUniversities(ROWS);
    const loadStart = performance.now();
    await load(synthetic);
    const loadS = (performance.now() - loadStart) / 1000;
    const rows = (await db().select({ rows: count() }).from(universities))[0]?.rows ?? 0;
    const rates: TakaRates = await getTakaRates();
    // What the finder's loader passes for the fit order: the query's IELTS and budget, the countries' costs in taka.
    const extras = countryExtras(await getCountryCosts(), rates);
    // The fit figures are stored for these rates on the first fit read (which rewrites every row);
    // on a server that happens once per rates change and autovacuum follows: so here, before timing.
    const fitQuery: FinderQuery = {
      q: "",
      country: "",
      type: "",
      ielts: 6,
      maxTuition: null,
      budget: 3_000_000,
      scholarships: false,
      sort: "fit",
      page: 1,
    };
    await readFinderPage(fitQuery, rates, FINDER_PAGE_SIZE, fitContext(fitQuery, null, extras));
    await db().execute(sql`vacuum analyze universities`);

    const warmUp = generator(7);
    for (let index = 0; index < WARM_UP; index++) {
      const { query } = combination(warmUp, places);
      await readFinderPage(query, rates, FINDER_PAGE_SIZE, fitContext(query, null, extras));
    }

    // Every combination once per round, the rounds one after the other; a combination's time is its
    // median over the rounds, so that a moment of load elsewhere on the machine moves one round only.
    const random = generator(42);
    const combinations = Array.from({ length: COMBINATIONS }, () => combination(random, places));
    const rounds: number[][] = combinations.map(() => []);
    const answers: { total: number; page: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, { query }] of combinations.entries()) {
        const start = performance.now();
        const page = await readFinderPage(query, rates, FINDER_PAGE_SIZE, fitContext(query, null, extras));
        rounds[index]?.push(performance.now() - start);
        answers[index] = { total: page.total, page: page.page };
      }
    }
    const timings = combinations.map(({ query, kind }, index) => ({
      query,
      kind,
      ms: percentile(rounds[index] ?? [], 0.5),
      total: answers[index]?.total ?? 0,
      page: answers[index]?.page ?? 0,
    }));
    const times = timings.map((timing) => timing.ms);
    const result = { label, kind, rows, loadS, p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: Math.max(...times) };
    const verdict = result.p95 <= TARGET_P95_MS[kind] ? "ok" : "MISSED";
    console.log(
      `${label.padEnd(10)} ${rows.toLocaleString("en")} rows, loaded in ${loadS.toFixed(1)} s; ${COMBINATIONS} combinations, median of ${ROUNDS} rounds: ` +
        `p50 ${result.p50.toFixed(2)} ms, p95 ${result.p95.toFixed(2)} ms, max ${result.max.toFixed(2)} ms ` +
        `(target p95 <= ${TARGET_P95_MS[kind]} ms: ${verdict})`,
    );
    console.log("  by name search:");
    for (const searchKind of new Set(timings.map((timing) => timing.kind))) {
      const ofKind = timings.filter((timing) => timing.kind === searchKind);
      const ms = ofKind.map((timing) => timing.ms);
      const totals = ofKind.map((timing) => timing.total);
      console.log(
        `  ${searchKind.padEnd(20)} ${String(ofKind.length).padStart(3)} combinations: p50 ${percentile(ms, 0.5).toFixed(2)} ms, ` +
          `p95 ${percentile(ms, 0.95).toFixed(2)} ms, max ${Math.max(...ms).toFixed(2)} ms; ` +
          `median ${percentile(totals, 0.5).toLocaleString("en")} results`,
      );
    }
    console.log("  slowest:");
    for (const timing of [...timings].sort((a, b) => b.ms - a.ms).slice(0, 5)) {
      console.log(
        `  ${timing.ms.toFixed(2).padStart(8)} ms  ${summary(timing.query)} → ${timing.total.toLocaleString("en")} results, page ${timing.page}`,
      );
    }
    return result;
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

const databases = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
console.log(
  `bench:finder — ${ROWS.toLocaleString("en")} synthetic universities; ${COMBINATIONS} combinations (seed 42), ${ROUNDS} rounds ` +
    `after ${WARM_UP} warm-up reads; server time per uncached finder page, in process`,
);
const results: Result[] = [];
try {
  if (databases.includes("pglite")) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "onward-bench-finder-data-"));
    try {
      results.push(await measure("PGlite", "pglite", { dataDir }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  if (databases.includes("postgres")) {
    const server = (process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432").replace(/\/+$/, "");
    const name = `onward_bench_finder_${process.pid}`;
    const admin = new pg.Client({ connectionString: `${server}/postgres` });
    const reachable = await admin.connect().then(
      () => true,
      () => false,
    );
    if (!reachable) {
      console.log(`PostgreSQL at ${server} not reachable: skipped`);
    } else {
      await admin.query(`create database ${name}`);
      try {
        results.push(await measure("PostgreSQL", "postgres", { databaseUrl: `${server}/${name}`, dataDir: scratch }));
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exitCode = results.some((result) => result.p95 > TARGET_P95_MS[result.kind]) ? 1 : 0;
