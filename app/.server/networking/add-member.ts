import { randomUUID } from "node:crypto";
import { m } from "~/paraglide/messages";
import { type SessionUser, sessionsChanged } from "../auth/session";
import { db } from "../db";
import { networkingMembers } from "../db/schema";
import { AppError, isAppError } from "../errors";
import { getStorage } from "../storage/storage";
import { recordAuditEvent } from "../users/audit";
import { preparePhoto } from "../users/photo";
import { memberListsChanged } from "./member-lists-cache";
import { asDuplicateEmail, assertEmailFree, linkAccount, type Member, memberColumns, memberPhotoKey } from "./members";
import { type MemberChoices, type MemberInput, parseMember } from "./schema";

/**
 * Adds a networking member (Active) with their photo, linked to the account with their e-mail
 * (a student's role becomes networking). One member per e-mail. Throws AppError: INVALID with
 * field problems (including the photo's), CONFLICT for an e-mail already listed.
 */
export async function addMember(input: {
  actor: SessionUser;
  fields: MemberInput;
  photo: Buffer | null;
  choices: MemberChoices;
}): Promise<Member> {
  const fields = parseMember(input.fields, input.choices);
  await assertEmailFree(fields.email, undefined, db());
  if (!input.photo || input.photo.length === 0) {
    throw new AppError("INVALID", m.forms_correct_marked_fields(), { fieldErrors: { profile: m.server_choose_photo() } });
  }
  const photo = await preparePhotoField(input.photo);
  const id = randomUUID();
  const key = memberPhotoKey(id);
  await getStorage().put(key, photo);
  try {
    const { member, roleChanged } = await db().transaction(async (tx) => {
      const link = await linkAccount({ email: fields.email, actorId: input.actor.id }, tx);
      const [member] = await tx
        .insert(networkingMembers)
        .values({
          id,
          ...memberColumns(fields),
          photo: key,
          userId: link.userId,
          createdBy: input.actor.id,
        })
        .returning();
      await recordAuditEvent(
        {
          action: "networking.member-added",
          actorId: input.actor.id,
          targetId: link.userId,
          detail: { memberId: id, email: fields.email },
        },
        tx,
      );
      return { member: member as Member, roleChanged: link.roleChanged };
    });
    if (roleChanged) await sessionsChanged();
    await memberListsChanged();
    return member;
  } catch (error) {
    // Nothing was added: do not keep the photo either.
    await getStorage().delete(key);
    throw asDuplicateEmail(error);
  }
}

/** The photo re-encoded, or AppError("INVALID") naming the photo field. */
export async function preparePhotoField(bytes: Buffer): Promise<Buffer> {
  try {
    return await preparePhoto(bytes);
  } catch (error) {
    if (isAppError(error, "INVALID"))
      throw new AppError("INVALID", m.forms_correct_marked_fields(), { fieldErrors: { profile: error.message } });
    throw error;
  }
}
