import { eq } from "drizzle-orm";
import { type SessionUser, sessionsChanged } from "../auth/session";
import { db } from "../db";
import { networkingMembers } from "../db/schema";
import { getStorage } from "../storage/storage";
import { recordAuditEvent } from "../users/audit";
import { preparePhotoField } from "./add-member";
import { memberListsChanged } from "./member-lists-cache";
import { asDuplicateEmail, assertEmailFree, findMember, linkAccount, type Member, memberColumns, memberPhotoKey } from "./members";
import { type MemberChoices, type MemberInput, parseMember } from "./schema";

/**
 * Saves every field of a member's edit form; the photo only when a new one is given (the old one
 * is kept otherwise, and deleted once replaced). A changed e-mail links the member to that account.
 * Throws AppError: NOT_FOUND, INVALID with field problems, CONFLICT for another member's e-mail.
 */
export async function updateMember(input: {
  actor: SessionUser;
  id: string;
  fields: MemberInput;
  photo: Buffer | null;
  choices: MemberChoices;
}): Promise<Member> {
  const current = await findMember(input.id);
  const fields = parseMember(input.fields, input.choices);
  await assertEmailFree(fields.email, current.id, db());
  const newPhoto = input.photo && input.photo.length > 0 ? await preparePhotoField(input.photo) : null;
  const key = newPhoto ? memberPhotoKey(current.id) : current.photo;
  if (newPhoto) await getStorage().put(key, newPhoto);
  try {
    const { member, roleChanged } = await db().transaction(async (tx) => {
      const emailChanged = fields.email.toLowerCase() !== current.email.toLowerCase();
      const link = emailChanged
        ? await linkAccount({ email: fields.email, actorId: input.actor.id }, tx)
        : { userId: current.userId, roleChanged: false };
      const [member] = await tx
        .update(networkingMembers)
        .set({
          ...memberColumns(fields),
          photo: key,
          userId: link.userId,
          updatedAt: new Date(),
        })
        .where(eq(networkingMembers.id, current.id))
        .returning();
      await recordAuditEvent(
        {
          action: "networking.member-updated",
          actorId: input.actor.id,
          targetId: link.userId,
          detail: { memberId: current.id, photo: Boolean(newPhoto) },
        },
        tx,
      );
      return { member: member as Member, roleChanged: link.roleChanged };
    });
    if (roleChanged) await sessionsChanged();
    await memberListsChanged();
    if (newPhoto) await getStorage().delete(current.photo);
    return member;
  } catch (error) {
    if (newPhoto) await getStorage().delete(key);
    throw asDuplicateEmail(error);
  }
}
