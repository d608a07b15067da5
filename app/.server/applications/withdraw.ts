import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { applicationWithdrawnMail } from "../mail/casework-templates";
import { queueMail } from "../mail/outbox";
import { recordAuditEvent } from "../users/audit";
import { applicationsChanged } from "./application-reads";
import { allowedMove, applicationTitle, lockApplication, recordCaseEvent, staffRecipients, staffUrl, studentName } from "./case-events";

/**
 * The student withdraws their own application while it is open (submitted, processing or
 * documents requested), with an optional reason: it is kept, read-only, for staff; the consultant
 * assigned to it (if any) hears of it by e-mail, and the staff list shows it as withdrawn. A final
 * or already withdrawn application: CONFLICT; anyone else's: NOT_FOUND.
 */
export async function withdrawApplication(input: { id: string; reason?: string | undefined; applicant: SessionUser }): Promise<void> {
  const reason = input.reason?.trim() || null;
  await db().transaction(async (tx) => {
    const application = await lockApplication(tx, input.id, { as: "owner", applicantId: input.applicant.id });
    const to = allowedMove(application, { kind: "withdraw" }, { as: "owner" });
    await recordCaseEvent(tx, { application, actor: input.applicant, kind: "withdrawn", to, note: reason });
    await recordAuditEvent(
      {
        action: "application.status-changed",
        actorId: input.applicant.id,
        targetId: application.applicantId,
        detail: { applicationId: application.id, from: application.status, to },
      },
      tx,
    );
    if (!application.assignedTo) return;
    for (const recipient of await staffRecipients(tx, application)) {
      await queueMail(
        tx,
        applicationWithdrawnMail({
          to: recipient.email,
          locale: recipient.locale,
          name: recipient.name,
          student: studentName(application),
          application: applicationTitle(application, recipient.locale),
          reason,
          url: staffUrl(application.id, recipient.locale),
        }),
      );
    }
  });
  await applicationsChanged();
}
