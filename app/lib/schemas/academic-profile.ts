import { z } from "zod";
import { type AcademicProfile, otherEnglishTests, studyLevels } from "../academic-profile";
import {
  ACADEMIC_SUBJECT_MAX_LENGTH,
  englishScoreScales,
  formatTakaAmount,
  preferredCountryChoices,
  YEARLY_BUDGET_MAX_BDT,
} from "../academic-profile-form";

/**
 * The student's academic profile (/dashboard/academic-profile): every field optional, an empty
 * field clears what was saved. The form's text is read here (the browser before sending, the
 * action as the truth); `academicProfileProblems` holds the same rules over saved values, which
 * the domain function checks again before it writes.
 */

export const academicProfileMessages = {
  sscGpa: "Enter your SSC GPA between 0.00 and 5.00",
  hscGpa: "Enter your HSC GPA between 0.00 and 5.00",
  bachelorCgpa: "Enter your CGPA between 0.00 and 4.00",
  ieltsOverall: "Choose an IELTS overall band from 0 to 9, in steps of 0.5",
  englishTest: "Choose a test from the list",
  englishScoreNumber: "Enter your score as a number",
  englishScoreWithoutTest: "Choose the test this score is from",
  level: "Choose Bachelor's or Master's",
  subject: `Use at most ${ACADEMIC_SUBJECT_MAX_LENGTH} characters`,
  preferredCountries: "Choose countries from the list",
  yearlyBudgetBdt: "Enter the yearly budget in whole taka, for example 25,00,000",
  yearlyBudgetTooLarge: `Enter a yearly budget of at most BDT ${formatTakaAmount(YEARLY_BUDGET_MAX_BDT)} (100 crore)`,
} as const;

type Problems = Partial<Record<keyof AcademicProfile, string>>;

const between = (value: number, min: number, max: number) => Number.isFinite(value) && value >= min && value <= max;
const isHalfBand = (value: number) => between(value, 0, 9) && Number.isInteger(value * 2);

/** A score's problem for its test (null: fine), from the test's scale. */
function englishScoreProblem(test: string, score: number): string | null {
  const scale = englishScoreScales[test];
  if (!scale) return null;
  const onScale = between(score, scale.min, scale.max) && Number.isInteger((score - scale.min) / scale.step);
  if (onScale) return null;
  return `Enter a ${test} score from ${scale.min} to ${scale.max}${scale.step > 1 ? `, in steps of ${scale.step}` : ""}`;
}

/** What is wrong with a profile's values, by field (empty: nothing). */
export function academicProfileProblems(profile: AcademicProfile): Problems {
  const problems: Problems = {};
  const { sscGpa, hscGpa, bachelorCgpa, ieltsOverall, englishTest, englishScore, level, subject, preferredCountries, yearlyBudgetBdt } =
    profile;
  if (sscGpa !== null && !between(sscGpa, 0, 5)) problems.sscGpa = academicProfileMessages.sscGpa;
  if (hscGpa !== null && !between(hscGpa, 0, 5)) problems.hscGpa = academicProfileMessages.hscGpa;
  if (bachelorCgpa !== null && !between(bachelorCgpa, 0, 4)) problems.bachelorCgpa = academicProfileMessages.bachelorCgpa;
  if (ieltsOverall !== null && !isHalfBand(ieltsOverall)) problems.ieltsOverall = academicProfileMessages.ieltsOverall;
  if (englishTest !== null && !(otherEnglishTests as readonly string[]).includes(englishTest)) {
    problems.englishTest = academicProfileMessages.englishTest;
  } else if (englishTest !== null && englishScore === null) {
    problems.englishScore = `Enter your ${englishTest} score`;
  } else if (englishTest === null && englishScore !== null) {
    problems.englishTest = academicProfileMessages.englishScoreWithoutTest;
  } else if (englishTest !== null && englishScore !== null) {
    const problem = englishScoreProblem(englishTest, englishScore);
    if (problem) problems.englishScore = problem;
  }
  if (level !== null && !(studyLevels as readonly string[]).includes(level)) problems.level = academicProfileMessages.level;
  if (subject !== null && (subject.trim() === "" || subject.length > ACADEMIC_SUBJECT_MAX_LENGTH)) {
    problems.subject = academicProfileMessages.subject;
  }
  const known = new Set<string>(preferredCountryChoices);
  if (!preferredCountries.every((country) => known.has(country))) problems.preferredCountries = academicProfileMessages.preferredCountries;
  if (yearlyBudgetBdt !== null) {
    if (!Number.isInteger(yearlyBudgetBdt) || yearlyBudgetBdt < 1) problems.yearlyBudgetBdt = academicProfileMessages.yearlyBudgetBdt;
    else if (yearlyBudgetBdt > YEARLY_BUDGET_MAX_BDT) problems.yearlyBudgetBdt = academicProfileMessages.yearlyBudgetTooLarge;
  }
  return problems;
}

/** "4.5", "5", ".75" → a number; anything else → NaN. */
function decimal(text: string): number {
  return /^(\d{1,3}(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}

/** Bengali digits (০–৯) as ASCII, so a budget typed on a Bengali keyboard reads the same. */
function asciiDigits(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));
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
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : null));

/** A grade or band typed as text, within `isValid`, or empty (null). */
const optionalNumber = (message: string, isValid: (value: number) => boolean, round = (value: number) => value) =>
  optionalText(12, message)
    .refine((value) => value === null || isValid(decimal(value)), message)
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
      .array(z.string().max(60, academicProfileMessages.preferredCountries))
      .max(preferredCountryChoices.length * 2, academicProfileMessages.preferredCountries)
      .refine(
        (countries) => countries.every((country) => (preferredCountryChoices as readonly string[]).includes(country)),
        academicProfileMessages.preferredCountries,
      )
      // In the list's order, each once, whatever order the browser sent them in.
      .transform((countries) => preferredCountryChoices.filter((country) => countries.includes(country))),
    yearlyBudgetBdt: optionalText(40, academicProfileMessages.yearlyBudgetBdt)
      .refine(
        (value) => value === null || (Number.isInteger(parseTaka(value)) && parseTaka(value) >= 1),
        academicProfileMessages.yearlyBudgetBdt,
      )
      .refine((value) => value === null || parseTaka(value) <= YEARLY_BUDGET_MAX_BDT, academicProfileMessages.yearlyBudgetTooLarge)
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
