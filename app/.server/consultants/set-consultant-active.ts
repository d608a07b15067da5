import { eq } from "drizzle-orm";
import { m } from "~/paraglide/messages";
import { type SessionUser, sessionsChanged } from "../auth/session";
import { bookingListsChanged } from "../bookings/booking-lists-cache";
import { db } from "../db";
import { consultants } from "../db/schema";
import { AppError } from "../errors";
import { recordAuditEvent } from "../users/audit";

/**
 * Deactivates a consultant (no longer listed or bookable; their bookings, live ones included,
 * stay for them and for staff to settle) or makes them bookable again. Throws AppError NOT_FOUND.
 */
export async function setConsultantActive(input: { actor: SessionUser; id: string; active: boolean }): Promise<void> {
  await db().transaction(async (tx) => {
    const [updated] = await tx
      .update(consultants)
      .set({ active: input.active, updatedAt: new Date() })
      .where(eq(consultants.id, input.id))
      .returning({ userId: consultants.userId });
    if (!updated) throw new AppError("NOT_FOUND", m.server_consultant_not_found());
    await recordAuditEvent(
      {
        action: "consultant.status",
        actorId: input.actor.id,
        targetId: updated.userId,
        detail: { consultantId: input.id, active: input.active },
      },
      tx,
    );
  });
  await bookingListsChanged();
  // The consultant's own pages read whether they are active with their session.
  await sessionsChanged();
}
