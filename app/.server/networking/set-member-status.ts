import { eq } from "drizzle-orm";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { networkingMembers } from "../db/schema";
import { AppError } from "../errors";
import { recordAuditEvent } from "../users/audit";
import { memberListsChanged } from "./member-lists-cache";
import { type MemberStatus, memberStatuses } from "./schema";

/** Makes a member Active (listed in the directory) or Inactive (hidden). Throws AppError: INVALID, NOT_FOUND. */
export async function setMemberStatus(input: { actor: SessionUser; id: string; status: string }): Promise<MemberStatus> {
  if (!(memberStatuses as readonly string[]).includes(input.status)) throw new AppError("INVALID", m.community_member_status_invalid());
  const status = input.status as MemberStatus;
  await db().transaction(async (tx) => {
    const [updated] = await tx
      .update(networkingMembers)
      .set({ status, updatedAt: new Date() })
      .where(eq(networkingMembers.id, input.id))
      .returning({ userId: networkingMembers.userId });
    if (!updated) throw new AppError("NOT_FOUND", m.server_member_not_found());
    await recordAuditEvent(
      { action: "networking.member-status", actorId: input.actor.id, targetId: updated.userId, detail: { memberId: input.id, status } },
      tx,
    );
  });
  await memberListsChanged();
  return status;
}
