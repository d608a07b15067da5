import { eq } from "drizzle-orm";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { networkingMembers } from "../db/schema";
import { AppError } from "../errors";
import { getStorage } from "../storage/storage";
import { recordAuditEvent } from "../users/audit";
import { memberListsChanged } from "./member-lists-cache";

/** Removes a member from the directory and deletes their photo (their account, if any, stays). Throws AppError NOT_FOUND. */
export async function deleteMember(input: { actor: SessionUser; id: string }): Promise<void> {
  const deleted = await db().transaction(async (tx) => {
    const [row] = await tx
      .delete(networkingMembers)
      .where(eq(networkingMembers.id, input.id))
      .returning({ photo: networkingMembers.photo, userId: networkingMembers.userId, email: networkingMembers.email });
    if (!row) throw new AppError("NOT_FOUND", m.server_member_not_found());
    await recordAuditEvent(
      {
        action: "networking.member-deleted",
        actorId: input.actor.id,
        targetId: row.userId,
        detail: { memberId: input.id, email: row.email },
      },
      tx,
    );
    return row;
  });
  await memberListsChanged();
  await getStorage().delete(deleted.photo);
}
