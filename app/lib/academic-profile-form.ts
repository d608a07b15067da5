import type { AcademicProfile, StudyLevel } from "./academic-profile";
import { groupLakh } from "./numbers";
import { catalogueCountries } from "./universities";

/**
 * The academic profile form's fixed lists, limits and formats, kept free of Zod so the page (and
 * the profile page's summary) can render without loading it; the rules are in
 * schemas/academic-profile.ts.
 */

/** The finder's 11 destination countries, spelled as the catalogue spells `universities.country`, so fit can match them. */
export const preferredCountryChoices = catalogueCountries;

export const studyLevelLabels: Record<StudyLevel, string> = { bachelor: "Bachelor's", masters: "Master's" };

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

/** An IELTS band as reports show it: 6 → "6.0". */
export function formatBand(value: number): string {
  return value.toFixed(1);
}

/** Whole taka grouped the way Bangladesh writes it (lakh and crore): 2500000 → "25,00,000". */
export function formatTakaAmount(amount: number): string {
  return groupLakh(Math.trunc(amount));
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
