import { and, eq, isNull } from "drizzle-orm";
import { m } from "~/paraglide/messages";
import { db } from "../db";
import { contactMessages } from "../db/schema";
import { AppError } from "../errors";

/**
 * Records that a staff member handled a message. Marking it again keeps the first
 * handler and time: the inbox shows who answered first. Throws AppError("NOT_FOUND") for an unknown id.
 */
export async function markContactMessageHandled({ id, actor }: { id: number; actor: { id: string } }) {
  const [existing] = await db().select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, id));
  if (!existing) throw new AppError("NOT_FOUND", m.staff_no_such_message());
  await db()
    .update(contactMessages)
    .set({ handledAt: new Date(), handledBy: actor.id })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)));
}
