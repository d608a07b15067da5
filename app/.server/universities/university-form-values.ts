import { createHash } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { UNIVERSITY_LOGO_MAX_BYTES, type UniversityEditFields } from "~/lib/schemas/universities";
import { m } from "~/paraglide/messages";
import { db } from "../db";
import { universities } from "../db/schema";
import { AppError, isAppError } from "../errors";
import { getStorage } from "../storage/storage";
import { prepareImage } from "../users/photo";
import type { University } from "./schema";

/** What the add and edit forms share: the columns a checked form sets, the duplicate rule and the logo file. */

const duplicate = () => {
  const message = m.server_duplicate_university();
  return new AppError("CONFLICT", message, { fieldErrors: { universityName: message } });
};

/** The columns the form sets (the slug, tuition year, logo and authorship are the caller's). */
export function formColumns(fields: UniversityEditFields) {
  return {
    name: fields.universityName,
    country: fields.countryName,
    city: fields.universityLocation,
    type: fields.universityType,
    website: fields.website || null,
    about: fields.about ?? "",
    facilities: fields.facilities,
    coursesOffered: fields.coursesOffered,
    examsAccepted: fields.examsAccepted,
    tuitionAmount: fields.firstYearTuitionFees,
    tuitionCurrency: fields.firstYearTuitionFees === null ? null : fields.tuitionCurrency,
    // The finder's "With scholarships" reads the count: with named scholarships it is how many there are.
    scholarships: fields.scholarshipList.length > 0 ? fields.scholarshipList.length : fields.noOfScholarship,
    scholarshipList: fields.scholarshipList.map((entry) => ({
      name: entry.name,
      value: entry.value,
      year: entry.year ?? fields.scholarshipsYear,
      source: entry.source ?? (fields.scholarshipsSource || null),
    })),
    minimumIelts: fields.ielts,
    ieltsBand: fields.ielts === null ? null : fields.ieltsBand,
    mastersTuitionAmount: fields.mastersTuitionFees,
    mastersTuitionCurrency: fields.mastersTuitionFees === null ? null : fields.mastersTuitionCurrency,
    applicationFeeAmount: fields.applicationFee,
    applicationFeeCurrency: fields.applicationFee === null ? null : fields.applicationFeeCurrency,
    yearlyFeesAmount: fields.yearlyFees,
    yearlyFeesCurrency: fields.yearlyFees === null ? null : fields.yearlyFeesCurrency,
    yearlyFeesLabel: fields.yearlyFees === null ? null : fields.yearlyFeesLabel || null,
    otherTests: fields.otherTests,
    intakes: fields.intakes,
    worldRanking: fields.worldRanking,
    englishTaughtCourses: fields.englishTaughtCourses,
  };
}

/** The figures the form gives a year and a source page; each one's fields and columns are `<figure>Year` and `<figure>Source`. */
type SourcedFigure = "tuition" | "ielts" | "mastersTuition" | "applicationFee" | "yearlyFees" | "intakes" | "ranking";

/** A list as compared: the same entries in the same order, whatever order the database keeps an object's keys in. */
function listKey(list: readonly object[]): string {
  const sorted = (value: unknown): unknown =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, inner]) => [key, sorted(inner)]),
        )
      : value;
  return JSON.stringify(list.map(sorted));
}

/**
 * The year and source page the form gives each figure. Adding (`current` absent), a fee without a
 * year is dated this year. Editing, a figure staff change keeps the year and source they typed, but
 * not the ones the form came filled with: those backed the old figure (a changed fee is then dated
 * this year, a changed IELTS minimum left undated). An empty figure has neither. The fees are the
 * tuitions, the application fee and the yearly fees; intakes and the ranking are never dated by
 * themselves; other English tests have a source page only. (The CSV import follows the same rule.)
 */
export function figureProvenance(fields: UniversityEditFields, current?: University) {
  const thisYear = new Date().getFullYear();
  const money = (amount: number | null | undefined, currency: string | null | undefined) =>
    amount === null || amount === undefined ? null : `${amount} ${currency}`;
  /** `now` and `was`: the figure as the form gives it and as stored, null when empty. */
  const provenance = (figure: SourcedFigure | "otherTests", now: string | null, was: string | null, datedWhenChanged: boolean) => {
    if (now === null) return { year: null, source: null };
    const changed = !current || now !== was;
    const typed = <T>(value: T, stored: T) => (changed && current && value === stored ? null : value);
    const year =
      figure === "otherTests"
        ? null
        : (typed(fields[`${figure}Year`], current?.[`${figure}Year`] ?? null) ?? (changed && datedWhenChanged ? thisYear : null));
    return { year, source: typed(fields[`${figure}Source`] || null, current?.[`${figure}Source`] ?? null) };
  };
  const list = (items: readonly object[]) => (items.length === 0 ? null : listKey(items));
  const tuition = provenance(
    "tuition",
    money(fields.firstYearTuitionFees, fields.tuitionCurrency),
    money(current?.tuitionAmount, current?.tuitionCurrency),
    true,
  );
  const ielts = provenance(
    "ielts",
    fields.ielts === null ? null : `${fields.ielts}/${fields.ieltsBand}`,
    current ? `${current.minimumIelts}/${current.ieltsBand}` : null,
    false,
  );
  const masters = provenance(
    "mastersTuition",
    money(fields.mastersTuitionFees, fields.mastersTuitionCurrency),
    money(current?.mastersTuitionAmount, current?.mastersTuitionCurrency),
    true,
  );
  const fee = provenance(
    "applicationFee",
    money(fields.applicationFee, fields.applicationFeeCurrency),
    money(current?.applicationFeeAmount, current?.applicationFeeCurrency),
    true,
  );
  const yearly = provenance(
    "yearlyFees",
    money(fields.yearlyFees, fields.yearlyFeesCurrency),
    money(current?.yearlyFeesAmount, current?.yearlyFeesCurrency),
    true,
  );
  const tests = provenance("otherTests", list(fields.otherTests), current ? list(current.otherTests) : null, false);
  const intakes = provenance("intakes", list(fields.intakes), current ? list(current.intakes) : null, false);
  const ranking = provenance(
    "ranking",
    fields.worldRanking === null ? null : String(fields.worldRanking),
    current?.worldRanking === null || current?.worldRanking === undefined ? null : String(current.worldRanking),
    false,
  );
  return {
    tuitionYear: tuition.year,
    tuitionSource: tuition.source,
    ieltsYear: ielts.year,
    ieltsSource: ielts.source,
    mastersTuitionYear: masters.year,
    mastersTuitionSource: masters.source,
    applicationFeeYear: fee.year,
    applicationFeeSource: fee.source,
    yearlyFeesYear: yearly.year,
    yearlyFeesSource: yearly.source,
    otherTestsSource: tests.source,
    intakesYear: intakes.year,
    intakesSource: intakes.source,
    rankingYear: ranking.year,
    rankingSource: ranking.source,
  };
}

/** Refuses a lowest IELTS band above the overall minimum (or without one). Throws AppError INVALID. */
export function assertBandFits(fields: UniversityEditFields): void {
  if (fields.ieltsBand === null || (fields.ielts !== null && fields.ieltsBand <= fields.ielts)) return;
  const message = m.server_band_above_overall();
  throw new AppError("INVALID", message, { fieldErrors: { ieltsBand: message } });
}

/** Refuses a name another university in the same country already has (case aside). Throws AppError CONFLICT. */
export async function assertNameFree(fields: UniversityEditFields, exceptId?: string): Promise<void> {
  const sameName = and(eq(universities.country, fields.countryName), sql`lower(${universities.name}) = lower(${fields.universityName})`);
  const [taken] = await db()
    .select({ id: universities.id })
    .from(universities)
    .where(exceptId ? and(sameName, ne(universities.id, exceptId)) : sameName);
  if (taken) throw duplicate();
}

/**
 * The checks the add and edit forms make before anything is stored (`exceptId`: the university
 * being edited). Throws AppError INVALID (the band), CONFLICT (the name).
 */
export async function assertFormFits(fields: UniversityEditFields, exceptId?: string): Promise<void> {
  assertBandFits(fields);
  await assertNameFree(fields, exceptId);
}

/** The unique (country, lower(name)) index's refusal, for a name taken between the check and the write. */
export function asDuplicate(error: unknown): unknown {
  const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return code === "23505" ? duplicate() : error;
}

/**
 * Checks a logo by its bytes (JPEG, PNG or WebP, at most 2 MB), re-encodes it and stores it under a
 * key made from its content, so it can be cached for good. A refusal names the logo field.
 */
export async function storeLogo(bytes: Buffer): Promise<string> {
  let logo: Buffer;
  try {
    logo = await prepareImage(bytes, { maxBytes: UNIVERSITY_LOGO_MAX_BYTES, noun: m.server_image_logo(), size: 256 });
  } catch (error) {
    if (isAppError(error, "INVALID"))
      throw new AppError("INVALID", m.forms_correct_marked_fields(), { fieldErrors: { universityLogo: error.message } });
    throw error;
  }
  const key = `university-logos/${createHash("sha256").update(logo).digest("hex").slice(0, 32)}.webp`;
  await getStorage().put(key, logo);
  return key;
}

/** Removes a logo file no university points at any more (two may share one: the key is its content). */
export async function dropLogoUnlessUsed(key: string | null): Promise<void> {
  if (!key) return;
  const [used] = await db().select({ id: universities.id }).from(universities).where(eq(universities.logo, key));
  if (!used) await getStorage().delete(key);
}
