import { eq } from "drizzle-orm";
import { pageRoles } from "~/lib/dashboard-menu";
import { hasRole, staffRoles } from "~/lib/roles";
import { formatSlot } from "~/lib/time-zones";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { cachedBookingList } from "../bookings/booking-lists-cache";
import { listFreeSlots } from "../bookings/free-slots";
import { db } from "../db";
import { users } from "../db/schema";
import { AppError } from "../errors";
import { findConsultant } from "./consultants";

/**
 * A consultant's booking page for `viewer`: the consultant, their free slots labelled in the
 * viewer's zone, and the viewer's details to pre-fill. A deactivated consultant, or one whose
 * account is no longer staff, is NOT_FOUND ("not taking bookings") for everyone but the managers
 * who run consultants. The consultant and their free slots are read through the booking lists'
 * short cache, which every consultant, slot and booking change empties.
 */
export async function bookableConsultant(input: { consultantId: string; viewer: SessionUser }) {
  const { consultant, bookable, slots } = await cachedBookingList(`consultant:${input.consultantId}`, async () => {
    const consultant = await findConsultant(input.consultantId).catch(() => {
      throw new AppError("NOT_FOUND", m.server_consultant_unavailable());
    });
    const [account] = await db().select({ role: users.role }).from(users).where(eq(users.id, consultant.userId));
    const bookable = consultant.active && account !== undefined && hasRole(account.role, staffRoles);
    return { consultant, bookable, slots: bookable ? await listFreeSlots({ consultantId: consultant.id }) : [] };
  });
  if (!bookable && !hasRole(input.viewer.role, pageRoles.consultants)) throw new AppError("NOT_FOUND", m.server_consultant_unavailable());
  const now = new Date();
  return {
    consultant,
    slots: slots
      .filter((slot) => slot.startsAt.getTime() > now.getTime())
      .map((slot) => ({ value: slot.id, label: formatSlot(slot.startsAt, slot.endsAt, input.viewer.timeZone, now) })),
  };
}
