import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { type CatalogueUniversity, catalogueUniversities } from "../../../content/universities";
import type { Database } from "../db";
import { siteSetting, universities } from "../db/schema";
import { catalogueChanged } from "./catalogue-cache";

/**
 * Raise this when the catalogue (content/universities.ts, content/catalogue/) gains universities or
 * figures: databases loaded before get the new universities, and the new figures where nobody has
 * edited the university. 2: researched tuition and IELTS with their sources, 51 more universities.
 * 3: other English tests, intakes with deadlines, named scholarships, yearly fees.
 */
export const CATALOGUE_VERSION = 3;
const MARKER_KEY = "catalogue.version";

function row(entry: CatalogueUniversity) {
  return {
    id: randomUUID(),
    slug: entry.slug,
    name: entry.name,
    country: entry.country,
    city: entry.city,
    type: entry.type,
    website: entry.website,
    about: entry.about,
    facilities: entry.facilities,
    coursesOffered: entry.coursesOffered,
    examsAccepted: entry.examsAccepted,
    tuitionAmount: entry.tuition?.amount ?? null,
    tuitionCurrency: entry.tuition?.currency ?? null,
    tuitionYear: entry.tuition?.year ?? null,
    tuitionSource: entry.tuition?.source ?? null,
    scholarships: entry.scholarships,
    minimumIelts: entry.minimumIelts,
    ieltsBand: entry.ieltsBand ?? null,
    ieltsYear: entry.ieltsSource?.year ?? null,
    ieltsSource: entry.ieltsSource?.source ?? null,
    mastersTuitionAmount: entry.mastersTuition?.amount ?? null,
    mastersTuitionCurrency: entry.mastersTuition?.currency ?? null,
    mastersTuitionYear: entry.mastersTuition?.year ?? null,
    mastersTuitionSource: entry.mastersTuition?.source ?? null,
    applicationFeeAmount: entry.applicationFee?.amount ?? null,
    applicationFeeCurrency: entry.applicationFee?.currency ?? null,
    applicationFeeYear: entry.applicationFee?.year ?? null,
    applicationFeeSource: entry.applicationFee?.source ?? null,
    yearlyFeesAmount: entry.yearlyFees?.amount ?? null,
    yearlyFeesCurrency: entry.yearlyFees?.currency ?? null,
    yearlyFeesYear: entry.yearlyFees?.year ?? null,
    yearlyFeesSource: entry.yearlyFees?.source ?? null,
    yearlyFeesLabel: entry.yearlyFees?.label ?? null,
    otherTests: entry.otherTests?.tests ?? [],
    otherTestsSource: entry.otherTests?.source ?? null,
    intakes: entry.intakes?.intakes ?? [],
    intakesYear: entry.intakes?.year ?? null,
    intakesSource: entry.intakes?.source ?? null,
    scholarshipList: entry.scholarshipList ?? [],
    worldRanking: entry.worldRanking?.rank ?? null,
    rankingSource: entry.worldRanking?.source ?? null,
    rankingYear: entry.worldRanking?.year ?? null,
    englishTaughtCourses: entry.englishTaughtCourses,
  };
}

/**
 * Loads the built-in catalogue once per catalogue version (start-up runs it after the
 * migrations, under a lock of its own: app/.server/prepare-database.ts): universities are only
 * ever added (those new since the version loaded, by slug and by name within a country), and
 * figures only filled into built-in universities nobody has edited, so staff edits and deletions
 * are never overwritten. Returns how many universities were added.
 */
export async function loadCatalogue(database: Database): Promise<number> {
  const outcome = await database.transaction(async (tx) => {
    const [marker] = await tx.select({ value: siteSetting.value }).from(siteSetting).where(eq(siteSetting.key, MARKER_KEY));
    const loaded = Number(marker?.value ?? 0);
    if (loaded >= CATALOGUE_VERSION) return { upgraded: false, added: 0 };
    // Only universities new since the version loaded: one that staff deleted stays deleted.
    const newSince = catalogueUniversities.filter((entry) => (entry.since ?? 1) > loaded);
    const inserted =
      newSince.length === 0
        ? []
        : await tx.insert(universities).values(newSince.map(row)).onConflictDoNothing().returning({ id: universities.id });
    // A database loaded before gets the figures since added to its built-in universities (a new
    // one's rows already carry them).
    if (loaded > 0) for (const entry of catalogueUniversities) if ((entry.since ?? 1) <= loaded) await fillFigures(tx, entry);
    await tx
      .insert(siteSetting)
      .values({ key: MARKER_KEY, value: String(CATALOGUE_VERSION) })
      .onConflictDoUpdate({ target: siteSetting.key, set: { value: String(CATALOGUE_VERSION), updatedAt: new Date() } });
    return { upgraded: true, added: inserted.length };
  });
  if (outcome.upgraded) await catalogueChanged();
  return outcome.added;
}

/**
 * Gives a built-in university that nobody has edited (`updated_by` null) the catalogue's sourced
 * figures where it has none, or holds one without a source (written before figures had sources).
 */
async function fillFigures(tx: Parameters<Parameters<Database["transaction"]>[0]>[0], entry: CatalogueUniversity) {
  const values = row(entry);
  const untouched = and(eq(universities.slug, entry.slug), isNull(universities.updatedBy), isNull(universities.createdBy));
  // Each figure with its year and source, filled where the row has no source for it yet.
  const figures = [
    [values.tuitionSource, universities.tuitionSource, ["tuitionAmount", "tuitionCurrency", "tuitionYear", "tuitionSource"]],
    [values.ieltsSource, universities.ieltsSource, ["minimumIelts", "ieltsBand", "ieltsYear", "ieltsSource"]],
    [
      values.mastersTuitionSource,
      universities.mastersTuitionSource,
      ["mastersTuitionAmount", "mastersTuitionCurrency", "mastersTuitionYear", "mastersTuitionSource"],
    ],
    [
      values.applicationFeeSource,
      universities.applicationFeeSource,
      ["applicationFeeAmount", "applicationFeeCurrency", "applicationFeeYear", "applicationFeeSource"],
    ],
    [
      values.yearlyFeesSource,
      universities.yearlyFeesSource,
      ["yearlyFeesAmount", "yearlyFeesCurrency", "yearlyFeesYear", "yearlyFeesSource", "yearlyFeesLabel"],
    ],
    [values.otherTestsSource, universities.otherTestsSource, ["otherTests", "otherTestsSource"]],
    [values.intakesSource, universities.intakesSource, ["intakes", "intakesYear", "intakesSource"]],
  ] as const;
  if (values.scholarshipList.length > 0) {
    await tx
      .update(universities)
      .set({ scholarshipList: values.scholarshipList, scholarships: values.scholarships })
      .where(and(untouched, sql`${universities.scholarshipList} = '[]'::jsonb`));
  }
  for (const [source, column, names] of figures) {
    if (!source) continue;
    const set = Object.fromEntries(names.map((name) => [name, values[name]]));
    await tx
      .update(universities)
      .set(set)
      .where(and(untouched, isNull(column)));
  }
}
