import { z } from "zod";
import { m } from "~/paraglide/messages";
import { NAME_MAX_LENGTH } from "../form-limits";
import { formatDigits, groupThousands } from "../numbers";
import { catalogueCountries, ieltsBands, tuitionCurrencies, universityTypes } from "../universities";
import { postedId } from "./buttons";
import { multiline } from "./multiline";
import {
  facilitiesField,
  intakesField,
  isHttpsUrl,
  isPageUrl,
  otherTestsField,
  pageUrlRequired,
  scholarshipListField,
  YEAR_MAX,
  YEAR_MIN,
} from "./university-lists";

/**
 * The add-university form (/dashboard/add-university), checked in the browser before sending and
 * on the server. Field names are the original product's (`universityName`, `countryName`…); the
 * fields after `ielts` go beyond it and are optional. The logo (`universityLogo`) travels beside
 * these fields as a file.
 */

export const UNIVERSITY_TEXT_MAX_LENGTH = 120;
export const UNIVERSITY_ABOUT_MAX_LENGTH = 3_000;
export const FIGURE_SOURCE_MAX_LENGTH = 500;
export const UNIVERSITY_LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The multipart body the add form may send: the logo plus the fields. */
export const UNIVERSITY_FORM_MAX_BYTES = UNIVERSITY_LOGO_MAX_BYTES + 64 * 1024;

/** "Use at most 120 characters" (`shown` is the limit as written: "3,000"). */
const atMost = (max: number, shown = formatDigits(max)) => ({ error: () => m.staff_v_at_most({ max: shown }) });
const fieldRequired = { error: () => m.forms_field_required() };
const wholeNumber = { error: () => m.staff_v_whole_number() };
const chooseBand = { error: () => m.staff_v_band() };

const required = (max: number) => z.string(fieldRequired).trim().min(1, fieldRequired).max(max, atMost(max));

/** A whole number of at least 0, typed as text: "12" yes; "twelve", "1.5" and "-1" no. */
const count = (max: number) =>
  required(12)
    .refine((value) => /^\d+$/.test(value) && Number(value) <= max, wholeNumber)
    .transform(Number);

const optionalCount = z
  .string()
  .trim()
  .max(12)
  .optional()
  .refine((value) => !value || /^\d+$/.test(value), wholeNumber)
  .transform((value) => (value ? Number(value) : null));

/** An optional full https:// address (a website). */
const optionalHttpsUrl = (max: number) =>
  z
    .string()
    .trim()
    .max(max, atMost(max))
    .optional()
    .refine((value) => !value || isHttpsUrl(value), { error: () => m.staff_v_https() });

/** The page a figure comes from, optional: https://, or http:// where the university serves it only so. */
const optionalSourcePage = z
  .string()
  .trim()
  .max(FIGURE_SOURCE_MAX_LENGTH, atMost(FIGURE_SOURCE_MAX_LENGTH))
  .optional()
  .refine((value) => !value || isPageUrl(value), { error: () => pageUrlRequired() });

/** An optional four-digit year between YEAR_MIN and YEAR_MAX, as a number (null when left empty); `message` when it is not one. */
function optionalYearField(message: () => string) {
  return z
    .string()
    .trim()
    .max(4)
    .optional()
    .refine((value) => !value || (/^\d{4}$/.test(value) && Number(value) >= YEAR_MIN && Number(value) <= YEAR_MAX), { error: message })
    .transform((value) => (value ? Number(value) : null));
}

/** The academic year a figure applies to, by the year it starts in ("2025" for 2025/26); optional. */
const optionalAcademicYear = optionalYearField(m.staff_v_academic_year);

/** A calendar year (a ranking's edition), optional. */
const optionalYear = optionalYearField(m.staff_v_year);

/** One of the catalogue's countries, in any case ("united kingdom"), as the catalogue spells it. */
const country = required(60)
  .refine((value) => catalogueCountries.some((name) => name.toLowerCase() === value.toLowerCase()), {
    error: () => m.staff_v_country({ countries: catalogueCountries.join(", ") }),
  })
  .transform((value) => catalogueCountries.find((name) => name.toLowerCase() === value.toLowerCase()) ?? value);

/** A band from 2.5 to 9, or empty. */
const optionalBand = z
  .string()
  .trim()
  .max(4)
  .optional()
  .refine((value) => !value || ieltsBands.includes(Number(value)), chooseBand)
  .transform((value) => (value ? Number(value) : null));

const currency = z
  .enum(tuitionCurrencies, { error: () => m.staff_v_currency({ currencies: tuitionCurrencies.join(", ") }) })
  .default("USD");

export const UniversityFormSchema = z.object({
  universityName: required(NAME_MAX_LENGTH),
  countryName: country,
  universityLocation: required(UNIVERSITY_TEXT_MAX_LENGTH),
  universityType: z.enum(universityTypes, { error: () => m.staff_v_type() }),
  coursesOffered: count(100_000),
  examsAccepted: required(UNIVERSITY_TEXT_MAX_LENGTH),
  firstYearTuitionFees: count(1_000_000_000),
  noOfScholarship: count(100_000),
  ielts: required(4)
    .refine((value) => ieltsBands.includes(Number(value)), chooseBand)
    .transform(Number),
  tuitionCurrency: currency,
  website: optionalHttpsUrl(300),
  /** The academic year and the university's own page behind each figure. */
  tuitionYear: optionalAcademicYear,
  tuitionSource: optionalSourcePage,
  ieltsBand: optionalBand,
  ieltsYear: optionalAcademicYear,
  ieltsSource: optionalSourcePage,
  mastersTuitionFees: optionalCount,
  mastersTuitionCurrency: currency,
  mastersTuitionYear: optionalAcademicYear,
  mastersTuitionSource: optionalSourcePage,
  applicationFee: optionalCount,
  applicationFeeCurrency: currency,
  applicationFeeYear: optionalAcademicYear,
  applicationFeeSource: optionalSourcePage,
  about: multiline(
    z
      .string()
      .trim()
      .max(UNIVERSITY_ABOUT_MAX_LENGTH, atMost(UNIVERSITY_ABOUT_MAX_LENGTH, groupThousands(UNIVERSITY_ABOUT_MAX_LENGTH)))
      .optional(),
  ),
  /** One per line (or a JSON list, as the CSV export writes it: app/lib/schemas/university-lists.ts). */
  facilities: facilitiesField,
  worldRanking: optionalCount,
  rankingYear: optionalYear,
  /** The ranking's name ("QS World University Rankings"). */
  rankingSource: z.string().trim().max(UNIVERSITY_TEXT_MAX_LENGTH, atMost(UNIVERSITY_TEXT_MAX_LENGTH)).optional(),
  englishTaughtCourses: optionalCount,
  /** Compulsory yearly fees besides tuition (Germany's semester contribution), with what they are called. */
  yearlyFees: optionalCount,
  yearlyFeesCurrency: currency,
  yearlyFeesYear: optionalAcademicYear,
  yearlyFeesSource: optionalSourcePage,
  yearlyFeesLabel: z.string().trim().max(200, atMost(200)).optional(),
  /** "TOEFL iBT: 90", one per line, and the page that lists them. */
  otherTests: otherTestsField,
  otherTestsSource: optionalSourcePage,
  /** "September: 15 January" or "September", one per line, for the academic year `intakesYear`. */
  intakes: intakesField,
  intakesYear: optionalAcademicYear,
  intakesSource: optionalSourcePage,
  /** "Name: value", one per line; the year and page they share (a line may carry its own: "| 2025 | https://…"). */
  scholarshipList: scholarshipListField,
  scholarshipsYear: optionalAcademicYear,
  scholarshipsSource: optionalSourcePage,
});

/**
 * The edit form (/dashboard/universities/{id}): the same fields and checks, except that the four
 * figures may stay empty. A built-in university whose figure nobody could stand behind has it
 * empty, and editing its city must not make someone invent a tuition fee (ADR 019).
 */
export const UniversityEditSchema = UniversityFormSchema.extend({
  coursesOffered: optionalCount,
  firstYearTuitionFees: optionalCount,
  noOfScholarship: optionalCount,
  ielts: optionalBand,
});

/** The forms as the browser checks them: the logo is any file or none; the server checks its bytes. */
export const UniversityFormBrowserSchema = UniversityFormSchema.extend({ universityLogo: z.unknown().optional() });
export const UniversityEditBrowserSchema = UniversityEditSchema.extend({ universityLogo: z.unknown().optional() });

export type UniversityFormInput = z.input<typeof UniversityFormSchema>;
export type UniversityFormFields = z.output<typeof UniversityFormSchema>;
/** What either form yields once checked (an add's figures are never null). */
export type UniversityEditFields = z.output<typeof UniversityEditSchema>;

const CHOOSE_FOR_SHORTLIST = () => m.staff_v_choose_for_shortlist();

/** A heart (the finder, a university's page, the shortlist): the university's slug, add or remove, and the page to go back to. */
export const ShortlistHeartSchema = z.object({
  university: postedId(CHOOSE_FOR_SHORTLIST),
  intent: z.enum(["add", "remove"], { error: CHOOSE_FOR_SHORTLIST }),
  returnTo: z.string().optional(),
});

const CHOOSE_TO_DELETE = () => m.staff_v_choose_to_delete();

/** A university's Delete button on the staff list. */
export const DeleteUniversitySchema = z.object({
  id: postedId(CHOOSE_TO_DELETE),
  intent: z.literal("delete", { error: CHOOSE_TO_DELETE }),
});
