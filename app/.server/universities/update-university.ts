import { eq } from "drizzle-orm";
import type { UniversityEditFields } from "~/lib/schemas/universities";
import type { SessionUser } from "../auth/session";
import { notifyContentChanged } from "../content-changes";
import { db } from "../db";
import { universities } from "../db/schema";
import { AppError } from "../errors";
import { recordAuditEvent } from "../users/audit";
import { catalogueChanged } from "./catalogue-cache";
import { UNIVERSITY_GONE } from "./delete-university";
import type { University } from "./schema";
import { asDuplicate, assertNameFree, dropLogoUnlessUsed, formColumns, storeLogo } from "./university-form-values";

/**
 * Saves the staff edit form over a university: every field, and the logo when a new one is given
 * (the old file goes unless another university shares it). The slug stays, so links already shared
 * keep working; a changed tuition figure is dated this year, and a changed figure loses the
 * source it was read on. Nothing changes when anything fails.
 * Throws AppError: NOT_FOUND, INVALID (a field), CONFLICT (same name in that country).
 */
export async function updateUniversity(input: {
  actor: SessionUser;
  id: string;
  fields: UniversityEditFields;
  logo: Buffer | null;
}): Promise<University> {
  const { fields } = input;
  const [current] = await db().select().from(universities).where(eq(universities.id, input.id));
  if (!current) throw new AppError("NOT_FOUND", UNIVERSITY_GONE);
  await assertNameFree(fields, input.id);
  const logo = input.logo && input.logo.length > 0 ? await storeLogo(input.logo) : current.logo;
  const columns = formColumns(fields);
  const tuitionChanged = columns.tuitionAmount !== current.tuitionAmount || columns.tuitionCurrency !== current.tuitionCurrency;
  // A figure staff change is theirs: the page it was read on no longer backs it.
  const ieltsChanged = columns.minimumIelts !== current.minimumIelts;
  let updated: University;
  try {
    updated = await db().transaction(async (tx) => {
      const [row] = await tx
        .update(universities)
        .set({
          ...columns,
          logo,
          tuitionYear: columns.tuitionAmount === null ? null : tuitionChanged ? new Date().getFullYear() : current.tuitionYear,
          ...(tuitionChanged ? { tuitionSource: null } : {}),
          ...(ieltsChanged ? { ieltsYear: null, ieltsSource: null } : {}),
          updatedBy: input.actor.id,
          updatedAt: new Date(),
        })
        .where(eq(universities.id, input.id))
        .returning();
      if (!row) throw new AppError("NOT_FOUND", UNIVERSITY_GONE);
      await recordAuditEvent(
        { action: "university.updated", actorId: input.actor.id, detail: { universityId: row.id, name: row.name } },
        tx,
      );
      return row;
    });
  } catch (error) {
    if (logo !== current.logo) await dropLogoUnlessUsed(logo);
    throw asDuplicate(error);
  }
  if (logo !== current.logo) await dropLogoUnlessUsed(current.logo);
  await catalogueChanged();
  notifyContentChanged();
  return updated;
}
