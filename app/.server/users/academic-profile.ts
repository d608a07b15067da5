import { eq } from "drizzle-orm";
import { type AcademicProfile, emptyAcademicProfile, type StudyLevel, studyLevels } from "~/lib/academic-profile";
import { preferredCountryChoices } from "~/lib/academic-profile-form";
import { pageRoles } from "~/lib/dashboard-menu";
import { hasRole } from "~/lib/roles";
import { academicProfileProblems } from "~/lib/schemas/academic-profile";
import { m } from "~/paraglide/messages";
import { db } from "../db";
import { academicProfiles, users } from "../db/schema";
import { AppError } from "../errors";

/** A student's academic profile; every field empty when they have not filled it in. */
export async function getAcademicProfile(userId: string): Promise<AcademicProfile> {
  const [row] = await db().select().from(academicProfiles).where(eq(academicProfiles.userId, userId));
  if (!row) return emptyAcademicProfile;
  const { userId: _, updatedAt: __, level, ...fields } = row;
  return { ...fields, level: studyLevels.includes(level as StudyLevel) ? (level as StudyLevel) : null };
}

/**
 * Saves a student's academic profile in full (an empty field clears what was saved) and answers it
 * as it now reads. Only a student has one: anyone else is refused (FORBIDDEN), as is a value out of
 * range (INVALID, with each field's message), whoever sends it.
 */
export async function saveAcademicProfile(userId: string, input: AcademicProfile): Promise<AcademicProfile> {
  const [owner] = await db().select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!owner) throw new AppError("NOT_FOUND", m.server_not_found());
  if (!hasRole(owner.role, pageRoles.academicProfile)) throw new AppError("FORBIDDEN", m.server_academic_profile_students_only());
  const subject = input.subject?.trim() || null;
  const grade = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
  const profile: AcademicProfile = {
    ...input,
    sscGpa: grade(input.sscGpa),
    hscGpa: grade(input.hscGpa),
    bachelorCgpa: grade(input.bachelorCgpa),
    subject,
    // In the list's order, each once; an unknown one stays in, so that it is refused below.
    preferredCountries: [
      ...preferredCountryChoices.filter((country) => input.preferredCountries.includes(country)),
      ...input.preferredCountries.filter((country) => !(preferredCountryChoices as readonly string[]).includes(country)),
    ],
  };
  const problems = academicProfileProblems(profile);
  if (Object.keys(problems).length > 0) {
    throw new AppError("INVALID", m.apply_provide_valid_information(), { fieldErrors: problems as Record<string, string> });
  }
  const { sscGpa, hscGpa, bachelorCgpa, ieltsOverall, englishTest, englishScore, level, preferredCountries, yearlyBudgetBdt } = profile;
  const fields = {
    sscGpa,
    hscGpa,
    bachelorCgpa,
    ieltsOverall,
    englishTest,
    englishScore,
    level,
    subject,
    preferredCountries,
    yearlyBudgetBdt,
    updatedAt: new Date(),
  };
  await db()
    .insert(academicProfiles)
    .values({ userId, ...fields })
    .onConflictDoUpdate({ target: academicProfiles.userId, set: fields });
  return getAcademicProfile(userId);
}
