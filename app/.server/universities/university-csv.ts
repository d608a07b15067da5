import type { UniversityFormInput } from "~/lib/schemas/universities";
import type { University } from "./schema";

/**
 * The university CSV (export and import, ADR 026): one column per university field a person edits,
 * named as the field is; no id, logo or timestamps. Lists are one cell each, as JSON.
 */
export const universityCsvColumns = [
  "slug",
  "name",
  "country",
  "city",
  "type",
  "website",
  "about",
  "facilities",
  "coursesOffered",
  "examsAccepted",
  "tuitionAmount",
  "tuitionCurrency",
  "tuitionYear",
  "tuitionSource",
  "minimumIelts",
  "ieltsBand",
  "ieltsYear",
  "ieltsSource",
  "mastersTuitionAmount",
  "mastersTuitionCurrency",
  "mastersTuitionYear",
  "mastersTuitionSource",
  "applicationFeeAmount",
  "applicationFeeCurrency",
  "applicationFeeYear",
  "applicationFeeSource",
  "yearlyFeesAmount",
  "yearlyFeesCurrency",
  "yearlyFeesYear",
  "yearlyFeesSource",
  "yearlyFeesLabel",
  "otherTests",
  "otherTestsSource",
  "intakes",
  "intakesYear",
  "intakesSource",
  "scholarships",
  "scholarshipList",
  "worldRanking",
  "rankingSource",
  "rankingYear",
  "englishTaughtCourses",
] as const satisfies readonly (keyof University)[];

export type UniversityCsvColumn = (typeof universityCsvColumns)[number];

/**
 * Each column's field in the staff form (app/lib/schemas/universities.ts), whose rule judges the
 * cell; the slug has no form field (the form makes it from the name) and is checked by the import.
 */
export const formFieldOfColumn = {
  name: "universityName",
  country: "countryName",
  city: "universityLocation",
  type: "universityType",
  website: "website",
  about: "about",
  facilities: "facilities",
  coursesOffered: "coursesOffered",
  examsAccepted: "examsAccepted",
  tuitionAmount: "firstYearTuitionFees",
  tuitionCurrency: "tuitionCurrency",
  tuitionYear: "tuitionYear",
  tuitionSource: "tuitionSource",
  minimumIelts: "ielts",
  ieltsBand: "ieltsBand",
  ieltsYear: "ieltsYear",
  ieltsSource: "ieltsSource",
  mastersTuitionAmount: "mastersTuitionFees",
  mastersTuitionCurrency: "mastersTuitionCurrency",
  mastersTuitionYear: "mastersTuitionYear",
  mastersTuitionSource: "mastersTuitionSource",
  applicationFeeAmount: "applicationFee",
  applicationFeeCurrency: "applicationFeeCurrency",
  applicationFeeYear: "applicationFeeYear",
  applicationFeeSource: "applicationFeeSource",
  yearlyFeesAmount: "yearlyFees",
  yearlyFeesCurrency: "yearlyFeesCurrency",
  yearlyFeesYear: "yearlyFeesYear",
  yearlyFeesSource: "yearlyFeesSource",
  yearlyFeesLabel: "yearlyFeesLabel",
  otherTests: "otherTests",
  otherTestsSource: "otherTestsSource",
  intakes: "intakes",
  intakesYear: "intakesYear",
  intakesSource: "intakesSource",
  scholarships: "noOfScholarship",
  scholarshipList: "scholarshipList",
  worldRanking: "worldRanking",
  rankingSource: "rankingSource",
  rankingYear: "rankingYear",
  englishTaughtCourses: "englishTaughtCourses",
} as const satisfies Record<Exclude<UniversityCsvColumn, "slug">, keyof UniversityFormInput>;

/** Each amount column and the currency column that must come with it. */
export const currencyOfAmount = {
  tuitionAmount: "tuitionCurrency",
  mastersTuitionAmount: "mastersTuitionCurrency",
  applicationFeeAmount: "applicationFeeCurrency",
  yearlyFeesAmount: "yearlyFeesCurrency",
} as const satisfies Partial<Record<UniversityCsvColumn, UniversityCsvColumn>>;

/** A university's cells in column order (before neutralising): empty for nothing, lists as JSON in a fixed key order. */
export function universityCells(row: Pick<University, UniversityCsvColumn>): string[] {
  return universityCsvColumns.map((column) => {
    switch (column) {
      case "facilities":
        return row.facilities.length === 0 ? "" : JSON.stringify(row.facilities);
      case "otherTests":
        return row.otherTests.length === 0 ? "" : JSON.stringify(row.otherTests.map(({ test, score }) => ({ test, score })));
      case "intakes":
        return row.intakes.length === 0
          ? ""
          : JSON.stringify(
              row.intakes.map(({ month, deadline }) => ({
                month,
                deadline: deadline ? { month: deadline.month, day: deadline.day } : null,
              })),
            );
      case "scholarshipList":
        return row.scholarshipList.length === 0
          ? ""
          : JSON.stringify(row.scholarshipList.map(({ name, value, year, source }) => ({ name, value, year, source })));
      default: {
        const value = row[column];
        return value === null || value === undefined ? "" : String(value);
      }
    }
  });
}

/** One example row for the template: every column filled in as a file would have it. */
export const exampleUniversity: Pick<University, UniversityCsvColumn> = {
  slug: "example-university",
  name: "Example University",
  country: "United Kingdom",
  city: "Leeds, West Yorkshire",
  type: "Public",
  website: "https://www.example.ac.uk",
  about: "A public research university. Replace this row with your own; leave the slug empty to have one made from the name.",
  facilities: ["Central library", "Student accommodation", "Sports centre"],
  coursesOffered: 450,
  examsAccepted: "IELTS, TOEFL iBT, PTE Academic",
  tuitionAmount: 24_500,
  tuitionCurrency: "GBP",
  tuitionYear: 2025,
  tuitionSource: "https://www.example.ac.uk/fees/international",
  minimumIelts: 6.5,
  ieltsBand: 6,
  ieltsYear: 2025,
  ieltsSource: "https://www.example.ac.uk/international/english-requirements",
  mastersTuitionAmount: 27_000,
  mastersTuitionCurrency: "GBP",
  mastersTuitionYear: 2025,
  mastersTuitionSource: "https://www.example.ac.uk/fees/international",
  applicationFeeAmount: 0,
  applicationFeeCurrency: "GBP",
  applicationFeeYear: 2025,
  applicationFeeSource: "https://www.example.ac.uk/apply",
  yearlyFeesAmount: null,
  yearlyFeesCurrency: null,
  yearlyFeesYear: null,
  yearlyFeesSource: null,
  yearlyFeesLabel: null,
  otherTests: [
    { test: "TOEFL iBT", score: "88 (at least 20 in each part)" },
    { test: "PTE Academic", score: "62" },
  ],
  otherTestsSource: "https://www.example.ac.uk/international/english-requirements",
  intakes: [
    { month: 9, deadline: { month: 6, day: 30 } },
    { month: 1, deadline: null },
  ],
  intakesYear: 2025,
  intakesSource: "https://www.example.ac.uk/apply/dates",
  scholarships: 1,
  scholarshipList: [
    {
      name: "International Excellence Scholarship",
      value: "GBP 5,000 off the first year's tuition",
      year: 2025,
      source: "https://www.example.ac.uk/scholarships",
    },
  ],
  worldRanking: 150,
  rankingSource: "QS World University Rankings",
  rankingYear: 2025,
  englishTaughtCourses: 450,
};
