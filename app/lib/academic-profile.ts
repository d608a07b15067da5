/** The levels a student may want to study at; the level chooses which first-year tuition counts for fit. */
export const studyLevels = ["bachelor", "masters"] as const;
export type StudyLevel = (typeof studyLevels)[number];

/** English tests a student may report instead of IELTS. */
export const otherEnglishTests = ["TOEFL iBT", "PTE Academic", "Duolingo English Test"] as const;

/** A student's academic profile as the finder, the fit rules and the application form read it (every field optional). */
export type AcademicProfile = {
  sscGpa: number | null;
  hscGpa: number | null;
  bachelorCgpa: number | null;
  ieltsOverall: number | null;
  englishTest: string | null;
  englishScore: number | null;
  level: StudyLevel | null;
  subject: string | null;
  preferredCountries: string[];
  /** The family's yearly budget for the first year, in whole taka. */
  yearlyBudgetBdt: number | null;
};

export const emptyAcademicProfile: AcademicProfile = {
  sscGpa: null,
  hscGpa: null,
  bachelorCgpa: null,
  ieltsOverall: null,
  englishTest: null,
  englishScore: null,
  level: null,
  subject: null,
  preferredCountries: [],
  yearlyBudgetBdt: null,
};
