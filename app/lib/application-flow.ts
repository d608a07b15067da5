import type { ApplicationStatus, StaffStatus } from "./applications";
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

const STAFF_ONLY = "Only staff can do that.";
export const WITHDRAWN_READ_ONLY = "The student withdrew this application; it is kept read-only.";

/** Why nothing can be done to an application in `status` any more (or not yet). */
function closedReason(status: ApplicationStatus): string {
  if (status === "withdrawn") return WITHDRAWN_READ_ONLY;
  if (status === "draft") return "This application has not been submitted yet.";
  return `This application is ${status === "completed" ? "completed" : "rejected"}: only a manager can reopen it.`;
}

/** Where `move` takes an application in `from`, by `mover`, or why it may not. */
export function move(from: ApplicationStatus, action: ApplicationMove, mover: Mover): MoveResult {
  const allow = (to: ApplicationStatus): MoveResult => ({ allowed: true, to });
  const refuse = (reason: string): MoveResult => ({ allowed: false, reason });
  const isStaff = mover.as === "staff";
  switch (action.kind) {
    case "set-status":
      if (!isStaff) return refuse(STAFF_ONLY);
      // Setting the status it already has is a no-op, final or not (a post sent twice).
      if (from === action.to) return allow(from);
      return isOpen(from) ? allow(action.to) : refuse(closedReason(from));
    case "review-document":
      if (!isStaff) return refuse(STAFF_ONLY);
      return isOpen(from) ? allow(from) : refuse(closedReason(from));
    case "request-documents":
      if (!isStaff) return refuse(STAFF_ONLY);
      return isOpen(from) ? allow("documents-requested") : refuse(closedReason(from));
    case "documents-returned":
      if (from === "documents-requested") return allow("processing");
      return isOpen(from) ? allow(from) : refuse(closedReason(from));
    case "withdraw":
      if (isStaff) return refuse("Only the student can withdraw their application.");
      if (from === "withdrawn") return refuse("This application is already withdrawn.");
      return isOpen(from) ? allow("withdrawn") : refuse(`This application is ${from}: it can no longer be withdrawn.`);
    case "reopen":
      if (!isStaff || !hasRole(mover.role, ["manager"])) return refuse("Only a manager can reopen an application.");
      return isFinal(from) ? allow("processing") : refuse("Only a completed or rejected application can be reopened.");
  }
}
