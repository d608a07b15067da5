import { m } from "~/paraglide/messages";
import { type ApplicationStatus, type StaffStatus, statusLabels } from "./applications";
import { hasRole, type Role } from "./roles";

/**
 * How an application moves, in one place (ADR 031):
 *
 *   submitted → processing ⇄ documents-requested → completed | rejected
 *
 * - staff (consultants and managers) press Process, Reject or Complete on any open application
 *   (submitted, processing or documents requested); the status it already has changes nothing;
 * - a document marked "Needs a new copy" moves an open application to documents requested, and
 *   the student sending the last new copy asked for moves it back to processing;
 * - completed and rejected are final: only a manager reopens one (with a reason), to processing;
 * - the student may withdraw an open application; a withdrawn one is kept, read-only.
 * The server asks `move` before every change and answers a refusal with 409 and its reason; the
 * pages ask the same function which buttons to offer.
 */
export type ApplicationMove =
  /** A staff status button. */
  | { kind: "set-status"; to: StaffStatus }
  /** A document marked Accepted (the status stays). */
  | { kind: "review-document" }
  /** A document marked "Needs a new copy". */
  | { kind: "request-documents" }
  /** No document is waiting for a new copy any more (the student sent them, or staff accepted them). */
  | { kind: "documents-returned" }
  | { kind: "withdraw" }
  | { kind: "reopen" };

/** Who moves it: the application's own student, or someone on the staff by their role. */
export type Mover = { as: "owner" } | { as: "staff"; role: Role };

export type MoveResult = { allowed: true; to: ApplicationStatus } | { allowed: false; reason: string };

/** Statuses in which staff still work on an application and the student may still withdraw it. */
export const openStatuses = ["submitted", "processing", "documents-requested"] as const satisfies readonly ApplicationStatus[];
/** Final until a manager reopens it. */
export const finalStatuses = ["completed", "rejected"] as const satisfies readonly ApplicationStatus[];

export function isOpen(status: ApplicationStatus): boolean {
  return (openStatuses as readonly string[]).includes(status);
}

export function isFinal(status: ApplicationStatus): boolean {
  return (finalStatuses as readonly string[]).includes(status);
}

/** Why nothing can be done to an application in `status` any more (or not yet), in the page's language. */
function closedReason(status: ApplicationStatus): string {
  if (status === "withdrawn") return m.server_withdrawn_read_only();
  if (status === "draft") return m.server_application_not_submitted();
  return status === "completed" ? m.server_application_completed_reopen() : m.server_application_rejected_reopen();
}

/** Where `move` takes an application in `from`, by `mover`, or why it may not (in the page's language). */
export function move(from: ApplicationStatus, action: ApplicationMove, mover: Mover): MoveResult {
  const allow = (to: ApplicationStatus): MoveResult => ({ allowed: true, to });
  const refuse = (reason: string): MoveResult => ({ allowed: false, reason });
  const isStaff = mover.as === "staff";
  const staffOnly = () => refuse(m.server_staff_only());
  switch (action.kind) {
    case "set-status":
      if (!isStaff) return staffOnly();
      // Setting the status it already has is a no-op, final or not (a post sent twice).
      if (from === action.to) return allow(from);
      return isOpen(from) ? allow(action.to) : refuse(closedReason(from));
    case "review-document":
      if (!isStaff) return staffOnly();
      return isOpen(from) ? allow(from) : refuse(closedReason(from));
    case "request-documents":
      if (!isStaff) return staffOnly();
      return isOpen(from) ? allow("documents-requested") : refuse(closedReason(from));
    case "documents-returned":
      if (from === "documents-requested") return allow("processing");
      return isOpen(from) ? allow(from) : refuse(closedReason(from));
    case "withdraw":
      if (isStaff) return refuse(m.server_only_student_withdraws());
      if (from === "withdrawn") return refuse(m.server_already_withdrawn());
      return isOpen(from) ? allow("withdrawn") : refuse(m.server_cannot_withdraw({ status: statusLabels[from].toLowerCase() }));
    case "reopen":
      if (!isStaff || !hasRole(mover.role, ["manager"])) return refuse(m.server_only_manager_reopens());
      return isFinal(from) ? allow("processing") : refuse(m.server_only_final_reopens());
  }
}
