import { eq } from "drizzle-orm";
import { isLiveStatus, statusLabels } from "~/lib/booking";
import { groupThousands } from "~/lib/numbers";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { bookings } from "../db/schema";
import { AppError } from "../errors";
import { bookingCancelledForConsultantMail, bookingCancelledMail } from "../mail/booking-templates";
import { queueMail } from "../mail/outbox";
import { getBookingRules } from "../settings/site-settings";
import { recordAuditEvent } from "../users/audit";
import { consultantBookingUrl, studentBookingUrl } from "./booking-links";
import { bookingListsChanged } from "./booking-lists-cache";
import { lockBooking } from "./locked-booking";
import { calendarFor } from "./set-booking-status";

/**
 * A student cancels their own pending or accepted booking, until the cut-off before its start
 * (site setting booking.cancelCutoffHours). The slot is free again at once. Both sides are
 * mailed; a booking that had been accepted sends the student's calendar its cancellation
 * (METHOD:CANCEL, the same UID, SEQUENCE raised). Someone else's booking is NOT_FOUND; a booking
 * that is no longer live, or past the cut-off, is CONFLICT (409).
 */
export async function cancelBooking(input: { student: SessionUser; bookingId: string; now?: Date }): Promise<void> {
  const rules = await getBookingRules();
  await db().transaction(async (tx) => {
    const locked = await lockBooking(tx, input.bookingId);
    if (!locked || locked.booking.studentId !== input.student.id) throw new AppError("NOT_FOUND", m.server_booking_not_found());
    const from = locked.booking.status;
    if (!isLiveStatus(from)) throw new AppError("CONFLICT", m.server_booking_not_live({ status: statusLabels[from].toLowerCase() }));
    const now = input.now ?? new Date();
    if (locked.slot.startsAt.getTime() - rules.cancelCutoffHours * 3_600_000 <= now.getTime()) {
      throw new AppError(
        "CONFLICT",
        rules.cancelCutoffHours > 0
          ? m.server_cancel_cutoff({ count: rules.cancelCutoffHours, countText: groupThousands(rules.cancelCutoffHours) })
          : m.server_appointment_started(),
      );
    }
    const wasAccepted = from === "accepted";
    const sequence = locked.booking.calendarSequence + (wasAccepted ? 1 : 0);
    await tx
      .update(bookings)
      .set({ status: "cancelled", calendarSequence: sequence, updatedAt: new Date() })
      .where(eq(bookings.id, locked.booking.id));
    const common = { consultantName: locked.consultant.name, studentName: locked.student.name, slot: locked.slot };
    await queueMail(
      tx,
      bookingCancelledMail({
        ...common,
        to: locked.student,
        url: studentBookingUrl(locked.booking.id, locked.student.locale),
        calendar: wasAccepted ? calendarFor(locked, "CANCEL", sequence) : null,
      }),
    );
    await queueMail(
      tx,
      bookingCancelledForConsultantMail({
        ...common,
        to: locked.consultantUser,
        url: consultantBookingUrl(locked.booking.id, locked.consultantUser.locale),
      }),
    );
    await recordAuditEvent(
      {
        action: "booking.status",
        actorId: input.student.id,
        targetId: locked.consultant.userId,
        detail: { bookingId: locked.booking.id, from, to: "cancelled" },
      },
      tx,
    );
  });
  await bookingListsChanged();
}
