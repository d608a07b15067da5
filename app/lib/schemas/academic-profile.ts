import { z } from "zod";
import { m } from "~/paraglide/messages";
import { type AcademicProfile, otherEnglishTests, studyLevels } from "../academic-profile";
import {
  ACADEMIC_SUBJECT_MAX_LENGTH,
  englishScoreScales,
  formatTakaAmount,
  preferredCountryChoices,
  YEARLY_BUDGET_MAX_BDT,
} from "../academic-profile-form";
import { formatDigits } from "../numbers";
import { asciiDigits } from "./digits";

/**
 * The student's academic profile (/dashboard/academic-profile): every field optional, an empty
 * field clears what was saved. The form's text is read here (the browser before sending, the
 * action as the truth); `academicProfileProblems` holds the same rules over saved values, which
 * the domain function checks again before it writes.
 */

/** Each problem's words, read when it is said (in the page's or the request's language). */
export const academicProfileMessages = {
  sscGpa: m.dashboard_ap_error_ssc,
  hscGpa: m.dashboard_ap_error_hsc,
  bachelorCgpa: m.dashboard_ap_error_cgpa,
  ieltsOverall: m.dashboard_ap_error_ielts,
  englishTest: m.dashboard_ap_error_test,
  englishScoreNumber: m.dashboard_ap_error_score_number,
  englishScoreWithoutTest: m.dashboard_ap_error_score_without_test,
  level: m.dashboard_ap_error_level,
  subject: () => m.dashboard_schema_max_chars({ max: formatDigits(ACADEMIC_SUBJECT_MAX_LENGTH) }),
  preferredCountries: m.dashboard_ap_error_countries,
  yearlyBudgetBdt: m.dashboard_ap_error_budget,
  yearlyBudgetTooLarge: () => m.dashboard_ap_error_budget_too_large({ amount: formatTakaAmount(YEARLY_BUDGET_MAX_BDT) }),
} satisfies Record<string, () => string>;

type Message = () => string;

type Problems = Partial<Record<keyof AcademicProfile, string>>;

const between = (value: number, min: number, max: number) => Number.isFinite(value) && value >= min && value <= max;
const isHalfBand = (value: number) => between(value, 0, 9) && Number.isInteger(value * 2);

/** A score's problem for its test (null: fine), from the test's scale. */
function englishScoreProblem(test: string, score: number): string | null {
  const scale = englishScoreScales[test];
  if (!scale) return null;
  const onScale = between(score, scale.min, scale.max) && Number.isInteger((score - scale.min) / scale.step);
  if (onScale) return null;
  const [min, max] = [formatDigits(scale.min), formatDigits(scale.max)];
  return scale.step > 1
    ? m.dashboard_ap_error_score_range_step({ test, min, max, step: formatDigits(scale.step) })
    : m.dashboard_ap_error_score_range({ test, min, max });
}

/** What is wrong with a profile's values, by field (empty: nothing). */
export function academicProfileProblems(profile: AcademicProfile): Problems {
  const problems: Problems = {};
  const { sscGpa, hscGpa, bachelorCgpa, ieltsOverall, englishTest, englishScore, level, subject, preferredCountries, yearlyBudgetBdt } =
    profile;
  if (sscGpa !== null && !between(sscGpa, 0, 5)) problems.sscGpa = academicProfileMessages.sscGpa();
  if (hscGpa !== null && !between(hscGpa, 0, 5)) problems.hscGpa = academicProfileMessages.hscGpa();
  if (bachelorCgpa !== null && !between(bachelorCgpa, 0, 4)) problems.bachelorCgpa = academicProfileMessages.bachelorCgpa();
  if (ieltsOverall !== null && !isHalfBand(ieltsOverall)) problems.ieltsOverall = academicProfileMessages.ieltsOverall();
  if (englishTest !== null && !(otherEnglishTests as readonly string[]).includes(englishTest)) {
    problems.englishTest = academicProfileMessages.englishTest();
  } else if (englishTest !== null && englishScore === null) {
    problems.englishScore = m.dashboard_ap_error_score_for_test({ test: englishTest });
  } else if (englishTest === null && englishScore !== null) {
    problems.englishTest = academicProfileMessages.englishScoreWithoutTest();
  } else if (englishTest !== null && englishScore !== null) {
    const problem = englishScoreProblem(englishTest, englishScore);
    if (problem) problems.englishScore = problem;
  }
  if (level !== null && !(studyLevels as readonly string[]).includes(level)) problems.level = academicProfileMessages.level();
  if (subject !== null && (subject.trim() === "" || subject.length > ACADEMIC_SUBJECT_MAX_LENGTH)) {
    problems.subject = academicProfileMessages.subject();
  }
  const known = new Set<string>(preferredCountryChoices);
  if (!preferredCountries.every((country) => known.has(country)))
    problems.preferredCountries = academicProfileMessages.preferredCountries();
  if (yearlyBudgetBdt !== null) {
    if (!Number.isInteger(yearlyBudgetBdt) || yearlyBudgetBdt < 1) problems.yearlyBudgetBdt = academicProfileMessages.yearlyBudgetBdt();
    else if (yearlyBudgetBdt > YEARLY_BUDGET_MAX_BDT) problems.yearlyBudgetBdt = academicProfileMessages.yearlyBudgetTooLarge();
  }
  return problems;
}

/** "4.5", "5", ".75" (or "৪.৫", typed on a Bangla keyboard) → a number; anything else → NaN. */
function decimal(text: string): number {
  const ascii = asciiDigits(text);
  return /^(\d{1,3}(\.\d*)?|\.\d+)$/.test(ascii) ? Number(ascii) : Number.NaN;
}

/** "25,00,000", "2500000", "৳ 25,00,000", "Tk 2,500,000" → whole taka; a sign, decimals or words → NaN. */
export function parseTaka(text: string): number {
  const bare = asciiDigits(text)
    .trim()
    .replace(/^(৳|tk\.?|bdt)\s*/i, "")
    .replace(/[,\s]/g, "");
  return /^\d{1,13}$/.test(bare) ? Number(bare) : Number.NaN;
}

/** Conform sends an empty field as missing; a field of spaces is empty too. */
const optionalText = (max: number, message: Message) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .optional()
    .transform((value) => (value ? value : null));

/** A grade or band typed as text, within `isValid`, or empty (null). */
const optionalNumber = (message: Message, isValid: (value: number) => boolean, round = (value: number) => value) =>
  optionalText(12, message)
    .refine((value) => value === null || isValid(decimal(value)), { error: message })
    .transform((value) => (value === null ? null : round(decimal(value))));

const toHundredths = (value: number) => Math.round(value * 100) / 100;

export const AcademicProfileFormSchema = z
  .object({
    sscGpa: optionalNumber(academicProfileMessages.sscGpa, (value) => between(value, 0, 5), toHundredths),
    hscGpa: optionalNumber(academicProfileMessages.hscGpa, (value) => between(value, 0, 5), toHundredths),
    bachelorCgpa: optionalNumber(academicProfileMessages.bachelorCgpa, (value) => between(value, 0, 4), toHundredths),
    ieltsOverall: optionalNumber(academicProfileMessages.ieltsOverall, isHalfBand),
    englishTest: z.enum(otherEnglishTests, { error: academicProfileMessages.englishTest }).optional().transform(orNull),
    englishScore: optionalNumber(academicProfileMessages.englishScoreNumber, Number.isFinite),
    level: z.enum(studyLevels, { error: academicProfileMessages.level }).optional().transform(orNull),
    subject: optionalText(ACADEMIC_SUBJECT_MAX_LENGTH, academicProfileMessages.subject),
    preferredCountries: z
      .array(z.string().max(60, { error: academicProfileMessages.preferredCountries }))
      .max(preferredCountryChoices.length * 2, { error: academicProfileMessages.preferredCountries })
      .refine((countries) => countries.every((country) => (preferredCountryChoices as readonly string[]).includes(country)), {
        error: academicProfileMessages.preferredCountries,
      })
      // In the list's order, each once, whatever order the browser sent them in.
      .transform((countries) => preferredCountryChoices.filter((country) => countries.includes(country))),
    yearlyBudgetBdt: optionalText(40, academicProfileMessages.yearlyBudgetBdt)
      .refine((value) => value === null || (Number.isInteger(parseTaka(value)) && parseTaka(value) >= 1), {
        error: academicProfileMessages.yearlyBudgetBdt,
      })
      .refine((value) => value === null || parseTaka(value) <= YEARLY_BUDGET_MAX_BDT, {
        error: academicProfileMessages.yearlyBudgetTooLarge,
      })
      .transform((value) => (value === null ? null : parseTaka(value))),
  })
  // The rules across fields (a score needs its test, and the test's scale), over the parsed values.
  .superRefine((profile, context) => {
    for (const [field, message] of Object.entries(academicProfileProblems(profile))) {
      context.addIssue({ code: "custom", path: [field], message });
    }
  });

function orNull<T>(value: T | undefined): T | null {
  return value ?? null;
}

export type AcademicProfileFormInput = z.input<typeof AcademicProfileFormSchema>;
