import { eq } from "drizzle-orm";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { notifyContentChanged } from "../content-changes";
import { db } from "../db";
import { universities } from "../db/schema";
import { AppError } from "../errors";
import { recordAuditEvent } from "../users/audit";
import { catalogueChanged } from "./catalogue-cache";
import { shortlistsChanged } from "./shortlist";
import { dropLogoUnlessUsed } from "./university-form-values";

/**
 * Removes a university from the catalogue (recorded), and its logo file unless another university
 * uses the same one; the finder and the page cache forget it at once. Throws AppError NOT_FOUND.
 */
export async function deleteUniversity(input: { actor: SessionUser; id: string }): Promise<{ name: string }> {
  const deleted = await db().transaction(async (tx) => {
    const [row] = await tx
      .delete(universities)
      .where(eq(universities.id, input.id))
      .returning({ name: universities.name, slug: universities.slug, logo: universities.logo });
    if (!row) throw new AppError("NOT_FOUND", m.server_university_gone());
    await recordAuditEvent(
      { action: "university.deleted", actorId: input.actor.id, detail: { universityId: input.id, name: row.name } },
      tx,
    );
    return row;
  });
  await Promise.all([catalogueChanged(), shortlistsChanged()]);
  notifyContentChanged();
  await dropLogoUnlessUsed(deleted.logo);
  return { name: deleted.name };
}
