import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { SlotFormSchema } from "~/lib/schemas/booking";
import { formatSlot } from "~/lib/time-zones";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { pgErrorCode } from "../consultants/consultants";
import { db } from "../db";
import { appointmentSlots } from "../db/schema";
import { AppError } from "../errors";
import { recordAuditEvent } from "../users/audit";
import { bookingListsChanged } from "./booking-lists-cache";
import { slotInstants } from "./slot-time";

export type Slot = typeof appointmentSlots.$inferSelect;

function overlapRefusal(message: string) {
  return new AppError("CONFLICT", message, { fieldErrors: { time: message } });
}

/**
 * Adds a slot to a consultant's own times: a day, a start (24-hour) and a length in the zone
 * they entered, stored as instants. Refused: an impossible day or time, a length outside 15–180
 * minutes, a zone that is not an IANA zone (INVALID, the field named), a start in the past, and a
 * slot overlapping another of theirs (CONFLICT). The overlap is checked here to name the other
 * slot, and is made impossible by the database's exclusion constraint, which decides when two
 * requests race.
 */
export async function addSlot(input: { actor: SessionUser; consultantId: string; fields: unknown; now?: Date }): Promise<Slot> {
  const parsed = SlotFormSchema.safeParse(input.fields);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  const { date, time, duration, timeZone } = parsed.data;
  const { startsAt, endsAt } = slotInstants({ date, time, duration, timeZone, now: input.now });
  const [clash] = await db()
    .select({ startsAt: appointmentSlots.startsAt, endsAt: appointmentSlots.endsAt })
    .from(appointmentSlots)
    .where(
      and(
        eq(appointmentSlots.consultantId, input.consultantId),
        isNull(appointmentSlots.deletedAt),
        lt(appointmentSlots.startsAt, endsAt),
        gt(appointmentSlots.endsAt, startsAt),
      ),
    )
    .orderBy(asc(appointmentSlots.startsAt))
    .limit(1);
  if (clash) throw overlapRefusal(m.server_slot_overlaps_yours({ slot: formatSlot(clash.startsAt, clash.endsAt, timeZone) }));
  for (let attempt = 1; ; attempt++) {
    try {
      const added = await db().transaction(async (tx) => {
        // One consultant's slots are added one at a time. The exclusion constraint alone is the
        // guarantee, but overlapping inserts racing through it wait for each other (a deadlock
        // PostgreSQL ends only after a second), and twenty at once held every pooled connection
        // that long; under this lock each sees the one before it committed and is refused at once.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`slots:${input.consultantId}`}))`);
        const [slot] = await tx
          .insert(appointmentSlots)
          .values({ id: randomUUID(), consultantId: input.consultantId, startsAt, endsAt, timeZone })
          .returning();
        await recordAuditEvent(
          {
            action: "slot.added",
            actorId: input.actor.id,
            detail: { consultantId: input.consultantId, startsAt: startsAt.toISOString(), minutes: duration, timeZone },
          },
          tx,
        );
        return slot as Slot;
      });
      await bookingListsChanged();
      return added;
    } catch (error) {
      const code = pgErrorCode(error);
      // exclusion_violation: another request added an overlapping slot a moment earlier.
      if (code === "23P01") throw overlapRefusal(m.server_slot_overlaps_another());
      // Two overlapping inserts can each wait for the other's check: PostgreSQL ends one of them
      // (deadlock_detected). Trying again sees the other's outcome: an overlap, or room after all.
      if (code === "40P01" && attempt < 3) continue;
      throw error;
    }
  }
}
