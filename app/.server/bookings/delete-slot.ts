import { and, eq, isNull, sql } from "drizzle-orm";
import { liveBookingStatuses } from "~/lib/booking";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { appointmentSlots, bookings } from "../db/schema";
import { AppError } from "../errors";
import { recordAuditEvent } from "../users/audit";
import { bookingListsChanged } from "./booking-lists-cache";

/**
 * Deletes one of the consultant's upcoming slots: it disappears from booking and frees its time.
 * The row is kept (marked deleted) for the bookings that point at it. The slot is locked FOR
 * UPDATE first, so a booking being made of it either finishes first (and is seen here) or finds
 * it deleted. Refused: a slot with a live booking (cancel or reject it first), a past slot (kept
 * as history), and a slot that is not theirs or gone (NOT_FOUND).
 */
export async function deleteSlot(input: { actor: SessionUser; consultantId: string; slotId: string }): Promise<void> {
  await db().transaction(async (tx) => {
    const [slot] = await tx
      .select({ id: appointmentSlots.id, startsAt: appointmentSlots.startsAt })
      .from(appointmentSlots)
      .where(
        and(
          eq(appointmentSlots.id, input.slotId),
          eq(appointmentSlots.consultantId, input.consultantId),
          isNull(appointmentSlots.deletedAt),
        ),
      )
      .for("update");
    if (!slot) throw new AppError("NOT_FOUND", m.server_slot_not_found());
    if (slot.startsAt.getTime() <= Date.now()) throw new AppError("CONFLICT", m.server_past_slot_kept());
    const [live] = await tx
      .select({ status: bookings.status })
      .from(bookings)
      .where(and(eq(bookings.slotId, slot.id), sql`${bookings.status} in ${liveBookingStatuses}`));
    if (live) {
      const refusal = live.status === "accepted" ? m.server_slot_has_accepted_booking() : m.server_slot_has_pending_booking();
      throw new AppError("CONFLICT", refusal);
    }
    await tx.update(appointmentSlots).set({ deletedAt: sql`now()` }).where(eq(appointmentSlots.id, slot.id));
    await recordAuditEvent(
      { action: "slot.deleted", actorId: input.actor.id, detail: { consultantId: input.consultantId, slotId: slot.id } },
      tx,
    );
  });
  await bookingListsChanged();
}
