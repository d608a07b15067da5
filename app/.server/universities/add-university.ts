import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { UniversityFormFields } from "~/lib/schemas/universities";
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

/**
 * Adds a university from the staff form, with its logo (checked by its bytes, at most 2 MB,
 * re-encoded, stored under a key made from its content so it can be cached for good). The slug is
 * made from the name (and the country when the name is taken). Nothing is kept when anything fails:
 * no row, no logo file. Throws AppError: INVALID (a field), CONFLICT (same name in that country).
 */
export async function addUniversity(input: { actor: SessionUser; fields: UniversityFormFields; logo: Buffer | null }): Promise<University> {
  const { fields } = input;
  if (!input.logo || input.logo.length === 0) {
    throw new AppError("INVALID", m.forms_correct_marked_fields(), { fieldErrors: { universityLogo: m.server_choose_logo() } });
  }
  await assertFormFits(fields);
  const logo = await storeLogo(input.logo);
  try {
    const university = await db().transaction(async (tx) => {
      const base = slugify(fields.universityName);
      const [slugTaken] = await tx.select({ id: universities.id }).from(universities).where(eq(universities.slug, base));
      const [row] = await tx
        .insert(universities)
        .values({
          id: randomUUID(),
          slug: slugTaken ? `${base}-${slugify(fields.countryName)}` : base,
          ...formColumns(fields),
          ...figureProvenance(fields),
          logo,
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
    await dropLogoUnlessUsed(logo);
    throw asDuplicate(error);
  }
}
