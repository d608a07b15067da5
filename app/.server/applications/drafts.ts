import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { m } from "~/paraglide/messages";
import { type Database, db } from "../db";
import { applicationDocuments, applications } from "../db/schema";
import { AppError } from "../errors";
import { applicationsChanged } from "./application-reads";
import type { StoredDocument } from "./schema";

/** The person's open draft, if they have one. */
export async function findDraft(applicantId: string, database: Database = db()) {
  const [draft] = await database
    .select()
    .from(applications)
    .where(and(eq(applications.applicantId, applicantId), eq(applications.status, "draft")));
  return draft;
}

/**
 * The person's open draft, made when they have none. One draft per person (a partial unique
 * index): two first uploads at once both end up in the same draft.
 */
export async function ensureDraft(applicantId: string): Promise<{ id: string }> {
  const existing = await findDraft(applicantId);
  if (existing) return existing;
  await db()
    .insert(applications)
    .values({ id: randomUUID(), applicantId })
    .onConflictDoNothing({ target: applications.applicantId, where: sql`${applications.status} = 'draft'` });
  await applicationsChanged();
  const draft = await findDraft(applicantId);
  if (!draft) throw new Error("The draft application was not stored");
  return draft;
}

/**
 * Points the draft's rows at newly stored documents (one per field, replacing any earlier one),
 * inside the caller's transaction, after locking the draft so a submission cannot slip in between.
 * Returns the storage keys the new documents replaced: delete them once the transaction commits.
 * Throws NOT_FOUND when the draft is no longer a draft of this person (submitted meanwhile).
 */
export async function attachDocuments(
  tx: Database,
  input: { applicationId: string; applicantId: string; documents: StoredDocument[] },
): Promise<string[]> {
  const [draft] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, input.applicationId), eq(applications.applicantId, input.applicantId), eq(applications.status, "draft")))
    .for("update");
  if (!draft) throw new AppError("NOT_FOUND", m.server_application_not_found());
  const replaced: string[] = [];
  for (const document of input.documents) {
    const [previous] = await tx
      .select({ storageKey: applicationDocuments.storageKey })
      .from(applicationDocuments)
      .where(and(eq(applicationDocuments.applicationId, draft.id), eq(applicationDocuments.field, document.field)));
    if (previous) replaced.push(previous.storageKey);
    await tx
      .insert(applicationDocuments)
      .values({ applicationId: draft.id, ...document, uploadedAt: new Date() })
      .onConflictDoUpdate({
        target: [applicationDocuments.applicationId, applicationDocuments.field],
        set: {
          storageKey: document.storageKey,
          fileName: document.fileName,
          contentType: document.contentType,
          size: document.size,
          sha256: document.sha256,
          uploadedAt: new Date(),
        },
      });
  }
  if (input.documents.length > 0) await tx.update(applications).set({ updatedAt: new Date() }).where(eq(applications.id, draft.id));
  return replaced;
}
