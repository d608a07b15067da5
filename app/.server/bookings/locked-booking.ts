import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db";
import { appointmentSlots, bookings, consultants, users } from "../db/schema";
import type { Recipient } from "../mail/booking-templates";

export type LockedBooking = {
  booking: typeof bookings.$inferSelect;
  slot: { startsAt: Date; endsAt: Date };
  consultant: { id: string; name: string; email: string; userId: string };
  /** The consultant's account (name, address, zone and language for their e-mails). */
  consultantUser: Recipient;
  /** The student's account; e-mails go to the address they booked with, in their zone and language. */
  student: Recipient;
};

const consultantAccount = alias(users, "consultant_account");
const studentAccount = alias(users, "student_account");

/** A booking with what its e-mails need, its row locked FOR UPDATE until the transaction ends (null when there is none). */
export async function lockBooking(tx: Database, bookingId: string): Promise<LockedBooking | null> {
  const [row] = await tx
    .select({
      booking: bookings,
      slot: { startsAt: appointmentSlots.startsAt, endsAt: appointmentSlots.endsAt },
      consultant: { id: consultants.id, name: consultants.name, email: consultants.email, userId: consultants.userId },
      consultantUser: {
        name: consultantAccount.name,
        email: consultantAccount.email,
        timeZone: consultantAccount.timeZone,
        locale: consultantAccount.locale,
      },
      studentUser: { name: studentAccount.name, timeZone: studentAccount.timeZone, locale: studentAccount.locale },
    })
    .from(bookings)
    .innerJoin(appointmentSlots, eq(appointmentSlots.id, bookings.slotId))
    .innerJoin(consultants, eq(consultants.id, bookings.consultantId))
    .innerJoin(consultantAccount, eq(consultantAccount.id, consultants.userId))
    .innerJoin(studentAccount, eq(studentAccount.id, bookings.studentId))
    .where(eq(bookings.id, bookingId))
    .for("update", { of: bookings });
  if (!row) return null;
  return {
    booking: row.booking,
    slot: row.slot,
    consultant: row.consultant,
    consultantUser: row.consultantUser,
    student: { name: row.booking.name, email: row.booking.email, timeZone: row.studentUser.timeZone, locale: row.studentUser.locale },
  };
}
