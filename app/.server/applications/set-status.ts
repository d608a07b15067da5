import { and, eq, ne } from "drizzle-orm";
import { type StaffStatus, statusLabels } from "~/lib/applications";
import type { SessionUser } from "../auth/session";
import { getConfig } from "../config";
import { db } from "../db";
import { applicationEvents, applications, users } from "../db/schema";
import { AppError } from "../errors";
import { queueMail } from "../mail/outbox";
import { applicationStatusMail } from "../mail/templates";
import { recordAuditEvent } from "../users/audit";
import { applicationsChanged } from "./application-reads";
import { APPLICATION_NOT_FOUND } from "./schema";

/**
 * Staff set an application's status: Processing, Rejected or Completed, from any status, in any
 * order (spec §4). In one transaction: the new status, an event in the timeline (who, when, from,
 * to, the optional note), the audit event and the e-mail to the student (through the outbox, with
 * a link to the application). Setting the status it already has (a post sent twice) changes
 * nothing and mails nobody. The caller has checked the role; drafts are not anyone's to review
 * (NOT_FOUND, as for a missing id).
 */
export async function setApplicationStatus(input: {
  id: string;
  status: StaffStatus;
  note?: string | undefined;
  actor: SessionUser;
}): Promise<{ changed: boolean }> {
  const note = input.note?.trim() || null;
  const outcome = await db().transaction(async (tx) => {
    const [application] = await tx
      .select({
        id: applications.id,
        status: applications.status,
        email: applications.email,
        name: applications.name,
        countryName: applications.countryName,
        universityName: applications.universityName,
        applicantId: applications.applicantId,
        accountName: users.name,
      })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.applicantId))
      .where(and(eq(applications.id, input.id), ne(applications.status, "draft")))
      .for("update", { of: applications });
    if (!application) throw new AppError("NOT_FOUND", APPLICATION_NOT_FOUND);
    if (application.status === input.status && !note) return { changed: false };
    const now = new Date();
    if (application.status !== input.status) {
      await tx.update(applications).set({ status: input.status, updatedAt: now }).where(eq(applications.id, application.id));
    }
    await tx.insert(applicationEvents).values({
      applicationId: application.id,
      actorId: input.actor.id,
      actorName: input.actor.name,
      fromStatus: application.status,
      toStatus: input.status,
      note,
      at: now,
    });
    await recordAuditEvent(
      {
        action: "application.status-changed",
        actorId: input.actor.id,
        targetId: application.applicantId,
        detail: { applicationId: application.id, from: application.status, to: input.status },
      },
      tx,
    );
    if (application.status !== input.status && application.email) {
      await queueMail(
        tx,
        applicationStatusMail({
          to: application.email,
          name: application.name || application.accountName,
          status: statusLabels[input.status],
          country: application.countryName ?? "",
          university: application.universityName ?? "",
          note,
          url: `${getConfig().appUrl}/dashboard/my-applications/${application.id}`,
        }),
      );
    }
    return { changed: application.status !== input.status };
  });
  await applicationsChanged();
  return outcome;
}
