import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { builtInUniversities, catalogueUniversities } from "../../content/universities";
import { projectRoot } from "../support/server-process";

/**
 * The researched catalogue figures (content/catalogue/*.json, see its README): every figure is a
 * university's own published one, with the academic year it applies to (null where the page is
 * undated) and the official page it was read on; none comes from an agent's or aggregator's site.
 */
type Figure = {
  amount?: number;
  overall?: number;
  band?: number | null;
  count?: number;
  currency?: string;
  year: number | null;
  source: string;
};
type Entry = Record<string, unknown> & { slug: string; existing: boolean };
type FiguresFile = { countries: string[]; universities: Entry[] };

const folder = path.join(projectRoot, "content", "catalogue");
const files = readdirSync(folder)
  .filter((name) => name.endsWith(".json"))
  .map((name) => ({ name, data: JSON.parse(readFileSync(path.join(folder, name), "utf8")) as FiguresFile }));
const entries = files.flatMap(({ name, data }) => data.universities.map((entry) => ({ file: name, countries: data.countries, entry })));

const currencies = ["USD", "GBP", "CAD", "AUD", "EUR", "DKK", "KRW", "JPY", "MYR"];
/** Sites that copy, resell or summarise universities' pages: never a source. */
const notOfficial =
  /dukesplus|wiacts|leverageedu|shiksha|topuniversities|issuu|scribd|miqjj|docslib|collegelearners|joomag|studyportals|mastersportal|yocket|idp\.com|applyboard/i;
const figureFields = ["tuition", "mastersTuition", "ielts", "applicationFee", "yearlyFees", "englishTaughtCourses"] as const;
const allFields = ["slug", "existing", ...figureFields, "otherTests", "otherTestsSource", "intakes", "intakesSource", "scholarships"];
const newUniversityFields = ["name", "country", "city", "type", "website", "about", "facilities", "examsAccepted", "worldRanking"];

function problemsOf(figure: Figure, where: string): string[] {
  const problems: string[] = [];
  if (!/^https?:\/\/[^/]+\//.test(figure.source ?? "") || notOfficial.test(figure.source))
    problems.push(`${where}: source ${figure.source}`);
  if (figure.year !== null && !(Number.isInteger(figure.year) && figure.year >= 2010 && figure.year <= 2027))
    problems.push(`${where}: year ${figure.year}`);
  if (figure.amount !== undefined && !(figure.amount >= 0 && Number.isFinite(figure.amount)))
    problems.push(`${where}: amount ${figure.amount}`);
  if (figure.currency !== undefined && !currencies.includes(figure.currency)) problems.push(`${where}: currency ${figure.currency}`);
  for (const score of [figure.overall, figure.band]) {
    if (score !== undefined && score !== null && !(score >= 2.5 && score <= 9 && Number.isInteger(score * 2)))
      problems.push(`${where}: IELTS ${score}`);
  }
  return problems;
}

test("every researched figure is sourced from an official page, with a plausible year, amount, currency and score", () => {
  const problems: string[] = [];
  for (const { file, entry } of entries) {
    for (const field of allFields) if (!(field in entry)) problems.push(`${file} ${entry.slug}: no ${field}`);
    for (const field of figureFields) {
      const figure = entry[field] as Figure | null;
      if (figure) problems.push(...problemsOf(figure, `${entry.slug}.${field}`));
    }
    for (const scholarship of (entry.scholarships as (Figure & { name: string })[]) ?? []) {
      if (!scholarship.name?.trim()) problems.push(`${entry.slug}: a scholarship without a name`);
      problems.push(...problemsOf(scholarship, `${entry.slug} scholarship`));
    }
    for (const intake of (entry.intakes as { month: number; deadline: { month: number; day: number } | null }[]) ?? []) {
      const valid = (month: number, day = 1) =>
        Number.isInteger(month) && month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(2024, month, 0)).getUTCDate();
      if (!valid(intake.month) || (intake.deadline && !valid(intake.deadline.month, intake.deadline.day)))
        problems.push(`${entry.slug}: intake ${JSON.stringify(intake)}`);
    }
  }
  expect(problems).toEqual([]);
});

test("each university is researched once; the built-in ones by their slug, new ones in full and in their file's countries", () => {
  const builtIn = new Map(builtInUniversities.map((university) => [university.slug, university.country]));
  const slugs = entries.map(({ entry }) => entry.slug);
  expect(slugs.filter((slug, index) => slugs.indexOf(slug) !== index)).toEqual([]);
  for (const { file, countries, entry } of entries) {
    if (entry.existing) {
      expect(countries, `${file} ${entry.slug}`).toContain(builtIn.get(entry.slug));
    } else {
      expect(builtIn.has(entry.slug), entry.slug).toBe(false);
      expect(entry.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      for (const field of newUniversityFields) expect(entry, `${entry.slug}.${field}`).toHaveProperty(field);
      expect(countries).toContain(entry.country);
      expect(String(entry.website)).toMatch(/^https:\/\//);
    }
  }
  // Every built-in university was looked for.
  expect([...builtIn.keys()].filter((slug) => !slugs.includes(slug))).toEqual([]);
});

test("the catalogue as loaded: at least 120 universities, and how many carry a sourced tuition and IELTS minimum", () => {
  const sourcedTuition = catalogueUniversities.filter((entry) => entry.tuition?.source && entry.tuition.year).length;
  const sourcedIelts = catalogueUniversities.filter((entry) => entry.minimumIelts !== null && entry.ieltsSource?.source).length;
  expect(catalogueUniversities.length).toBeGreaterThanOrEqual(120);
  // The figures the stored official pages gave on 2026-11-25 (content/catalogue/README.md); issue 21 aims
  // at 90% of the catalogue for each, which needs pages the store does not hold. A change may only add.
  expect(sourcedTuition).toBeGreaterThanOrEqual(46);
  expect(sourcedIelts).toBeGreaterThanOrEqual(57);
});
