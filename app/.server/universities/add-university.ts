import { createHash, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { UNIVERSITY_LOGO_MAX_BYTES, type UniversityFormFields } from "~/lib/schemas/universities";
import type { SessionUser } from "../auth/session";
import { notifyContentChanged } from "../content-changes";
import { db } from "../db";
import { universities } from "../db/schema";
import { AppError, isAppError } from "../errors";
import { getStorage } from "../storage/storage";
import { recordAuditEvent } from "../users/audit";
import { prepareImage } from "../users/photo";
import { catalogueChanged } from "./catalogue-cache";
import type { University } from "./schema";

export const DUPLICATE_UNIVERSITY = "A university with this name already exists in this country";

/** "Queen's University Belfast" → "queens-university-belfast" (ASCII letters and digits only). */
export function slugify(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/['’]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "university"
  );
}

/** Checks and re-encodes a logo; a refusal names the logo field. */
async function prepareLogo(bytes: Buffer): Promise<Buffer> {
  try {
    return await prepareImage(bytes, { maxBytes: UNIVERSITY_LOGO_MAX_BYTES, noun: "logo", size: 256 });
  } catch (error) {
    if (isAppError(error, "INVALID"))
      throw new AppError("INVALID", "Please correct the marked fields", { fieldErrors: { universityLogo: error.message } });
    throw error;
  }
}

/**
 * Adds a university from the staff form, with its logo (checked by its bytes, at most 2 MB,
 * re-encoded, stored under a key made from its content so it can be cached for good). The slug is
 * made from the name (and the country when the name is taken). Nothing is kept when anything fails:
 * no row, no logo file. Throws AppError: INVALID (a field), CONFLICT (same name in that country).
 */
export async function addUniversity(input: { actor: SessionUser; fields: UniversityFormFields; logo: Buffer | null }): Promise<University> {
  const { fields } = input;
  if (!input.logo || input.logo.length === 0) {
    throw new AppError("INVALID", "Please correct the marked fields", { fieldErrors: { universityLogo: "Choose a logo" } });
  }
  const [taken] = await db()
    .select({ id: universities.id })
    .from(universities)
    .where(and(eq(universities.country, fields.countryName), sql`lower(${universities.name}) = lower(${fields.universityName})`));
  if (taken) throw new AppError("CONFLICT", DUPLICATE_UNIVERSITY, { fieldErrors: { universityName: DUPLICATE_UNIVERSITY } });
  const logo = await prepareLogo(input.logo);
  const key = `university-logos/${createHash("sha256").update(logo).digest("hex").slice(0, 32)}.webp`;
  await getStorage().put(key, logo);
  try {
    const university = await db().transaction(async (tx) => {
      const base = slugify(fields.universityName);
      const [slugTaken] = await tx.select({ id: universities.id }).from(universities).where(eq(universities.slug, base));
      const [row] = await tx
        .insert(universities)
        .values({
          id: randomUUID(),
          slug: slugTaken ? `${base}-${slugify(fields.countryName)}` : base,
          name: fields.universityName,
          country: fields.countryName,
          city: fields.universityLocation,
          type: fields.universityType,
          logo: key,
          website: fields.website || null,
          about: fields.about ?? "",
          facilities: (fields.facilities ?? "")
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter(Boolean),
          coursesOffered: fields.coursesOffered,
          examsAccepted: fields.examsAccepted,
          tuitionAmount: fields.firstYearTuitionFees,
          tuitionCurrency: fields.tuitionCurrency,
          tuitionYear: new Date().getFullYear(),
          scholarships: fields.noOfScholarship,
          minimumIelts: fields.ielts,
          worldRanking: fields.worldRanking,
          englishTaughtCourses: fields.englishTaughtCourses,
          createdBy: input.actor.id,
          updatedBy: input.actor.id,
        })
        .returning();
      if (!row) throw new Error("The university was not stored");
      await recordAuditEvent({ action: "university.added", actorId: input.actor.id, detail: { universityId: row.id, name: row.name } }, tx);
      return row;
    });
    await catalogueChanged();
    notifyContentChanged();
    return university;
  } catch (error) {
    // Nothing was added: do not keep the logo either (unless another university uses the same file).
    const [shared] = await db().select({ id: universities.id }).from(universities).where(eq(universities.logo, key));
    if (!shared) await getStorage().delete(key);
    const code = (error as { code?: unknown; cause?: { code?: unknown } }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
    if (code === "23505") throw new AppError("CONFLICT", DUPLICATE_UNIVERSITY, { fieldErrors: { universityName: DUPLICATE_UNIVERSITY } });
    throw error;
  }
}
