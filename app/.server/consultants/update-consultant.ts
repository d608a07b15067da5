import { eq } from "drizzle-orm";
import { ConsultantEditSchema } from "~/lib/schemas/booking";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { bookingListsChanged } from "../bookings/booking-lists-cache";
import { db } from "../db";
import { consultants } from "../db/schema";
import { AppError } from "../errors";
import { getStorage } from "../storage/storage";
import { recordAuditEvent } from "../users/audit";
import { prepareConsultantPicture } from "./consultant-fields";
import { type Consultant, consultantPhotoKey, findConsultant } from "./consultants";

/**
 * Saves a consultant's edited profile (their e-mail stays: it is their account's); a new picture
 * replaces the old one, which is then deleted. Throws AppError: INVALID with field problems, NOT_FOUND.
 */
export async function updateConsultant(input: {
  actor: SessionUser;
  id: string;
  fields: unknown;
  picture: Buffer | null;
}): Promise<Consultant> {
  const parsed = ConsultantEditSchema.safeParse(input.fields);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  const before = await findConsultant(input.id);
  const picture = input.picture && input.picture.length > 0 ? await prepareConsultantPicture(input.picture) : null;
  const key = picture ? consultantPhotoKey(before.id) : before.photo;
  if (picture) await getStorage().put(key, picture);
  try {
    const consultant = await db().transaction(async (tx) => {
      const [updated] = await tx
        .update(consultants)
        .set({ ...parsed.data, photo: key, updatedAt: new Date() })
        .where(eq(consultants.id, before.id))
        .returning();
      if (!updated) throw new AppError("NOT_FOUND", m.server_consultant_not_found());
      const changed = (Object.keys(parsed.data) as (keyof typeof parsed.data)[]).filter((field) => parsed.data[field] !== before[field]);
      if (picture) changed.push("photo" as never);
      await recordAuditEvent(
        {
          action: "consultant.updated",
          actorId: input.actor.id,
          targetId: before.userId,
          detail: { consultantId: before.id, fields: changed },
        },
        tx,
      );
      return updated;
    });
    await bookingListsChanged();
    // A profile made by create-user had no picture to delete.
    if (picture && before.photo) await getStorage().delete(before.photo);
    return consultant;
  } catch (error) {
    if (picture) await getStorage().delete(key);
    throw error;
  }
}
