import { pageRoles } from "~/lib/dashboard-menu";
import { hasRole } from "~/lib/roles";
import { formatSlot } from "~/lib/time-zones";
import type { SessionUser } from "../auth/session";
import { CONSULTANT_UNAVAILABLE } from "../bookings/book-slot";
import { listFreeSlots } from "../bookings/free-slots";
import { AppError } from "../errors";
import { findConsultant } from "./consultants";

/**
 * A consultant's booking page for `viewer`: the consultant, their free slots labelled in the
 * viewer's zone, and the viewer's details to pre-fill. A deactivated consultant is NOT_FOUND
 * ("not taking bookings") for everyone but the managers who run consultants.
 */
export async function bookableConsultant(input: { consultantId: string; viewer: SessionUser }) {
  const consultant = await findConsultant(input.consultantId).catch(() => {
    throw new AppError("NOT_FOUND", CONSULTANT_UNAVAILABLE);
  });
  if (!consultant.active && !hasRole(input.viewer.role, pageRoles.consultants)) throw new AppError("NOT_FOUND", CONSULTANT_UNAVAILABLE);
  const slots = consultant.active ? await listFreeSlots({ consultantId: consultant.id }) : [];
  const now = new Date();
  return {
    consultant,
    slots: slots.map((slot) => ({ value: slot.id, label: formatSlot(slot.startsAt, slot.endsAt, input.viewer.timeZone, now) })),
  };
}
