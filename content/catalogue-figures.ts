import finlandMalaysia from "./catalogue/finland-malaysia.json" with { type: "json" };
import germanyNetherlandsDenmark from "./catalogue/germany-netherlands-denmark.json" with { type: "json" };
import japanSouthKorea from "./catalogue/japan-south-korea.json" with { type: "json" };
import ukAustralia from "./catalogue/uk-australia.json" with { type: "json" };
import usCanada from "./catalogue/us-canada.json" with { type: "json" };
import type { CatalogueUniversity } from "./universities";

// The researched figures (content/catalogue/README.md) as the catalogue loads them. Every figure
// there carries the year it applies to and the university's page it was read on; here only those
// the pages can quote honestly are taken: tuition of a recent academic year (an older fee would
// understate a family's budget) and a dated IELTS minimum.

/** The oldest academic year (its first year: 2022 for 2022/23) whose tuition the catalogue quotes. */
export const OLDEST_QUOTED_TUITION_YEAR = 2022;

type Sourced = { year: number | null; source: string };
type Researched = {
  slug: string;
  existing: boolean;
  tuition: (Sourced & { amount: number; currency: string }) | null;
  /** `level: "masters"` where the only published minimum is a master's one (not quoted for entry). */
  ielts: (Sourced & { overall: number; level?: "masters" }) | null;
  englishTaughtCourses: (Sourced & { count: number }) | null;
} & Partial<
  Pick<CatalogueUniversity, "name" | "country" | "city" | "type" | "website" | "about" | "facilities" | "examsAccepted" | "worldRanking">
>;

const researched = [usCanada, ukAustralia, germanyNetherlandsDenmark, finlandMalaysia, japanSouthKorea].flatMap(
  (file) => file.universities as unknown as Researched[],
);

function quotedTuition(entry: Researched): CatalogueUniversity["tuition"] {
  const { tuition } = entry;
  if (!tuition || tuition.year === null || tuition.year < OLDEST_QUOTED_TUITION_YEAR) return null;
  return {
    amount: Math.round(tuition.amount),
    currency: tuition.currency as NonNullable<CatalogueUniversity["tuition"]>["currency"],
    year: tuition.year,
    source: tuition.source,
  };
}

function datedIelts(entry: Researched): { minimumIelts: number; ieltsSource: { year: number; source: string } } | null {
  const { ielts } = entry;
  if (!ielts || ielts.year === null || ielts.level === "masters") return null;
  return { minimumIelts: ielts.overall, ieltsSource: { year: ielts.year, source: ielts.source } };
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
    const ielts = datedIelts(entry);
    return {
      ...university,
      tuition: quotedTuition(entry) ?? university.tuition,
      ...(ielts ?? {}),
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
    ieltsSource: null,
    ...(datedIelts(entry) ?? {}),
    tuition: quotedTuition(entry),
    worldRanking: worldRanking ?? null,
    englishTaughtCourses: entry.englishTaughtCourses?.count ?? null,
  };
}
