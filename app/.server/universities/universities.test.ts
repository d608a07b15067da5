import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { type CatalogueUniversity, catalogueUniversities } from "../../../content/universities";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { databaseKind } from "../../../tests/support/test-database";
import { db } from "../db";
import { siteSetting, universities, users } from "../db/schema";
import { findUniversities, readFinderPage, searchTerms, universityCountries } from "./find-universities";
import { findUniversityBySlug } from "./find-university";
import { parseFinderQuery } from "./finder-query";
import { type CountryCosts, countryExtras, firstYearCost } from "./first-year-cost";
import { fitOf, fitRank } from "./fit";
import { loadCatalogue } from "./load-catalogue";
import type { FinderQuery, TakaRates } from "./schema";

withTestDatabase();

const rates: TakaRates = { USD: 120, GBP: 150, EUR: 130, CAD: 90, AUD: 80, DKK: 17, KRW: 0.09, JPY: 0.8, MYR: 27 };
const query = (overrides: Partial<FinderQuery> = {}): FinderQuery => ({
  q: "",
  country: "Atlantis",
  type: "",
  ielts: null,
  maxTuition: null,
  budget: null,
  scholarships: false,
  sort: "ranking",
  page: 1,
  ...overrides,
});

/** Five universities in a country of their own, so the catalogue's do not interfere. */
beforeAll(async () => {
  const base = { country: "Atlantis", city: "Poseidonia", website: "https://example.edu/", about: "", examsAccepted: "IELTS" };
  await db()
    .insert(universities)
    .values(
      [
        {
          ...base,
          name: "Alpha Institute",
          type: "Public",
          minimumIelts: 6,
          tuitionAmount: 10_000,
          tuitionCurrency: "USD",
          scholarships: 3,
          worldRanking: 50,
        },
        {
          ...base,
          name: "Beta College",
          type: "Private",
          minimumIelts: 6.5,
          tuitionAmount: 9_000,
          tuitionCurrency: "GBP",
          scholarships: 0,
          worldRanking: 10,
        },
        {
          ...base,
          name: "Gamma University",
          type: "Public",
          minimumIelts: 7,
          tuitionAmount: 20_000,
          tuitionCurrency: "USD",
          scholarships: null,
          worldRanking: null,
        },
        {
          ...base,
          name: "Delta University",
          type: "Private",
          minimumIelts: null,
          tuitionAmount: null,
          tuitionCurrency: null,
          scholarships: 5,
          worldRanking: 200,
        },
        {
          ...base,
          name: "Epsilon Academy",
          type: "Public",
          minimumIelts: 5.5,
          tuitionAmount: 1_000_000,
          tuitionCurrency: "JPY",
          scholarships: 1,
          worldRanking: 300,
        },
      ].map((row) => ({
        ...row,
        id: randomUUID(),
        slug: row.name.toLowerCase().replace(/ /g, "-"),
      })) as (typeof universities.$inferInsert)[],
    );
});

const names = async (overrides: Partial<FinderQuery>) => (await findUniversities(query(overrides), rates)).items.map((item) => item.name);

describe("the built-in catalogue", () => {
  test("is loaded once with the migrations: at least 60 real universities, Queen's University Belfast as the spec has it", async () => {
    const rows = await db().select().from(universities);
    expect(rows.filter((row) => row.country !== "Atlantis").length).toBe(catalogueUniversities.length);
    expect(catalogueUniversities.length).toBeGreaterThanOrEqual(60);
    const queens = await findUniversityBySlug("queens-university-belfast");
    expect(queens).toMatchObject({
      name: "Queen's University Belfast",
      city: "Belfast, Northern Ireland",
      type: "Public",
      facilities: ["Academic Facilities", "Award-Winning Library", "One Elmwood", "Student Accommodation"],
    });
    for (const country of [
      "United States",
      "United Kingdom",
      "Canada",
      "Australia",
      "Denmark",
      "Finland",
      "Germany",
      "Netherlands",
      "South Korea",
      "Japan",
      "Malaysia",
    ]) {
      expect(await universityCountries(), country).toContain(country);
    }
  });

  test("never overwrites staff edits, even when loaded again", async () => {
    await db().update(universities).set({ about: "Edited by staff." }).where(eq(universities.slug, "queens-university-belfast"));
    expect(await loadCatalogue(db())).toBe(0);
    await db().delete(siteSetting).where(eq(siteSetting.key, "catalogue.version"));
    expect(await loadCatalogue(db())).toBe(0);
    expect((await findUniversityBySlug("queens-university-belfast")).about).toBe("Edited by staff.");
  });

  /** How many of the later figures a catalogue entry has, so that each kind is seen filled. */
  const completeness = (entry: CatalogueUniversity) =>
    [entry.mastersTuition, entry.applicationFee, entry.intakes, entry.otherTests, entry.scholarshipList?.length].filter(Boolean).length;

  test("a database loaded at version 1 gets the new universities and, where nobody edited a university, its sourced figures", async () => {
    // The first with every figure sourced, so that each kind is seen filled.
    const sourced = catalogueUniversities
      .filter((entry) => (entry.since ?? 1) === 1 && entry.tuition?.source && entry.ieltsSource)
      .sort((a, b) => completeness(b) - completeness(a));
    expect(sourced.length).toBeGreaterThanOrEqual(2);
    const [untouched, edited] = sourced as [CatalogueUniversity, CatalogueUniversity];
    const deletedBuiltIn = catalogueUniversities.find(
      (entry) => (entry.since ?? 1) === 1 && !sourced.includes(entry),
    ) as CatalogueUniversity;
    const added = catalogueUniversities.filter((entry) => entry.since === 2);
    expect(added.length).toBeGreaterThanOrEqual(40);
    const [staff] = await db().select({ id: users.id }).from(users).limit(1);
    const [someone] = staff
      ? [staff]
      : await db()
          .insert(users)
          .values({ id: randomUUID(), name: "Staff", email: `staff-${randomUUID()}@onward.test` })
          .returning({ id: users.id });

    // As version 1 left it: no sourced figures, none of the additions; then staff edit one university and delete another.
    const unsourced = {
      tuitionAmount: null,
      tuitionCurrency: null,
      tuitionYear: null,
      tuitionSource: null,
      minimumIelts: null,
      ieltsBand: null,
      ieltsYear: null,
      ieltsSource: null,
      mastersTuitionAmount: null,
      mastersTuitionSource: null,
      applicationFeeAmount: null,
      applicationFeeSource: null,
      otherTests: [],
      otherTestsSource: null,
      intakes: [],
      intakesSource: null,
      scholarshipList: [],
    };
    await db()
      .update(universities)
      .set(unsourced)
      .where(inArray(universities.slug, [untouched.slug, edited.slug]));
    await db().update(universities).set({ updatedBy: someone?.id }).where(eq(universities.slug, edited.slug));
    await db()
      .delete(universities)
      .where(inArray(universities.slug, [deletedBuiltIn.slug, ...added.map((entry) => entry.slug)]));
    await db().update(siteSetting).set({ value: "1" }).where(eq(siteSetting.key, "catalogue.version"));

    expect(await loadCatalogue(db())).toBe(added.length);
    const bySlug = async (slug: string) => (await db().select().from(universities).where(eq(universities.slug, slug)))[0];
    expect(await bySlug(untouched.slug)).toMatchObject({
      tuitionAmount: untouched.tuition?.amount,
      tuitionCurrency: untouched.tuition?.currency,
      tuitionYear: untouched.tuition?.year,
      tuitionSource: untouched.tuition?.source,
      minimumIelts: untouched.minimumIelts,
      ieltsBand: untouched.ieltsBand ?? null,
      ieltsYear: untouched.ieltsSource?.year,
      ieltsSource: untouched.ieltsSource?.source,
      mastersTuitionAmount: untouched.mastersTuition?.amount ?? null,
      mastersTuitionSource: untouched.mastersTuition?.source ?? null,
      applicationFeeAmount: untouched.applicationFee?.amount ?? null,
      applicationFeeSource: untouched.applicationFee?.source ?? null,
      otherTests: untouched.otherTests?.tests ?? [],
      intakes: untouched.intakes?.intakes ?? [],
      intakesSource: untouched.intakes?.source ?? null,
      scholarshipList: untouched.scholarshipList ?? [],
    });
    expect(await bySlug(edited.slug)).toMatchObject(unsourced);
    expect(await bySlug(deletedBuiltIn.slug)).toBeUndefined();
    expect(await bySlug(added[0]?.slug ?? "")).toMatchObject({ name: added[0]?.name, country: added[0]?.country });
    // Loaded: nothing more to do.
    expect(await loadCatalogue(db())).toBe(0);
  });
});

describe("the finder", () => {
  test("filters by type, by the student's IELTS score and by scholarships, leaving out unknown figures", async () => {
    expect(await names({ type: "Private" })).toEqual(["Beta College", "Delta University"]);
    expect(await names({ ielts: 6 })).toEqual(["Alpha Institute", "Epsilon Academy"]);
    expect(await names({ ielts: 6.5, type: "Private" })).toEqual(["Beta College"]);
    expect(await names({ scholarships: true })).toEqual(["Alpha Institute", "Delta University", "Epsilon Academy"]);
  });

  test("caps first-year tuition in taka, converting each currency by its rate", async () => {
    // Alpha 1,200,000; Beta 1,350,000; Gamma 2,400,000; Epsilon 800,000 taka; Delta unknown.
    expect(await names({ maxTuition: 1_300_000, sort: "tuition" })).toEqual(["Epsilon Academy", "Alpha Institute"]);
    expect(await names({ maxTuition: 1_350_000, sort: "tuition" })).toEqual(["Epsilon Academy", "Alpha Institute", "Beta College"]);
  });

  test("sorts by ranking (unranked last), by name, and by tuition (unknown last)", async () => {
    expect(await names({ sort: "ranking" })).toEqual([
      "Beta College",
      "Alpha Institute",
      "Delta University",
      "Epsilon Academy",
      "Gamma University",
    ]);
    expect(await names({ sort: "name" })).toEqual([
      "Alpha Institute",
      "Beta College",
      "Delta University",
      "Epsilon Academy",
      "Gamma University",
    ]);
    expect(await names({ sort: "tuition" })).toEqual([
      "Epsilon Academy",
      "Alpha Institute",
      "Beta College",
      "Gamma University",
      "Delta University",
    ]);
  });

  test("in fit order, ranks by requirements not met, then met, then ranking, as fit.ts judges each university", async () => {
    // Atlantis: living costs of ৳10 lakh known, so a budget can be met. Tuition in taka: Alpha 1,200,000;
    // Beta 1,350,000; Gamma 2,400,000; Epsilon 800,000; Delta unknown.
    const atlantis: CountryCosts = {
      living: { amount: 1_000_000, currency: "BDT", year: 2025, source: null, label: "Living costs" },
      visa: null,
      health: null,
      sevis: null,
      flight: null,
      bankBalance: null,
    };
    const countries = countryExtras(new Map([["Atlantis", atlantis]]), rates);
    for (const [ielts, budgetBdt] of [
      [6.5, 2_300_000],
      [6, null],
      [null, 2_200_000],
      [7.5, 5_000_000],
      [5, 1_000_000],
    ] as const) {
      const fit = { ielts, budgetBdt, level: "bachelor" as const, countries };
      const page = await findUniversities(query({ sort: "fit", ielts, budget: budgetBdt }), rates, fit);
      // An IELTS score under fit ranks: every university of Atlantis is listed.
      expect(page.total).toBe(5);
      const judged = page.items.map((item) => ({
        name: item.name,
        rank: fitRank(fitOf(item.minimumIelts, firstYearCost(item, atlantis, rates, "bachelor"), fit)),
        ranking: item.worldRanking ?? Number.POSITIVE_INFINITY,
      }));
      const expected = [...judged].sort(
        (a, b) => a.rank[0] - b.rank[0] || b.rank[1] - a.rank[1] || a.ranking - b.ranking || a.name.localeCompare(b.name),
      );
      expect(
        judged.map((item) => item.name),
        `IELTS ${ielts}, budget ${budgetBdt}`,
      ).toEqual(expected.map((item) => item.name));
    }
    // IELTS 6.5 and ৳23 lakh: Alpha (#50, ৳22 lakh) and Epsilon (#300, ৳18 lakh) meet both; Delta's figures are
    // unknown; Beta (#10) meets the IELTS minimum but at ৳23.5 lakh passes the budget; Gamma fails both.
    const fit = { ielts: 6.5, budgetBdt: 2_300_000, level: "bachelor" as const, countries };
    expect((await findUniversities(query({ sort: "fit" }), rates, fit)).items.map((item) => item.name)).toEqual([
      "Alpha Institute",
      "Epsilon Academy",
      "Delta University",
      "Beta College",
      "Gamma University",
    ]);

    // A fee changed: the trigger empties its stored figures' stamp, and the order follows the new
    // fee at once (computed in place until the figures are stored again).
    const beta = eq(universities.slug, "beta-college");
    expect((await db().select({ stamp: universities.fitStamp }).from(universities).where(beta))[0]?.stamp).toBeTruthy();
    await db().update(universities).set({ tuitionAmount: 5_000 }).where(beta);
    expect((await db().select({ stamp: universities.fitStamp }).from(universities).where(beta))[0]?.stamp).toBeNull();
    try {
      const page = await readFinderPage(query({ sort: "fit" }), rates, 12, fit);
      expect(page.items.map((item) => item.name)).toEqual([
        "Beta College",
        "Alpha Institute",
        "Epsilon Academy",
        "Delta University",
        "Gamma University",
      ]);
    } finally {
      await db().update(universities).set({ tuitionAmount: 9_000 }).where(beta);
    }
  });

  test("in fit order, a page is the same read tier by tier as sorted in one query, near and far, on every page", async () => {
    const countries = countryExtras(new Map(), rates);
    const fit = { ielts: 6.5, budgetBdt: 3_000_000, level: "bachelor" as const, countries };
    const fitQuery = (page: number) => query({ country: "", sort: "fit", ielts: 6.5, budget: 3_000_000, page });
    const whole = await readFinderPage(fitQuery(1), rates, 500, fit);
    expect(whole.total).toBeGreaterThan(70);
    // Pages of 3: read tier by tier, the near ones skip earlier tiers by reading them, the far ones (past 20 pages) by counting them.
    const sorted: string[] = [];
    const tierByTier: string[] = [];
    for (let page = 1; page <= Math.ceil(whole.total / 3); page++) {
      sorted.push(...(await readFinderPage(fitQuery(page), rates, 3, fit)).items.map((item) => item.slug));
      tierByTier.push(...(await readFinderPage(fitQuery(page), rates, 3, fit, { sortFitBelow: 0 })).items.map((item) => item.slug));
    }
    expect(sorted).toEqual(whole.items.map((item) => item.slug));
    expect(tierByTier).toEqual(sorted);
    // No match: no page to read, whichever way.
    const none = query({ maxTuition: 1, sort: "fit", ielts: 6.5, budget: 3_000_000 });
    expect((await readFinderPage(none, rates, 3, fit, { sortFitBelow: 0 })).items).toEqual([]);
  });

  test("finds a name despite a typo, and across the whole catalogue", async () => {
    expect(await names({ country: "", q: "Belfst" })).toContain("Queen's University Belfast");
    expect(await names({ q: "Gama Universty" })).toEqual(["Gamma University"]);
    expect(await names({ q: "zzzz qqqq" })).toEqual([]);
  });

  test("every word of a name search must match; words every university has narrow nothing", async () => {
    expect(await names({ q: "Gamma Delta" })).toEqual([]);
    expect(await names({ q: "Delta University" })).toEqual(["Delta University"]);
    expect(await names({ country: "", q: "Belfast University" })).toEqual(["Queen's University Belfast"]);
    // "University of" is no name at all: the same list as no search.
    expect(await names({ q: "University of" })).toEqual(await names({ q: "" }));
    expect(searchTerms("  University of Calglenham, the  ")).toEqual(["Calglenham"]);
    expect(searchTerms("Univresity Colege Delta")).toEqual(["Delta"]);
  });

  test("pages by the page size; a page past the end is the last page", async () => {
    const first = await findUniversities(query({ sort: "name" }), rates, null, 2);
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 5 });
    const past = await findUniversities(query({ sort: "name", page: 99 }), rates, null, 2);
    expect(past).toMatchObject({ page: 3, pageCount: 3, total: 5 });
    expect(past.items.map((item) => item.name)).toEqual(["Gamma University"]);
  });

  test("an unknown slug is NOT_FOUND", async () => {
    await expect(findUniversityBySlug("no-such-university")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe.runIf(databaseKind() === "postgres")("the finder on PostgreSQL", () => {
  // Starting a parallel query's workers costs more than a page's whole query (ADR 039).
  test("reads a page without parallel workers, whatever the server's default", async () => {
    const setting = await db().execute(sql`select current_setting('max_parallel_workers_per_gather') as workers`);
    expect(setting).toMatchObject({ rows: [{ workers: "0" }] });
  });
});

describe("the finder's query", () => {
  const countries = ["Finland", "Atlantis"];
  const parse = (search: string) => parseFinderQuery(new URLSearchParams(search), countries);

  test("reads every filter of the contract", () => {
    expect(
      parse("q=Helsinki&country=Finland&type=Public&ielts=6.5&maxTuition=1500000&budget=3,000,000&scholarships=1&sort=tuition&page=2"),
    ).toEqual({
      q: "Helsinki",
      country: "Finland",
      type: "Public",
      ielts: 6.5,
      maxTuition: 1_500_000,
      budget: 3_000_000,
      scholarships: true,
      sort: "tuition",
      page: 2,
    });
  });

  test("drops or clamps whatever is malformed or out of range", () => {
    expect(parse("ielts=abc&page=-1&sort=drop%20table&type=Both&country=Narnia&maxTuition=-5&budget=lots&scholarships=yes")).toEqual({
      q: "",
      country: "",
      type: "",
      ielts: null,
      maxTuition: null,
      budget: null,
      scholarships: false,
      sort: "ranking",
      page: 1,
    });
    expect(parse("ielts=6.3").ielts).toBeNull();
    expect(parse("ielts=9.5").ielts).toBeNull();
    expect(parse("q=Bel%00fast").q).toBe("Belfast");
    expect(parse(`q=${"a".repeat(500)}`).q).toHaveLength(100);
    expect(parse("page=99999").page).toBe(99999);
  });
});
