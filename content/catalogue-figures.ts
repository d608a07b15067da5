import type { Intake, OtherTest } from "../app/lib/universities";
import finlandMalaysia from "./catalogue/finland-malaysia.json" with { type: "json" };
import germanyNetherlandsDenmark from "./catalogue/germany-netherlands-denmark.json" with { type: "json" };
import japanSouthKorea from "./catalogue/japan-south-korea.json" with { type: "json" };
import ukAustralia from "./catalogue/uk-australia.json" with { type: "json" };
import usCanada from "./catalogue/us-canada.json" with { type: "json" };
import type { CatalogueUniversity, SourcedAmount } from "./universities";

// The researched figures (content/catalogue/README.md) as the catalogue loads them. Every figure
// there carries the year it applies to and the university's page it was read on; here only those
// the pages can quote honestly are taken: fees (tuition, a master's tuition, the application fee)
// of a recent academic year (an older fee would understate a family's budget) and an undergraduate
// IELTS minimum with its lowest band (dated where the page is); other English tests, intakes with their usual
// deadlines, named scholarships and compulsory yearly fees (Germany's semester contribution), each
// with its page.

/** The oldest academic year (its first year: 2022 for 2022/23) whose fees the catalogue quotes. */
export const OLDEST_QUOTED_TUITION_YEAR = 2022;

type Sourced = { year: number | null; source: string };
type Amount = Sourced & { amount: number; currency: string };
type Researched = {
  slug: string;
  existing: boolean;
  tuition: Amount | null;
  mastersTuition: Amount | null;
  applicationFee: Amount | null;
  /** `level: "masters"` where the only published minimum is a master's one (not quoted for entry). */
  ielts: (Sourced & { overall: number; band: number | null; level?: "masters" }) | null;
  englishTaughtCourses: (Sourced & { count: number }) | null;
  yearlyFees: (Amount & { label: string }) | null;
  otherTests: OtherTest[] | null;
  otherTestsSource: string | null;
  intakes: Intake[] | null;
  intakesSource: Sourced | null;
  scholarships: (Sourced & { name: string; value: string })[] | null;
} & Partial<
  Pick<CatalogueUniversity, "name" | "country" | "city" | "type" | "website" | "about" | "facilities" | "examsAccepted" | "worldRanking">
>;

const researched = [usCanada, ukAustralia, germanyNetherlandsDenmark, finlandMalaysia, japanSouthKorea].flatMap(
  (file) => file.universities as unknown as Researched[],
);

/** A fee of a recent academic year, as the catalogue quotes it; null for an older or undated one. */
function quoted(figure: Amount | null): SourcedAmount | null {
  if (!figure || figure.year === null || figure.year < OLDEST_QUOTED_TUITION_YEAR) return null;
  return {
    amount: Math.round(figure.amount),
    currency: figure.currency as SourcedAmount["currency"],
    year: figure.year,
    source: figure.source,
  };
}

/** The catalogue's researched figures of an entry: recent fees, the undergraduate IELTS minimum, tests, intakes, scholarships (each absent where not quoted). */
function researchedFigures(entry: Researched): Partial<CatalogueUniversity> {
  const figures: Partial<CatalogueUniversity> = {};
  const tuition = quoted(entry.tuition);
  if (tuition) figures.tuition = tuition;
  figures.mastersTuition = quoted(entry.mastersTuition);
  figures.applicationFee = quoted(entry.applicationFee);
  const yearlyFees = quoted(entry.yearlyFees);
  // The file's label is a researcher's note ("Semester contribution (2 semesters): EUR 151.05 …"): its first clause names the fee.
  figures.yearlyFees =
    yearlyFees && entry.yearlyFees ? { ...yearlyFees, label: (entry.yearlyFees.label.split(":")[0] ?? "").trim() } : null;
  figures.otherTests =
    entry.otherTests?.length && entry.otherTestsSource ? { tests: entry.otherTests, source: entry.otherTestsSource } : null;
  figures.intakes =
    entry.intakes?.length && entry.intakesSource
      ? { intakes: entry.intakes, year: entry.intakesSource.year, source: entry.intakesSource.source }
      : null;
  figures.scholarshipList = (entry.scholarships ?? []).map(({ name, value, year, source }) => ({ name, value, year, source }));
  if (figures.scholarshipList.length > 0) figures.scholarships = figures.scholarshipList.length;
  const { ielts } = entry;
  // An English requirement changes rarely and its page is often undated: an undated minimum is quoted
  // as the page states it, with its source and no year (a fee, which changes every year, is not).
  if (ielts && ielts.level !== "masters") {
    figures.minimumIelts = ielts.overall;
    figures.ieltsBand = ielts.band;
    figures.ieltsSource = { year: ielts.year, source: ielts.source };
  }
  return figures;
}

/**
 * The catalogue's universities with the researched figures in place of missing or unsourced ones
 * (a built-in figure without a source gives way to a sourced one), followed by the researched
 * universities the catalogue did not have.
 */
export function withResearchedFigures(builtIn: CatalogueUniversity[]): CatalogueUniversity[] {
  const bySlug = new Map(researched.map((entry) => [entry.slug, entry]));
  const completed = builtIn.map((university) => {
    const entry = bySlug.get(university.slug);
    if (!entry) return university;
    return {
      ...university,
      ...researchedFigures(entry),
      englishTaughtCourses: university.englishTaughtCourses ?? entry.englishTaughtCourses?.count ?? null,
    };
  });
  const added = researched.filter((entry) => !entry.existing).map(addedUniversity);
  return [...completed, ...added];
}

/** A researched university the catalogue did not have, in the catalogue's shape (its file gives every field: tests/integration/catalogue-figures.test.ts). */
function addedUniversity(entry: Researched): CatalogueUniversity {
  const { name, country, city, type, website, about, facilities, examsAccepted, worldRanking } = entry;
  if (!name || !country || !city || !type || !website || about === undefined || !facilities || examsAccepted === undefined) {
    throw new Error(`content/catalogue: ${entry.slug} lacks the catalogue's fields`);
  }
  return {
    since: 2,
    slug: entry.slug,
    name,
    country,
    city,
    type,
    website,
    about,
    facilities,
    examsAccepted,
    coursesOffered: null,
    scholarships: null,
    minimumIelts: null,
    tuition: null,
    ...researchedFigures(entry),
    worldRanking: worldRanking ?? null,
    englishTaughtCourses: entry.englishTaughtCourses?.count ?? null,
  };
}
