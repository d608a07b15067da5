import { pageRoles } from "~/lib/dashboard-menu";
import { hasRole } from "~/lib/roles";
import { requireRole, requireUser, type SessionUser } from "../auth/session";

/**
 * For a consultant's own pages (slots, appointments): the signed-in person and their consultant
 * profile's id (read with the session: no query). People with the consultant role are admitted
 * (their profile may not exist yet: staff add it); a manager or admin only when they are a
 * consultant too (staff keep their role when added as one). Anyone else gets the same 403 as
 * requireRole, recorded.
 */
export async function requireConsultant(request: Request): Promise<{ user: SessionUser; consultantId: string | null }> {
  const user = await requireUser(request);
  if (actsAsConsultant(user)) return { user, consultantId: user.consultantId };
  // Refuses (403) and records it.
  await requireRole(request, pageRoles.myAppointments);
  throw new Error("unreachable: requireRole admitted someone requireConsultant did not");
}

/** Who may use a consultant's own pages and calls: the consultant role, or a manager or admin who is a consultant too. */
export function actsAsConsultant(user: SessionUser): boolean {
  return hasRole(user.role, pageRoles.myAppointments) || isAlsoConsultant(user);
}

/** Whether a manager or admin is also a consultant (their menu then shows the consultant's pages); read with the session, no query. */
export function isAlsoConsultant(user: SessionUser): boolean {
  return hasRole(user.role, ["manager"]) && user.consultantId !== null;
}
