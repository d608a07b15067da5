import { and, asc, eq, exists, or } from "drizzle-orm";
import { hasRole } from "~/lib/roles";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { type Database, db } from "../db";
import { applications, consultants, users } from "../db/schema";
import { AppError } from "../errors";
import { applicationAssignedMail } from "../mail/casework-templates";
import { queueMail } from "../mail/outbox";
import { recordAuditEvent } from "../users/audit";
import { applicationsChanged, cachedApplicationRead } from "./application-reads";
import { applicationTitle, lockApplication, recordCaseEvent, staffUrl, studentName } from "./case-events";

/** Who may be made responsible for an application: consultants, and managers who are consultants too (a consultant profile). */
const assignable = (database: Database) =>
  or(
    eq(users.role, "consultant"),
    exists(database.select({ id: consultants.id }).from(consultants).where(eq(consultants.userId, users.id))),
  );

/**
 * The consultants a manager can choose from, by name. Read through the applications' cache: a
 * consultant added or a role changed shows within its 15 seconds.
 */
export function assignableConsultants(): Promise<{ id: string; name: string }[]> {
  return cachedApplicationRead(JSON.stringify(["assignable"]), () =>
    db().select({ id: users.id, name: users.name }).from(users).where(assignable(db())).orderBy(asc(users.name), asc(users.id)).limit(500),
  );
}

/**
 * A manager makes a consultant responsible for an application (or hands it to another): the
 * timeline says so and the consultant is e-mailed. Responsibility, not permission: every
 * consultant and manager can still review any application. Not a manager: FORBIDDEN; not a
 * consultant: INVALID on `assigneeId`; a withdrawn application: CONFLICT. The same consultant
 * again changes nothing.
 */
export async function assignApplication(input: { id: string; assigneeId: string; actor: SessionUser }): Promise<{ changed: boolean }> {
  if (!hasRole(input.actor.role, ["manager"])) throw new AppError("FORBIDDEN", m.server_only_managers_assign());
  const outcome = await db().transaction(async (tx) => {
    const application = await lockApplication(tx, input.id, { as: "staff" });
    if (application.status === "withdrawn") throw new AppError("CONFLICT", m.server_withdrawn_read_only());
    const [assignee] = await tx
      .select({ id: users.id, name: users.name, email: users.email, emailVerified: users.emailVerified, locale: users.locale })
      .from(users)
      .where(and(eq(users.id, input.assigneeId), assignable(tx)));
    if (!assignee) {
      const refusal = m.apply_choose_consultant();
      throw new AppError("INVALID", refusal, { fieldErrors: { assigneeId: refusal } });
    }
    if (application.assignedTo === assignee.id) return { changed: false };
    const now = new Date();
    await tx.update(applications).set({ assignedTo: assignee.id, assignedAt: now }).where(eq(applications.id, application.id));
    await recordCaseEvent(tx, { application, actor: input.actor, kind: "assigned", note: assignee.name, at: now });
    await recordAuditEvent(
      {
        action: "application.assigned",
        actorId: input.actor.id,
        targetId: assignee.id,
        detail: { applicationId: application.id, from: application.assignedTo, to: assignee.id },
      },
      tx,
    );
    if (assignee.emailVerified) {
      await queueMail(
        tx,
        applicationAssignedMail({
          to: assignee.email,
          locale: assignee.locale,
          name: assignee.name,
          student: studentName(application),
          application: applicationTitle(application, assignee.locale),
          assignedBy: input.actor.name,
          url: staffUrl(application.id, assignee.locale),
        }),
      );
    }
    return { changed: true };
  });
  await applicationsChanged();
  return outcome;
}
