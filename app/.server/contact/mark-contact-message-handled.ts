import { and, eq, isNull } from "drizzle-orm";
import { db } from "../db";
import { contactMessages } from "../db/schema";

export class ContactMessageNotFoundError extends Error {
  constructor(id: number) {
    super(`No contact message ${id}`);
    this.name = "ContactMessageNotFoundError";
  }
}

/**
 * Records that a staff member handled a message. Marking it again keeps the first
 * handler and time: the inbox shows who answered first.
 */
export async function markContactMessageHandled({ id, actor }: { id: number; actor: { id: string } }) {
  const [existing] = await db().select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, id));
  if (!existing) throw new ContactMessageNotFoundError(id);
  await db()
    .update(contactMessages)
    .set({ handledAt: new Date(), handledBy: actor.id })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)));
}
