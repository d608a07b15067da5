import { and, asc, count, desc, eq, gt, isNull, lte, type SQL, sql } from "drizzle-orm";
import { type BookingStatus, liveBookingStatuses } from "~/lib/booking";
import type { Paginated } from "~/lib/pagination";
import { db } from "../db";
import { appointmentSlots, bookings } from "../db/schema";
import { listTotal, paginate } from "../pagination";
import { cachedBookingList } from "./booking-lists-cache";
import { qualified } from "./qualified";

export const SLOTS_PER_PAGE = 12;

export type ConsultantSlotRow = {
  id: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  /** Upcoming: the slot's live booking (else null: free). Past: its latest booking, whatever became of it. */
  bookingStatus: BookingStatus | null;
  bookedBy: string | null;
};

/**
 * A consultant's own slots: upcoming ones (not started) soonest first, or the past ones (the
 * history) latest first. Deleted slots are left out.
 */
export function listConsultantSlots(input: {
  consultantId: string;
  view: "upcoming" | "past";
  page: number;
}): Promise<Paginated<ConsultantSlotRow>> {
  return cachedBookingList(JSON.stringify(["listConsultantSlots", input.consultantId, input.view, input.page]), () =>
    readConsultantSlots(input),
  );
}

function readConsultantSlots(input: {
  consultantId: string;
  view: "upcoming" | "past";
  page: number;
}): Promise<Paginated<ConsultantSlotRow>> {
  const where = and(
    eq(appointmentSlots.consultantId, input.consultantId),
    isNull(appointmentSlots.deletedAt),
    input.view === "upcoming" ? gt(appointmentSlots.startsAt, sql`now()`) : lte(appointmentSlots.startsAt, sql`now()`),
  ) as SQL;
  // Upcoming: the live booking, if any (the partial unique index finds it). Past: the latest booking, whatever became of it.
  const booking =
    input.view === "upcoming"
      ? and(eq(bookings.slotId, appointmentSlots.id), sql`${bookings.status} in ${liveBookingStatuses}`)
      : sql`${bookings.id} = (select ${qualified(bookings.id)} from ${bookings} where ${qualified(bookings.slotId)} = ${qualified(appointmentSlots.id)} order by ${qualified(bookings.createdAt)} desc limit 1)`;
  return paginate<ConsultantSlotRow>({
    page: input.page,
    pageSize: SLOTS_PER_PAGE,
    count: async () => (await db().select({ total: count() }).from(appointmentSlots).where(where))[0]?.total ?? 0,
    rows: ({ limit, offset }) =>
      db()
        .select({
          id: appointmentSlots.id,
          startsAt: appointmentSlots.startsAt,
          endsAt: appointmentSlots.endsAt,
          timeZone: appointmentSlots.timeZone,
          bookingStatus: bookings.status,
          bookedBy: bookings.name,
          listTotal: listTotal(),
        })
        .from(appointmentSlots)
        .leftJoin(bookings, booking)
        .where(where)
        .orderBy(input.view === "upcoming" ? asc(appointmentSlots.startsAt) : desc(appointmentSlots.startsAt), appointmentSlots.id)
        .limit(limit)
        .offset(offset),
  });
}
