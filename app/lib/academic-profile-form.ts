import { m } from "~/paraglide/messages";
import type { AcademicProfile, StudyLevel } from "./academic-profile";
import { getLocale, intlLocale, type Locale } from "./locale";
import { formatScore, groupLakh } from "./numbers";
import { catalogueCountries } from "./universities";

/**
 * The academic profile form's fixed lists, limits and formats, kept free of Zod so the page (and
 * the profile page's summary) can render without loading it; the rules are in
 * schemas/academic-profile.ts.
 */

/** The finder's 11 destination countries, spelled as the catalogue spells `universities.country`, so fit can match them. */
export const preferredCountryChoices = catalogueCountries;

/** Each level's name, read in the page's language: `studyLevelLabels[level]()`. */
export const studyLevelLabels: Record<StudyLevel, () => string> = {
  bachelor: m.dashboard_level_bachelor,
  masters: m.dashboard_level_masters,
};

/** IELTS reports an overall band from 0 to 9 in half bands. */
export const ieltsOverallBands = Array.from({ length: 19 }, (_, index) => index / 2);

/** Each other English test's score scale: its lowest and highest score and the step between scores. */
export const englishScoreScales: Record<string, { min: number; max: number; step: number }> = {
  "TOEFL iBT": { min: 0, max: 120, step: 1 },
  "PTE Academic": { min: 10, max: 90, step: 1 },
  "Duolingo English Test": { min: 10, max: 160, step: 5 },
};

export const ACADEMIC_SUBJECT_MAX_LENGTH = 100;
/** ৳100 crore: far above any family's yearly budget, and well inside the column's integer. */
export const YEARLY_BUDGET_MAX_BDT = 1_000_000_000;

/** A GPA or CGPA as results show it: 5 → "5.00". */
export function formatGrade(value: number): string {
  return value.toFixed(2);
}

/** A GPA or CGPA to read, in the page's language: 5 → "5.00" ("৫.০০" in Bangla); form fields keep formatGrade. */
export function gradeText(value: number, locale: Locale = getLocale()): string {
  return locale === "en"
    ? formatGrade(value)
    : new Intl.NumberFormat(intlLocale[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** An IELTS band to read, in the page's language: 6 → "6.0" ("৬.০" in Bangla). */
export function bandText(value: number, locale: Locale = getLocale()): string {
  return formatScore(value, locale);
}

/** An IELTS band as reports show it: 6 → "6.0". */
export function formatBand(value: number): string {
  return value.toFixed(1);
}

/** Whole taka grouped the way Bangladesh writes it (lakh and crore): 2500000 → "25,00,000" ("২৫,০০,০০০" in Bangla). */
export function formatTakaAmount(amount: number, locale: Locale = getLocale()): string {
  return groupLakh(Math.trunc(amount), locale);
}

/** The form's text values for a saved profile (what the fields show before anything is typed). */
export type AcademicProfileFormValues = {
  sscGpa?: string;
  hscGpa?: string;
  bachelorCgpa?: string;
  ieltsOverall?: string;
  englishTest?: string;
  englishScore?: string;
  level?: string;
  subject?: string;
  preferredCountries?: string[];
  yearlyBudgetBdt?: string;
};

export function academicProfileFormValues(profile: AcademicProfile): AcademicProfileFormValues {
  const text = <T>(value: T | null, format: (value: T) => string) => (value === null ? undefined : format(value));
  return {
    sscGpa: text(profile.sscGpa, formatGrade),
    hscGpa: text(profile.hscGpa, formatGrade),
    bachelorCgpa: text(profile.bachelorCgpa, formatGrade),
    ieltsOverall: text(profile.ieltsOverall, formatBand),
    englishTest: profile.englishTest ?? undefined,
    englishScore: text(profile.englishScore, String),
    level: profile.level ?? undefined,
    subject: profile.subject ?? undefined,
    preferredCountries: profile.preferredCountries,
    yearlyBudgetBdt: text(profile.yearlyBudgetBdt, formatTakaAmount),
  };
}
