import { randomUUID } from "node:crypto";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { liveBookingStatuses } from "~/lib/booking";
import { formatDigits } from "~/lib/numbers";
import { hasRole, staffRoles } from "~/lib/roles";
import { BookingFormSchema } from "~/lib/schemas/booking";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { pgErrorCode } from "../consultants/consultants";
import { db } from "../db";
import { appointmentSlots, bookings, consultants, users } from "../db/schema";
import { AppError } from "../errors";
import { bookingRequestedMail } from "../mail/booking-templates";
import { queueMail } from "../mail/outbox";
import { getBookingRules } from "../settings/site-settings";
import { recordAuditEvent } from "../users/audit";
import { consultantBookingUrl } from "./booking-links";
import { bookingListsChanged } from "./booking-lists-cache";
import { qualified } from "./qualified";

/** Refusals of the slot field: shown beside the select, and the list is read again. */
function slotRefusal(code: "CONFLICT" | "NOT_FOUND" | "INVALID", message: string) {
  return new AppError(code, message, { fieldErrors: { slot: message } });
}

/**
 * Books a free slot of `consultantId` for the signed-in `student`, keeping the contact details
 * they posted. The checks and the insert run in one transaction: the slot is read FOR SHARE (a
 * slot being deleted waits, or is seen deleted), and at most one live booking per slot is the
 * partial unique index's to guarantee — of many students racing for one slot, exactly one wins
 * and the rest get SLOT_TAKEN (409). A student's live bookings with one consultant are counted
 * under a transaction-level advisory lock on (student, consultant), so two quick posts cannot
 * both pass the limit. The consultant is mailed in the same transaction.
 */
export async function bookSlot(input: { student: SessionUser; consultantId: string; fields: unknown }): Promise<{ bookingId: string }> {
  const parsed = BookingFormSchema.safeParse(input.fields);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  const fields = parsed.data;
  const rules = await getBookingRules();
  const id = randomUUID();
  try {
    await db().transaction(async (tx) => {
      // The slot (held FOR SHARE: a delete waits for this booking, or this booking sees it deleted),
      // its consultant and their account, and whether a live booking holds it: one query.
      const [row] = await tx
        .select({
          slot: {
            id: appointmentSlots.id,
            consultantId: appointmentSlots.consultantId,
            startsAt: appointmentSlots.startsAt,
            endsAt: appointmentSlots.endsAt,
            deletedAt: appointmentSlots.deletedAt,
          },
          consultant: { id: consultants.id, active: consultants.active, userId: consultants.userId, name: consultants.name },
          consultantUser: { name: users.name, email: users.email, timeZone: users.timeZone, locale: users.locale },
          consultantRole: users.role,
          taken: sql<boolean>`exists (select 1 from ${bookings} where ${qualified(bookings.slotId)} = ${qualified(appointmentSlots.id)} and ${qualified(bookings.status)} in ${liveBookingStatuses})`,
        })
        .from(appointmentSlots)
        .innerJoin(consultants, eq(consultants.id, appointmentSlots.consultantId))
        .innerJoin(users, eq(users.id, consultants.userId))
        .where(eq(appointmentSlots.id, fields.slot))
        .for("share", { of: appointmentSlots });
      // Another consultant's slot posted here is as unknown as one that never existed.
      if (!row || row.slot.consultantId !== input.consultantId) throw slotRefusal("NOT_FOUND", m.server_slot_gone());
      const { slot, consultant, consultantUser } = row;
      if (slot.deletedAt) throw slotRefusal("CONFLICT", m.server_slot_gone());
      if (slot.startsAt.getTime() <= Date.now()) throw slotRefusal("CONFLICT", m.server_slot_started());
      // Deactivated, or their account is no longer staff: not bookable.
      if (!consultant.active || !hasRole(row.consultantRole, staffRoles))
        throw new AppError("NOT_FOUND", m.server_consultant_unavailable());
      if (consultant.userId === input.student.id) throw slotRefusal("INVALID", m.server_own_slot());
      if (row.taken) throw slotRefusal("CONFLICT", m.server_slot_taken());

      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${input.student.id}), hashtext(${consultant.id}))`);
      const [held] = await tx
        .select({ live: count() })
        .from(bookings)
        .innerJoin(appointmentSlots, eq(appointmentSlots.id, bookings.slotId))
        .where(
          and(
            eq(bookings.studentId, input.student.id),
            eq(bookings.consultantId, consultant.id),
            sql`${bookings.status} in ${liveBookingStatuses}`,
            gt(appointmentSlots.endsAt, sql`now()`),
          ),
        );
      if ((held?.live ?? 0) >= rules.maxLivePerConsultant) {
        throw new AppError(
          "CONFLICT",
          rules.maxLivePerConsultant === 1
            ? m.server_booking_with_consultant_already({ consultant: consultant.name })
            : m.server_bookings_with_consultant_most({ count: formatDigits(rules.maxLivePerConsultant), consultant: consultant.name }),
        );
      }

      await tx.insert(bookings).values({
        id,
        slotId: slot.id,
        consultantId: consultant.id,
        studentId: input.student.id,
        name: fields.name,
        email: fields.email,
        phone: fields.phone,
        address: fields.address,
      });
      await queueMail(
        tx,
        bookingRequestedMail({
          to: consultantUser,
          consultantName: consultant.name,
          studentName: fields.name,
          slot,
          url: consultantBookingUrl(id, consultantUser.locale),
          contact: { email: fields.email, phone: fields.phone, address: fields.address },
        }),
      );
      await recordAuditEvent(
        { action: "booking.created", actorId: input.student.id, targetId: consultant.userId, detail: { bookingId: id, slotId: slot.id } },
        tx,
      );
    });
  } catch (error) {
    // Another student's booking of this slot committed first: the partial unique index said no.
    if (pgErrorCode(error) === "23505") throw slotRefusal("CONFLICT", m.server_slot_taken());
    throw error;
  }
  await bookingListsChanged();
  return { bookingId: id };
}
