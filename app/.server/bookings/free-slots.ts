import { and, asc, eq, gt, isNull, notExists, type SQL, sql } from "drizzle-orm";
import { liveBookingStatuses } from "~/lib/booking";
import { type Database, db } from "../db";
import { appointmentSlots, bookings } from "../db/schema";
import { qualified } from "./qualified";

/** A live booking holds the slot of the outer query. */
function liveBookingOfSlot(): SQL {
  return sql`(select 1 from ${bookings} where ${qualified(bookings.slotId)} = ${qualified(appointmentSlots.id)} and ${qualified(bookings.status)} in ${liveBookingStatuses})`;
}

/** A slot students may book now: not deleted, not started, not held by a live booking (columns named in full: it is also used in subqueries). */
export function isFreeSlot(): SQL {
  return and(
    isNull(qualified(appointmentSlots.deletedAt)),
    gt(qualified(appointmentSlots.startsAt), sql`now()`),
    notExists(liveBookingOfSlot()),
  ) as SQL;
}

export type FreeSlot = { id: string; startsAt: Date; endsAt: Date };

/** A consultant's free slots, soonest first (at most `limit`). */
export async function listFreeSlots(input: { consultantId: string; limit?: number }, database: Database = db()): Promise<FreeSlot[]> {
  return database
    .select({ id: appointmentSlots.id, startsAt: appointmentSlots.startsAt, endsAt: appointmentSlots.endsAt })
    .from(appointmentSlots)
    .where(and(eq(appointmentSlots.consultantId, input.consultantId), isFreeSlot()))
    .orderBy(asc(appointmentSlots.startsAt))
    .limit(input.limit ?? 200);
}
