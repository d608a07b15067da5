import { and, eq, ne, sql } from "drizzle-orm";
import { applicationCountry, documentFields, isDocumentField } from "~/lib/applications";
import { DOCUMENT_REQUIRED } from "~/lib/schemas/applications";
import type { SessionUser } from "../auth/session";
import { type Database, db } from "../db";
import { applicationDocuments, applicationEvents, applications, universities } from "../db/schema";
import { AppError, isAppError } from "../errors";
import type { UploadedPart } from "../uploads";
import { recordAuditEvent } from "../users/audit";
import { applicationsChanged } from "./application-reads";
import { attachDocuments, ensureDraft, findDraft } from "./drafts";
import { type ApplicationFields, ApplicationFormSchema, PROVIDE_VALID_INFORMATION, VERIFY_BEFORE_APPLYING } from "./schema";
import { DocumentBatch, deleteStored } from "./store-document";

const textFields = Object.keys(ApplicationFormSchema.shape) as (keyof ApplicationFields)[];

/** Reads the posted form, handing each file to `onFile` as it streams in (the route's multipart reader). */
export type FormReader = (onFile: (part: UploadedPart, fieldsSoFar: FormData) => Promise<void>) => Promise<FormData>;

/**
 * The application form posted whole (without JavaScript every document comes with it; with
 * JavaScript the documents are already in the draft and only the text comes). Each file is checked
 * and stored as it streams in, then, in one transaction, the draft takes the valid documents and
 * text; when nothing is missing it becomes `submitted` with its first timeline event. The e-mail is
 * the account's; any other posted field (applicantId, status, email) is ignored.
 *
 * A refusal keeps what was valid in the draft (documents included: nothing has to be chosen twice)
 * and throws AppError INVALID ("Please provide valid information", each problem on its field), or
 * TOO_LARGE (413) when a document was over the limit; FORBIDDEN for an unconfirmed e-mail, which
 * stores nothing. A form posted again after it was submitted (a double post) answers the same
 * application instead of a second one.
 */
export async function submitApplication(input: {
  applicant: SessionUser;
  maxBytes: number;
  readForm: FormReader;
}): Promise<{ id: string }> {
  const { applicant } = input;
  if (!applicant.emailVerified) {
    await input.readForm(async () => {});
    throw new AppError("FORBIDDEN", VERIFY_BEFORE_APPLYING);
  }

  const batch = new DocumentBatch(input.maxBytes);
  const { stored, fieldErrors } = batch;
  let target: { id: string } | { repeatOf: string } | undefined;
  let form: FormData;
  try {
    form = await input.readForm(async (part, fieldsSoFar) => {
      if (!isDocumentField(part.field) || part.fileName === "") return;
      target ??= await targetFor(applicant, fieldsSoFar.get("draftId"));
      if ("repeatOf" in target) return;
      await batch.store(target.id, part.field, part);
    });
  } catch (error) {
    await batch.discard();
    throw error;
  }
  target ??= await targetFor(applicant, form.get("draftId"));
  if ("repeatOf" in target) return { id: target.repeatOf };
  const draftId = target.id;

  const values = Object.fromEntries(textFields.map((name) => [name, form.get(name)]));
  const parsed = ApplicationFormSchema.safeParse(values);
  // A document's own problem, found while it streamed in, stays the one shown beside it.
  if (!parsed.success) Object.assign(fieldErrors, { ...AppError.fromZod(parsed.error).fieldErrors, ...fieldErrors });

  let outcome: { replaced: string[]; submitted: boolean };
  try {
    outcome = await db().transaction(async (tx) => {
      const replaced = await attachDocuments(tx, { applicationId: draftId, applicantId: applicant.id, documents: [...stored.values()] });
      await tx.update(applications).set(validTextColumns(values)).where(eq(applications.id, draftId));
      const present = new Set(
        (
          await tx
            .select({ field: applicationDocuments.field })
            .from(applicationDocuments)
            .where(eq(applicationDocuments.applicationId, draftId))
        ).map((row) => row.field),
      );
      for (const field of documentFields) if (!present.has(field)) fieldErrors[field] ??= DOCUMENT_REQUIRED;
      if (!parsed.success || Object.keys(fieldErrors).length > 0) return { replaced, submitted: false };
      await submitDraft(tx, { id: draftId, applicant, fields: parsed.data });
      return { replaced, submitted: true };
    });
  } catch (error) {
    await batch.discard();
    // The same form sent twice at once: the other post submitted this draft first; answer with it.
    if (isAppError(error, "NOT_FOUND")) {
      const again = await targetFor(applicant, draftId);
      if ("repeatOf" in again) return { id: again.repeatOf };
    }
    throw error;
  }
  await applicationsChanged();
  await deleteStored(outcome.replaced);
  if (!outcome.submitted) throw new AppError(batch.tooLarge ? "TOO_LARGE" : "INVALID", PROVIDE_VALID_INFORMATION, { fieldErrors });
  return { id: draftId };
}

/**
 * Where this post's documents go: the person's draft, or nowhere when the post names an
 * application of theirs that is already submitted (the same form sent twice).
 */
async function targetFor(applicant: SessionUser, postedDraftId: FormDataEntryValue | null): Promise<{ id: string } | { repeatOf: string }> {
  if (typeof postedDraftId === "string" && postedDraftId) {
    const [posted] = await db()
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.id, postedDraftId), eq(applications.applicantId, applicant.id), ne(applications.status, "draft")));
    if (posted) return { repeatOf: posted.id };
  }
  return (await findDraft(applicant.id)) ?? ensureDraft(applicant.id);
}

/** The text a refused post still keeps in the draft: each field that is valid on its own. */
function validTextColumns(values: Record<string, FormDataEntryValue | null>) {
  const columns: Partial<Record<keyof ApplicationFields, string>> = {};
  for (const name of textFields) {
    const checked = ApplicationFormSchema.shape[name].safeParse(values[name]);
    if (checked.success) columns[name] = checked.data;
  }
  return { ...columns, updatedAt: new Date() };
}

async function submitDraft(tx: Database, input: { id: string; applicant: SessionUser; fields: ApplicationFields }) {
  const { applicant, fields } = input;
  const [university] = (
    await tx
      .select({ id: universities.id, country: universities.country })
      .from(universities)
      .where(sql`lower(${universities.name}) = lower(${fields.universityName})`)
  ).filter((row) => applicationCountry(row.country) === fields.countryName);
  const now = new Date();
  await tx
    .update(applications)
    .set({ ...fields, email: applicant.email, universityId: university?.id ?? null, status: "submitted", submittedAt: now, updatedAt: now })
    .where(eq(applications.id, input.id));
  await tx.insert(applicationEvents).values({
    applicationId: input.id,
    actorId: applicant.id,
    actorName: applicant.name,
    fromStatus: "draft",
    toStatus: "submitted",
    at: now,
  });
  await recordAuditEvent(
    { action: "application.submitted", actorId: applicant.id, targetId: applicant.id, detail: { applicationId: input.id } },
    tx,
  );
}
