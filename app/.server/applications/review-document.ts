import { and, eq } from "drizzle-orm";
import { type DocumentField, documentNoun } from "~/lib/applications";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { type Database, db } from "../db";
import { applicationDocuments } from "../db/schema";
import { AppError } from "../errors";
import { documentReviewMail } from "../mail/casework-templates";
import { applicationsChanged } from "./application-reads";
import { allowedMove, applicationTitle, lockApplication, mailTheStudent, recordCaseEvent } from "./case-events";

/**
 * Staff mark one document Accepted or "Needs a new copy" (with the reason the student reads). A
 * new copy asked for moves an open application to documents requested; the last one accepted
 * instead moves it back to processing. In one transaction: the document's state, the timeline
 * event and the student's e-mail. The same mark twice (same reason) changes nothing. A final or
 * withdrawn application: CONFLICT; a document the application does not have: NOT_FOUND.
 */
export async function reviewDocument(input: {
  id: string;
  field: DocumentField;
  decision: "accepted" | "needs-new-copy";
  reason?: string | undefined;
  actor: SessionUser;
}): Promise<{ changed: boolean }> {
  const reason = input.decision === "needs-new-copy" ? input.reason?.trim() || null : null;
  if (input.decision === "needs-new-copy" && !reason) {
    const refusal = m.server_reason_required();
    throw new AppError("INVALID", refusal, { fieldErrors: { reason: refusal } });
  }
  const mover = { as: "staff", role: input.actor.role } as const;
  const outcome = await db().transaction(async (tx) => {
    const application = await lockApplication(tx, input.id, { as: "staff" });
    allowedMove(application, { kind: "review-document" }, mover);
    const [document] = await tx
      .select({ state: applicationDocuments.state, reason: applicationDocuments.reason })
      .from(applicationDocuments)
      .where(and(eq(applicationDocuments.applicationId, application.id), eq(applicationDocuments.field, input.field)));
    if (!document) throw new AppError("NOT_FOUND", m.apply_no_such_document());
    if (document.state === input.decision && document.reason === reason) return { changed: false };
    const now = new Date();
    await tx
      .update(applicationDocuments)
      .set({ state: input.decision, reason, reviewedBy: input.actor.id, reviewedAt: now })
      .where(and(eq(applicationDocuments.applicationId, application.id), eq(applicationDocuments.field, input.field)));
    const to =
      input.decision === "needs-new-copy"
        ? allowedMove(application, { kind: "request-documents" }, mover)
        : (await waitingForNewCopies(tx, application.id)) === 0
          ? allowedMove(application, { kind: "documents-returned" }, mover)
          : application.status;
    await recordCaseEvent(tx, {
      application,
      actor: input.actor,
      kind: input.decision === "accepted" ? "document-accepted" : "document-needs-new-copy",
      field: input.field,
      note: reason,
      to,
      at: now,
    });
    await mailTheStudent(tx, application, (student) =>
      documentReviewMail({
        ...student,
        document: documentNoun(input.field, student.locale),
        decision: input.decision,
        reason,
        application: applicationTitle(application, student.locale),
      }),
    );
    return { changed: true };
  });
  await applicationsChanged();
  return outcome;
}

/** How many of the application's documents still wait for a new copy. */
export async function waitingForNewCopies(tx: Database, applicationId: string): Promise<number> {
  return tx.$count(
    applicationDocuments,
    and(eq(applicationDocuments.applicationId, applicationId), eq(applicationDocuments.state, "needs-new-copy")),
  );
}
