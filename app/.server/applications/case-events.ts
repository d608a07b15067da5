import { and, eq, inArray, ne } from "drizzle-orm";
import { type ApplicationMove, type Mover, move } from "~/lib/application-flow";
import type { ApplicationEventKind, ApplicationStatus, DocumentField } from "~/lib/applications";
import { type Locale, localizedPath } from "~/lib/locale";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { getConfig } from "../config";
import type { Database } from "../db";
import { applicationEvents, applications, users } from "../db/schema";
import { AppError } from "../errors";
import { type MailMessage, queueMail } from "../mail/outbox";
import type { Addressed } from "../mail/templates";
import { privilegedRoles } from "../users/manage";

/** An application as casework changes it, locked for the rest of the transaction. */
export type LockedApplication = {
  id: string;
  status: ApplicationStatus;
  email: string | null;
  name: string | null;
  countryName: string | null;
  universityName: string | null;
  applicantId: string;
  accountName: string;
  /** The student's language: their e-mails are written in it. */
  locale: Locale;
  assignedTo: string | null;
};

/**
 * Locks one submitted application (FOR UPDATE) for staff, or for its own student (`applicantId`).
 * A draft, someone else's application or an unknown id is NOT_FOUND alike.
 */
export async function lockApplication(
  tx: Database,
  id: string,
  viewer: { as: "staff" } | { as: "owner"; applicantId: string },
): Promise<LockedApplication> {
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
      locale: users.locale,
      assignedTo: applications.assignedTo,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.applicantId))
    .where(
      and(
        eq(applications.id, id),
        ne(applications.status, "draft"),
        viewer.as === "owner" ? eq(applications.applicantId, viewer.applicantId) : undefined,
      ),
    )
    .for("update", { of: applications });
  if (!application) throw new AppError("NOT_FOUND", m.server_application_not_found());
  return application;
}

/** Where `action` takes the application, or a 409 with the rule's reason. */
export function allowedMove(application: LockedApplication, action: ApplicationMove, mover: Mover): ApplicationStatus {
  const result = move(application.status, action, mover);
  if (!result.allowed) throw new AppError("CONFLICT", result.reason);
  return result.to;
}

/** Sets the status (when it changes) and records the event in the timeline, in the caller's transaction. */
export async function recordCaseEvent(
  tx: Database,
  input: {
    application: LockedApplication;
    actor: SessionUser;
    kind: ApplicationEventKind;
    to?: ApplicationStatus;
    field?: DocumentField;
    note?: string | null;
    at?: Date;
  },
): Promise<void> {
  const { application } = input;
  const at = input.at ?? new Date();
  const to = input.to ?? application.status;
  await tx
    .update(applications)
    .set(to === application.status ? { updatedAt: at } : { status: to, updatedAt: at })
    .where(eq(applications.id, application.id));
  await tx.insert(applicationEvents).values({
    applicationId: application.id,
    actorId: input.actor.id,
    actorName: input.actor.name,
    fromStatus: application.status,
    toStatus: to,
    kind: input.kind,
    field: input.field ?? null,
    note: input.note?.trim() || null,
    at,
  });
}

/** The student's name as the e-mails greet them. */
export function studentName(application: LockedApplication): string {
  return application.name || application.accountName;
}

/** "the University of Leeds (UK)", or "study abroad" (in `locale`) for an application without them. */
export function applicationTitle(application: Pick<LockedApplication, "universityName" | "countryName">, locale: Locale): string {
  if (!application.universityName) return m.mail_application_study_abroad({}, { locale });
  return application.countryName ? `${application.universityName} (${application.countryName})` : application.universityName;
}

/**
 * Queues a mail to the application's student, written by `write` for them (their address, name,
 * language and page), in the same transaction as the change it tells of; none when the application
 * has no address.
 */
export async function mailTheStudent(
  tx: Database,
  application: LockedApplication,
  write: (student: Addressed) => MailMessage,
): Promise<void> {
  if (!application.email) return;
  const { locale } = application;
  await queueMail(tx, write({ to: application.email, locale, name: studentName(application), url: studentUrl(application.id, locale) }));
}

/** The student's page of an application, in the reader's language. */
export function studentUrl(id: string, locale: Locale): string {
  return `${getConfig().appUrl}${localizedPath(`/dashboard/my-applications/${id}`, locale)}`;
}

/** The staff's page of an application, in the reader's language. */
export function staffUrl(id: string, locale: Locale): string {
  return `${getConfig().appUrl}${localizedPath(`/dashboard/applications/${id}`, locale)}`;
}

/**
 * Who on the staff hears about what the student did: the assigned consultant; else `fallback`
 * (whoever asked for the new copy, or last wrote); else every manager. Confirmed addresses only.
 */
export async function staffRecipients(
  tx: Database,
  application: LockedApplication,
  fallback: string | null = null,
): Promise<{ email: string; name: string; locale: Locale }[]> {
  const person = application.assignedTo ?? fallback;
  const columns = { email: users.email, name: users.name, locale: users.locale };
  const verified = eq(users.emailVerified, true);
  if (person) {
    const rows = await tx
      .select(columns)
      .from(users)
      .where(and(eq(users.id, person), verified));
    if (rows.length > 0) return rows;
  }
  return tx
    .select(columns)
    .from(users)
    .where(and(inArray(users.role, privilegedRoles), verified))
    .limit(20);
}
