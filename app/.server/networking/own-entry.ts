import { eq, or, sql } from "drizzle-orm";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { networkingMembers } from "../db/schema";
import { AppError } from "../errors";
import { memberListsChanged } from "./member-lists-cache";

/**
 * The networking member entry of a signed-in person, if they have one: linked to their account,
 * or (once their e-mail is confirmed) listed under the same address.
 */
export async function findOwnMemberEntry(user: Pick<SessionUser, "id" | "email" | "emailVerified">) {
  const mine = user.emailVerified
    ? or(eq(networkingMembers.userId, user.id), sql`lower(${networkingMembers.email}) = lower(${user.email})`)
    : eq(networkingMembers.userId, user.id);
  const [entry] = await db()
    .select({ id: networkingMembers.id, acceptsMessages: networkingMembers.acceptsMessages })
    .from(networkingMembers)
    .where(mine)
    .limit(1);
  return entry ?? null;
}

/** A member turns Connect messages on or off for their own entry (and the entry is linked to the account). */
export async function setAcceptsMessages(user: Pick<SessionUser, "id" | "email" | "emailVerified">, accepts: boolean) {
  const entry = await findOwnMemberEntry(user);
  if (!entry) throw new AppError("NOT_FOUND", m.server_not_in_directory());
  await db()
    .update(networkingMembers)
    .set({ acceptsMessages: accepts, userId: user.id, updatedAt: new Date() })
    .where(eq(networkingMembers.id, entry.id));
  await memberListsChanged();
}
