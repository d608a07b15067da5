import { z } from "zod";
import { readRatesChangedAt } from "~/.server/settings/site-settings";
import { addUniversity } from "~/.server/universities/add-university";
import { deleteUniversity } from "~/.server/universities/delete-university";
import { universityCountries } from "~/.server/universities/find-universities";
import { findUniversityBySlug } from "~/.server/universities/find-university";
import { parseFinderQuery } from "~/.server/universities/finder-query";
import { finderResults } from "~/.server/universities/finder-results";
import { firstYearCost, getCountryCosts } from "~/.server/universities/first-year-cost";
import { getTakaRates } from "~/.server/universities/rates";
import type { University, UniversityCard } from "~/.server/universities/schema";
import { updateUniversity } from "~/.server/universities/update-university";
import { getAcademicProfile } from "~/.server/users/academic-profile";
import { studyLevels } from "~/lib/academic-profile";
import { pageRoles } from "~/lib/dashboard-menu";
import { UNIVERSITY_FORM_MAX_BYTES, UniversityEditSchema, UniversityFormSchema } from "~/lib/schemas/universities";
import { FINDER_SEARCH_MAX_LENGTH, finderSorts, ieltsBands, tuitionCurrencies, universityTypes } from "~/lib/universities";
import { defineOperation } from "./operation.server";
import { pageQuery } from "./respond.server";

/** An amount in its currency, with the academic year it applies to (its first year: 2025 for 2025/26) and the page that states it. */
const SourcedMoney = z.object({
  amount: z.number(),
  currency: z.enum(tuitionCurrencies),
  year: z.number().int().nullable(),
  source: z.string().nullable(),
});

export const UniversitySummarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  country: z.string(),
  city: z.string(),
  type: z.enum(universityTypes),
  worldRanking: z.object({ rank: z.number().int(), year: z.number().int().nullable() }).nullable(),
  minimumIelts: z.number().nullable(),
  /** Scholarships open to international students (a count). */
  scholarships: z.number().int().nullable(),
  englishTaughtCourses: z.number().int().nullable(),
  /** First-year tuition for an international undergraduate. */
  tuition: SourcedMoney.nullable(),
  /** Under `sort=fit`: why it ranks where it does, in plain words. */
  fitReasons: z.array(z.object({ text: z.string(), state: z.enum(["met", "failed", "unknown", "info"]) })).nullable(),
});

export const UniversitySchema = UniversitySummarySchema.omit({ fitReasons: true }).extend({
  website: z.string().nullable(),
  about: z.string(),
  facilities: z.array(z.string()),
  /** The number of programmes offered, where published. */
  coursesOffered: z.number().int().nullable(),
  examsAccepted: z.string(),
  ielts: z
    .object({ overall: z.number(), band: z.number().nullable(), year: z.number().int().nullable(), source: z.string().nullable() })
    .nullable(),
  mastersTuition: SourcedMoney.nullable(),
  applicationFee: SourcedMoney.nullable(),
  yearlyFees: SourcedMoney.extend({ label: z.string().nullable() }).nullable(),
  otherTests: z.array(z.object({ test: z.string(), score: z.string() })),
  intakes: z.array(
    z.object({ month: z.number().int(), deadline: z.object({ month: z.number().int(), day: z.number().int() }).nullable() }),
  ),
  namedScholarships: z.array(
    z.object({ name: z.string(), value: z.string(), year: z.number().int().nullable(), source: z.string().nullable() }),
  ),
  updatedAt: z.iso.datetime({ offset: true }),
});

const CostLineSchema = z.object({
  label: z.string(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  year: z.number().int().nullable(),
  source: z.string().nullable(),
  /** Whole taka; null when the amount is unknown or its currency has no rate. */
  taka: z.number().int().nullable(),
});

const FirstYearCostSchema = z.object({
  level: z.enum(studyLevels),
  lines: z.array(CostLineSchema),
  totalBdt: z.number().int().nullable(),
  missing: z.array(z.string()),
  livingKnown: z.boolean(),
  /** What the embassy expects to see in the bank, apart from the cost. */
  bankBalance: CostLineSchema.nullable(),
  ratesChangedAt: z.iso.datetime({ offset: true }).nullable(),
});

type Money = z.infer<typeof SourcedMoney>;

function money(amount: number | null, currency: string | null, year: number | null, source: string | null): Money | null {
  if (amount === null || currency === null) return null;
  return { amount, currency: currency as Money["currency"], year, source };
}

export function summaryOf(university: UniversityCard & { tuitionSource?: string | null }) {
  return {
    slug: university.slug,
    name: university.name,
    country: university.country,
    city: university.city,
    type: university.type,
    worldRanking: university.worldRanking === null ? null : { rank: university.worldRanking, year: university.rankingYear },
    minimumIelts: university.minimumIelts,
    scholarships: university.scholarships,
    englishTaughtCourses: university.englishTaughtCourses,
    tuition: money(university.tuitionAmount, university.tuitionCurrency, university.tuitionYear, university.tuitionSource ?? null),
  };
}

function detail(university: University): z.infer<typeof UniversitySchema> {
  return {
    ...summaryOf(university),
    website: university.website,
    about: university.about,
    facilities: university.facilities,
    coursesOffered: university.coursesOffered,
    examsAccepted: university.examsAccepted,
    ielts:
      university.minimumIelts === null
        ? null
        : { overall: university.minimumIelts, band: university.ieltsBand, year: university.ieltsYear, source: university.ieltsSource },
    mastersTuition: money(
      university.mastersTuitionAmount,
      university.mastersTuitionCurrency,
      university.mastersTuitionYear,
      university.mastersTuitionSource,
    ),
    applicationFee: money(
      university.applicationFeeAmount,
      university.applicationFeeCurrency,
      university.applicationFeeYear,
      university.applicationFeeSource,
    ),
    yearlyFees:
      university.yearlyFeesAmount === null
        ? null
        : {
            ...(money(
              university.yearlyFeesAmount,
              university.yearlyFeesCurrency,
              university.yearlyFeesYear,
              university.yearlyFeesSource,
            ) as Money),
            label: university.yearlyFeesLabel,
          },
    otherTests: university.otherTests,
    intakes: university.intakes,
    namedScholarships: university.scholarshipList,
    updatedAt: university.updatedAt.toISOString(),
  };
}

const taka = (what: string) =>
  z.coerce
    .number({ error: `Give ${what} in whole taka` })
    .int(`Give ${what} in whole taka`)
    .min(1, `Give ${what} in whole taka`)
    .max(100_000_000, `Give ${what} in whole taka, at most 100,000,000`);

/** The finder's filters, as the page takes them (its form's names), but refused rather than dropped when out of range. */
const FinderApiQuery = pageQuery.extend({
  q: z.string().max(FINDER_SEARCH_MAX_LENGTH, `Use at most ${FINDER_SEARCH_MAX_LENGTH} characters`).optional(),
  country: z.string().max(100, "There is no such country in the catalogue").optional(),
  type: z.enum(universityTypes, { error: `Use one of ${universityTypes.join(", ")}` }).optional(),
  ielts: z.coerce
    .number({ error: "Use an IELTS band from 2.5 to 9 in halves" })
    .refine((band) => ieltsBands.includes(band), "Use an IELTS band from 2.5 to 9 in halves")
    .optional(),
  maxTuition: taka("the first year's most").optional(),
  budget: taka("the family's first-year budget").optional(),
  scholarships: z.enum(["1", "0", "true", "false"], { error: "Use 1 or 0" }).optional(),
  sort: z.enum(finderSorts, { error: `Use one of ${finderSorts.join(", ")}` }).default("ranking"),
});

export const universityOperations = [
  defineOperation({
    id: "listUniversities",
    method: "GET",
    path: "/universities",
    tag: "Universities",
    summary: "Find universities",
    description:
      "Every filter of the finder: `q` (a name, typos tolerated), `country`, `type`, `ielts` (the student's score against the minimum), " +
      "`maxTuition` (first-year tuition in taka), `scholarships`, and `sort` (`ranking`, `name`, `tuition`, or `fit`: by the " +
      "`ielts` and `budget` given, or a signed-in student's academic profile, with the reasons).",
    access: "anyone",
    query: FinderApiQuery,
    response: z.array(UniversitySummarySchema),
    paginated: true,
    async run({ query, user }) {
      const countries = await universityCountries();
      if (query.country && !countries.includes(query.country)) {
        return { data: [], meta: { page: 1, pageSize: query.pageSize, total: 0 } };
      }
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) {
        if (value !== undefined && name !== "pageSize") params.set(name, String(value === "true" ? "1" : value));
      }
      const results = await finderResults(parseFinderQuery(params, countries), user, query.pageSize);
      return {
        data: results.items.map((university) => ({ ...summaryOf(university), fitReasons: university.fitReasons })),
        meta: { page: results.page, pageSize: query.pageSize, total: results.total },
      };
    },
  }),
  defineOperation({
    id: "getUniversity",
    method: "GET",
    path: "/universities/{slug}",
    tag: "Universities",
    summary: "One university with its published figures",
    access: "anyone",
    params: z.object({ slug: z.string().max(200) }),
    response: UniversitySchema,
    refusals: [404],
    async run({ params }) {
      return { data: detail(await findUniversityBySlug(params.slug)) };
    },
  }),
  defineOperation({
    id: "createUniversity",
    method: "POST",
    path: "/universities",
    tag: "Universities",
    summary: "Add a university (staff): the add form's fields and its logo",
    access: pageRoles.addUniversity,
    form: { file: "universityLogo", maxBytes: UNIVERSITY_FORM_MAX_BYTES },
    body: UniversityFormSchema,
    response: UniversitySchema,
    status: 201,
    refusals: [409],
    async run({ body, file, user }) {
      return { data: detail(await addUniversity({ actor: user, fields: body, logo: file })), status: 201 };
    },
  }),
  defineOperation({
    id: "updateUniversity",
    method: "PATCH",
    path: "/universities/{slug}",
    tag: "Universities",
    summary: "Save the edit form over a university (staff); a new logo only when one is sent",
    description: "Every field of the edit form is sent, as on the page; the slug stays, so shared links keep working.",
    access: pageRoles.addUniversity,
    params: z.object({ slug: z.string().max(200) }),
    form: { file: "universityLogo", maxBytes: UNIVERSITY_FORM_MAX_BYTES },
    body: UniversityEditSchema,
    response: UniversitySchema,
    refusals: [409],
    async run({ params, body, file, user }) {
      const { id } = await findUniversityBySlug(params.slug);
      return { data: detail(await updateUniversity({ actor: user, id, fields: body, logo: file })) };
    },
  }),
  defineOperation({
    id: "deleteUniversity",
    method: "DELETE",
    path: "/universities/{slug}",
    tag: "Universities",
    summary: "Delete a university (staff): it leaves the finder, shortlists and its page",
    access: pageRoles.addUniversity,
    params: z.object({ slug: z.string().max(200) }),
    response: z.object({ name: z.string() }),
    async run({ params, user }) {
      const { id } = await findUniversityBySlug(params.slug);
      return { data: await deleteUniversity({ actor: user, id }) };
    },
  }),
  defineOperation({
    id: "getFirstYearCost",
    method: "GET",
    path: "/universities/{slug}/first-year-cost",
    tag: "Plan",
    summary: "The first year in taka: tuition, living costs, visa, health cover, fees and a flight, at the staff-set rates",
    description:
      "Each line in its own currency and in taka; an unknown figure is a named line left out of the total (`missing`). `level` " +
      "(bachelor or masters) chooses the tuition; without it a signed-in student's profile does, else a bachelor's. " +
      "`ratesChangedAt` is when the rates were last set (null: the default rates).",
    access: "anyone",
    params: z.object({ slug: z.string().max(200) }),
    query: z.object({ level: z.enum(studyLevels, { error: "Use bachelor or masters" }).optional() }),
    response: FirstYearCostSchema,
    async run({ params, query, user }) {
      const university = await findUniversityBySlug(params.slug);
      const [rates, costs, ratesChangedAt, profile] = await Promise.all([
        getTakaRates(),
        getCountryCosts(),
        readRatesChangedAt(),
        user?.role === "student" && !query.level ? getAcademicProfile(user.id) : null,
      ]);
      const cost = firstYearCost(university, costs.get(university.country), rates, query.level ?? profile?.level ?? "bachelor");
      return { data: { ...cost, ratesChangedAt: ratesChangedAt?.toISOString() ?? null } };
    },
  }),
];
