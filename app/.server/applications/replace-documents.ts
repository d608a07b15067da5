import { and, eq } from "drizzle-orm";
import { move } from "~/lib/application-flow";
import { type DocumentField, documentInfo, documentNoun, isDocumentField } from "~/lib/applications";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { applicationDocuments, applicationDocumentVersions, applications } from "../db/schema";
import { AppError } from "../errors";
import { documentsReplacedMail } from "../mail/casework-templates";
import { queueMail } from "../mail/outbox";
import { applicationsChanged } from "./application-reads";
import { allowedMove, applicationTitle, lockApplication, recordCaseEvent, staffRecipients, staffUrl, studentName } from "./case-events";
import { waitingForNewCopies } from "./review-document";
import { DocumentBatch } from "./store-document";
import type { FormReader } from "./submit-application";

export function notAskedFor(field: DocumentField): string {
  return m.server_not_asked_for({ document: documentInfo(field).noun });
}

/** The documents of the person's own application that staff asked a new copy of (NOT_FOUND for anyone else's; CONFLICT once it is final or withdrawn). */
export async function requestedDocuments(input: { id: string; applicantId: string }): Promise<Set<DocumentField>> {
  const rows = await db()
    .select({ field: applicationDocuments.field, status: applications.status })
    .from(applications)
    .leftJoin(
      applicationDocuments,
      and(eq(applicationDocuments.applicationId, applications.id), eq(applicationDocuments.state, "needs-new-copy")),
    )
    .where(and(eq(applications.id, input.id), eq(applications.applicantId, input.applicantId)));
  const status = rows[0]?.status;
  if (!status || status === "draft") throw new AppError("NOT_FOUND", m.server_application_not_found());
  // A final or withdrawn application takes no new copy, even of a document still marked (checked again under the lock).
  const allowed = move(status, { kind: "documents-returned" }, { as: "owner" });
  if (!allowed.allowed) throw new AppError("CONFLICT", allowed.reason);
  return new Set(rows.flatMap((row) => (isDocumentField(row.field) ? [row.field] : [])));
}

/**
 * The student sends new copies of documents staff asked for (multipart, each under its field's
 * name), each checked and streamed to storage as store-document.ts does for the form. Only
 * documents marked "Needs a new copy" may come: any other document refuses the whole post
 * (INVALID, named on its field) and nothing changes. In one transaction each old copy moves to the
 * document's history (staff only), the new one takes its place waiting for review, each
 * replacement is a timeline event, and once none is waiting the application goes back to
 * processing; staff hear of it by e-mail (the assigned consultant, else whoever asked).
 */
export async function replaceDocuments(input: {
  id: string;
  applicant: SessionUser;
  maxBytes: number;
  readForm: FormReader;
}): Promise<{ replaced: DocumentField[] }> {
  const requested = await requestedDocuments({ id: input.id, applicantId: input.applicant.id });
  const batch = new DocumentBatch(input.maxBytes);
  const { stored, fieldErrors } = batch;
  try {
    await input.readForm(async (part) => {
      // Skipped parts are drained by the reader.
      if (!isDocumentField(part.field) || part.fileName === "") return;
      if (requested.has(part.field)) await batch.store(input.id, part.field, part);
      else fieldErrors[part.field] = notAskedFor(part.field);
    });
  } catch (error) {
    await batch.discard();
    throw error;
  }
  const problems = Object.keys(fieldErrors).length > 0;
  if (problems || stored.size === 0) {
    await batch.discard();
    if (requested.size === 0) throw new AppError("CONFLICT", m.server_nothing_asked_for());
    const first = Object.values(fieldErrors)[0] ?? m.server_choose_a_new_copy();
    throw new AppError(batch.tooLarge ? "TOO_LARGE" : "INVALID", first, {
      fieldErrors: problems ? fieldErrors : { form: m.server_choose_a_new_copy() },
    });
  }
  try {
    await db().transaction(async (tx) => {
      const application = await lockApplication(tx, input.id, { as: "owner", applicantId: input.applicant.id });
      const mover = { as: "owner" } as const;
      // Completed or withdrawn since the form was read: CONFLICT, and the stored copies go.
      allowedMove(application, { kind: "documents-returned" }, mover);
      let reviewer: string | null = null;
      const now = new Date();
      for (const document of stored.values()) {
        const [previous] = await tx
          .select()
          .from(applicationDocuments)
          .where(
            and(
              eq(applicationDocuments.applicationId, application.id),
              eq(applicationDocuments.field, document.field),
              eq(applicationDocuments.state, "needs-new-copy"),
            ),
          );
        // Accepted, or replaced by another tab, since the form was read.
        if (!previous)
          throw new AppError("CONFLICT", notAskedFor(document.field), { fieldErrors: { [document.field]: notAskedFor(document.field) } });
        reviewer ??= previous.reviewedBy;
        await tx.insert(applicationDocumentVersions).values({
          applicationId: application.id,
          field: document.field,
          storageKey: previous.storageKey,
          fileName: previous.fileName,
          contentType: previous.contentType,
          size: previous.size,
          sha256: previous.sha256,
          uploadedAt: previous.uploadedAt,
          reason: previous.reason,
          replacedAt: now,
        });
        await tx
          .update(applicationDocuments)
          .set({ ...document, uploadedAt: now, state: "received", reason: null })
          .where(and(eq(applicationDocuments.applicationId, application.id), eq(applicationDocuments.field, document.field)));
        await recordCaseEvent(tx, { application, actor: input.applicant, kind: "document-replaced", field: document.field, at: now });
      }
      if ((await waitingForNewCopies(tx, application.id)) === 0) {
        const to = allowedMove(application, { kind: "documents-returned" }, mover);
        if (to !== application.status) await recordCaseEvent(tx, { application, actor: input.applicant, kind: "status", to, at: now });
      }
      for (const recipient of await staffRecipients(tx, application, reviewer)) {
        // The documents named in the recipient's language, not the page's.
        const documents = [...stored.keys()].map((field) => documentNoun(field, recipient.locale));
        await queueMail(
          tx,
          documentsReplacedMail({
            to: recipient.email,
            locale: recipient.locale,
            name: recipient.name,
            student: studentName(application),
            documents,
            application: applicationTitle(application, recipient.locale),
            url: staffUrl(application.id, recipient.locale),
          }),
        );
      }
    });
  } catch (error) {
    await batch.discard();
    throw error;
  }
  await applicationsChanged();
  return { replaced: [...stored.keys()] };
}
