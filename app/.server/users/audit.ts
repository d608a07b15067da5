import { type Database, db } from "../db";
import { auditEvents } from "../db/schema";
import { currentRequest } from "../request-context";

export type AuditAction =
  | "sign-in"
  | "sign-in.failed"
  | "sign-out"
  | "password.reset"
  | "password.changed"
  | "role.changed"
  | "role.refused"
  | "profile.updated"
  | "profile.refused"
  | "access.refused"
  | "user.created"
  | "sign-up.existing-email"
  | "two-factor.enabled"
  | "two-factor.disabled"
  | "settings.changed"
  | "setup.completed"
  | "networking.member-added"
  | "networking.member-updated"
  | "networking.member-status"
  | "networking.member-deleted"
  | "university.added"
  | "university.updated"
  | "university.deleted"
  | "university.imported"
  | "application.submitted"
  | "application.status-changed"
  | "application.document-viewed"
  | "application.assigned"
  | "consultant.added"
  | "consultant.updated"
  | "consultant.status"
  | "slot.added"
  | "slot.deleted"
  | "booking.created"
  | "booking.status";

/** Records who did what to whom; the request's client address is added when known. */
export async function recordAuditEvent(
  event: {
    action: AuditAction;
    actorId?: string | null;
    targetId?: string | null;
    email?: string | null;
    detail?: Record<string, unknown>;
  },
  database: Database = db(),
) {
  await database.insert(auditEvents).values({
    action: event.action,
    actorId: event.actorId ?? null,
    targetId: event.targetId ?? null,
    email: event.email ?? null,
    ip: currentRequest()?.clientIp ?? null,
    detail: event.detail ?? null,
  });
}
