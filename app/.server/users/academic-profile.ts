import { eq } from "drizzle-orm";
import { type AcademicProfile, emptyAcademicProfile, type StudyLevel, studyLevels } from "~/lib/academic-profile";
import { db } from "../db";
import { academicProfiles } from "../db/schema";

/** A student's academic profile; every field empty when they have not filled it in. */
export async function getAcademicProfile(userId: string): Promise<AcademicProfile> {
  const [row] = await db().select().from(academicProfiles).where(eq(academicProfiles.userId, userId));
  if (!row) return emptyAcademicProfile;
  const { userId: _, updatedAt: __, level, ...fields } = row;
  return { ...fields, level: studyLevels.includes(level as StudyLevel) ? (level as StudyLevel) : null };
}
