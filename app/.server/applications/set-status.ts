import type { ApplicationStatus, StaffStatus } from "~/lib/applications";
import type { Locale } from "~/lib/locale";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { applicationStatusMail } from "../mail/templates";
import { recordAuditEvent } from "../users/audit";
import { applicationsChanged } from "./application-reads";
import { allowedMove, type LockedApplication, lockApplication, mailTheStudent, recordCaseEvent } from "./case-events";

/**
 * Staff set an application's status with the spec's three buttons: Processing, Rejected or
 * Completed, as far as application-flow.ts allows (a final or withdrawn application: CONFLICT).
 * In one transaction: the new status, an event in the timeline (who, when, from, to, the optional
 * note), the audit event and the e-mail to the student (through the outbox, with a link to the
 * application). Setting the status it already has (a post sent twice) changes nothing and mails
 * nobody. The caller has checked the role; drafts are not anyone's to review (NOT_FOUND, as for a
 * missing id).
 */
export async function setApplicationStatus(input: {
  id: string;
  status: StaffStatus;
  note?: string | undefined;
  actor: SessionUser;
}): Promise<{ changed: boolean }> {
  const note = input.note?.trim() || null;
  const outcome = await db().transaction(async (tx) => {
    const application = await lockApplication(tx, input.id, { as: "staff" });
    const to = allowedMove(application, { kind: "set-status", to: input.status }, { as: "staff", role: input.actor.role });
    if (application.status === to && !note) return { changed: false };
    await recordCaseEvent(tx, { application, actor: input.actor, kind: application.status === to ? "note" : "status", to, note });
    if (application.status !== to) await announceStatus(tx, application, to, input.actor, note);
    return { changed: application.status !== to };
  });
  await applicationsChanged();
  return outcome;
}

/**
 * A manager reopens a completed or rejected application, with the reason in the timeline and the
 * student's e-mail: it goes back to processing. Anyone else, or an application that is not final:
 * CONFLICT with the rule's reason.
 */
export async function reopenApplication(input: { id: string; reason: string; actor: SessionUser }): Promise<void> {
  await db().transaction(async (tx) => {
    const application = await lockApplication(tx, input.id, { as: "staff" });
    const to = allowedMove(application, { kind: "reopen" }, { as: "staff", role: input.actor.role });
    await recordCaseEvent(tx, { application, actor: input.actor, kind: "reopened", to, note: input.reason });
    await announceStatus(tx, application, to, input.actor, input.reason.trim());
  });
  await applicationsChanged();
}

/** The audit event and the student's e-mail of a status change. */
async function announceStatus(
  tx: Parameters<typeof recordCaseEvent>[0],
  application: LockedApplication,
  to: LockedApplication["status"],
  actor: SessionUser,
  note: string | null,
): Promise<void> {
  await recordAuditEvent(
    {
      action: "application.status-changed",
      actorId: actor.id,
      targetId: application.applicantId,
      detail: { applicationId: application.id, from: application.status, to },
    },
    tx,
  );
  await mailTheStudent(tx, application, (student) =>
    applicationStatusMail({
      ...student,
      status: statusLabel(to, student.locale),
      country: application.countryName ?? "",
      university: application.universityName ?? "",
      note,
    }),
  );
}

/** A status as the student's e-mail names it (the English is statusLabels' own). */
function statusLabel(status: ApplicationStatus, locale: Locale): string {
  const labels: Record<ApplicationStatus, (inputs: Record<string, never>, options: { locale: Locale }) => string> = {
    draft: m.mail_application_status_draft,
    submitted: m.mail_application_status_submitted,
    processing: m.mail_application_status_processing,
    "documents-requested": m.mail_application_status_documents_requested,
    rejected: m.mail_application_status_rejected,
    completed: m.mail_application_status_completed,
    withdrawn: m.mail_application_status_withdrawn,
  };
  return labels[status]({}, { locale });
}
