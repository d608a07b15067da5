import { eq } from "drizzle-orm";
import type { UniversityEditFields } from "~/lib/schemas/universities";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { notifyContentChanged } from "../content-changes";
import { db } from "../db";
import { universities } from "../db/schema";
import { AppError } from "../errors";
import { recordAuditEvent } from "../users/audit";
import { catalogueChanged } from "./catalogue-cache";
import type { University } from "./schema";
import { asDuplicate, assertFormFits, dropLogoUnlessUsed, figureProvenance, formColumns, storeLogo } from "./university-form-values";

/**
 * Saves the staff edit form over a university: every field, and the logo when a new one is given
 * (the old file goes unless another university shares it). The slug stays, so links already shared
 * keep working; each figure's year and source as figureProvenance decides. Nothing changes when anything fails.
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
  if (!current) throw new AppError("NOT_FOUND", m.server_university_gone());
  await assertFormFits(fields, input.id);
  const logo = input.logo && input.logo.length > 0 ? await storeLogo(input.logo) : current.logo;
  const columns = formColumns(fields);
  let updated: University;
  try {
    updated = await db().transaction(async (tx) => {
      const [row] = await tx
        .update(universities)
        .set({
          ...columns,
          logo,
          ...figureProvenance(fields, current),
          updatedBy: input.actor.id,
          updatedAt: new Date(),
        })
        .where(eq(universities.id, input.id))
        .returning();
      if (!row) throw new AppError("NOT_FOUND", m.server_university_gone());
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
