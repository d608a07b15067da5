import { eq, sql } from "drizzle-orm";
import { type BookingStatus, bookingStatuses, type ConsultantStatusChoice, consultantTransitions, statusLabels } from "~/lib/booking";
import { pageRoles } from "~/lib/dashboard-menu";
import { hasRole } from "~/lib/roles";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { bookings } from "../db/schema";
import { AppError } from "../errors";
import { bookingAcceptedMail, bookingCompletedMail, bookingEventTexts, bookingRejectedMail } from "../mail/booking-templates";
import { queueMail } from "../mail/outbox";
import { recordAuditEvent } from "../users/audit";
import { bookConsultantUrl, studentBookingUrl } from "./booking-links";
import { bookingListsChanged } from "./booking-lists-cache";
import { bookingCalendar } from "./calendar";
import { type LockedBooking, lockBooking } from "./locked-booking";

/** Why a booking in one status cannot move to `asked`, in the request's language. */
const refusals: Record<BookingStatus, (inputs: { status: string }) => string> = {
  accepted: m.server_booking_cannot_accept,
  rejected: m.server_booking_cannot_reject,
  completed: m.server_booking_cannot_complete,
  pending: m.server_booking_cannot_reset,
  cancelled: m.server_booking_cannot_cancel,
};

/**
 * A consultant accepts, rejects or completes one of their bookings: pending → accepted | rejected,
 * accepted → completed | rejected; anything else is CONFLICT (409) with the reason. The row is
 * locked for the change; the student is mailed in the same transaction: the acceptance carries
 * the calendar invitation (METHOD:REQUEST), a rejection after acceptance its cancellation
 * (METHOD:CANCEL, the same UID, SEQUENCE raised). Another consultant's booking is FORBIDDEN,
 * except to a manager (or admin): they run every booking (/dashboard/bookings), by the same rules.
 */
export async function setBookingStatus(input: {
  actor: SessionUser;
  /** The acting consultant's profile (My Appointments); null when a manager acts from the bookings list. */
  consultantId: string | null;
  bookingId: string;
  status: string;
}): Promise<ConsultantStatusChoice> {
  if (!(bookingStatuses as readonly string[]).includes(input.status)) throw new AppError("INVALID", m.community_choose_booking_status());
  const asked = input.status as BookingStatus;
  const status = await db().transaction(async (tx) => {
    const locked = await lockBooking(tx, input.bookingId);
    if (!locked) throw new AppError("NOT_FOUND", m.server_booking_not_found());
    if (locked.booking.consultantId !== input.consultantId && !hasRole(input.actor.role, pageRoles.bookings)) {
      await recordAuditEvent(
        { action: "access.refused", actorId: input.actor.id, detail: { what: "booking status", bookingId: input.bookingId } },
        tx,
      );
      throw new AppError("FORBIDDEN", m.server_booking_not_yours());
    }
    const from = locked.booking.status;
    const allowed: readonly BookingStatus[] = consultantTransitions[from];
    if (!allowed.includes(asked)) {
      throw new AppError("CONFLICT", refusals[asked]({ status: statusLabels[from].toLowerCase() }));
    }
    const next = asked as ConsultantStatusChoice;
    // A calendar that holds the accepted event must be told it is off: a new SEQUENCE.
    const cancelsInvitation = next === "rejected" && from === "accepted";
    const sequence = locked.booking.calendarSequence + (cancelsInvitation ? 1 : 0);
    await tx
      .update(bookings)
      .set({
        status: next,
        calendarSequence: sequence,
        ...(next === "accepted" ? { acceptedAt: sql`now()` } : {}),
        updatedAt: new Date(),
      })
      .where(eq(bookings.id, locked.booking.id));
    await queueMail(tx, studentMail(locked, next, sequence));
    await recordAuditEvent(
      {
        action: "booking.status",
        actorId: input.actor.id,
        targetId: locked.booking.studentId,
        detail: { bookingId: locked.booking.id, from, to: next },
      },
      tx,
    );
    return next;
  });
  // A rejection frees the slot: the cards' free-slot counts change.
  await bookingListsChanged();
  return status;
}

function studentMail(locked: LockedBooking, status: ConsultantStatusChoice, sequence: number) {
  const common = {
    to: locked.student,
    consultantName: locked.consultant.name,
    studentName: locked.student.name,
    slot: locked.slot,
    url: studentBookingUrl(locked.booking.id, locked.student.locale),
  };
  if (status === "completed") return bookingCompletedMail(common);
  if (status === "accepted") return bookingAcceptedMail({ ...common, calendar: calendarFor(locked, "REQUEST", sequence) });
  return bookingRejectedMail({
    ...common,
    calendar: locked.booking.status === "accepted" ? calendarFor(locked, "CANCEL", sequence) : null,
    bookAgainUrl: bookConsultantUrl(locked.consultant.id, locked.student.locale),
  });
}

/** The booking's event, as the student's calendar should hold it (or drop it), in the student's language. */
export function calendarFor(locked: LockedBooking, method: "REQUEST" | "CANCEL", sequence: number): string {
  const url = studentBookingUrl(locked.booking.id, locked.student.locale);
  return bookingCalendar({
    method,
    bookingId: locked.booking.id,
    sequence,
    startsAt: locked.slot.startsAt,
    endsAt: locked.slot.endsAt,
    ...bookingEventTexts({ consultantName: locked.consultant.name, url, locale: locked.student.locale }),
    url,
    organizer: { name: locked.consultant.name, email: locked.consultant.email },
    attendee: { name: locked.student.name, email: locked.student.email },
  });
}
