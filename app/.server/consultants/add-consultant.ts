import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getLocale, type Locale } from "~/lib/locale";
import type { Role } from "~/lib/roles";
import { type SessionUser, sessionsChanged } from "../auth/session";
import { bookingListsChanged } from "../bookings/booking-lists-cache";
import { db } from "../db";
import { users } from "../db/schema";
import { consultantAddedMail, consultantInvitationMail } from "../mail/booking-templates";
import { queueMail } from "../mail/outbox";
import { localizedHref, mailLink } from "../mail/templates";
import { getStorage } from "../storage/storage";
import { recordAuditEvent } from "../users/audit";
import { INVITATION_DAYS, type Invitation, inviteAccount } from "../users/invite-account";
import { parseConsultantFields, prepareConsultantPicture } from "./consultant-fields";
import {
  asDuplicateConsultant,
  assertConsultantEmailFree,
  type Consultant,
  consultantPhotoKey,
  findConsultantOfUser,
  pgErrorCode,
} from "./consultants";
import { createConsultantProfile } from "./create-consultant-profile";

/** Roles that are never lowered by being made a consultant. */
const keptRoles: readonly Role[] = ["consultant", "manager", "admin"];

/**
 * Adds a consultant (active, bookable) with their picture, tied to the account with their e-mail:
 * a student's or networking member's role becomes consultant (staff keep theirs); with no account,
 * one is made and an invitation with a set-password link goes out through the outbox. Nothing is
 * kept when any step fails (the picture, the new account). Throws AppError: INVALID with field
 * problems (the picture's too), CONFLICT for an e-mail that already has a consultant.
 */
export async function addConsultant(input: { actor: SessionUser; fields: unknown; picture: Buffer | null }): Promise<Consultant> {
  const parsed = parseConsultantFields(input.fields);
  const fields = { ...parsed, email: parsed.email.toLowerCase() };
  await assertConsultantEmailFree(fields.email);
  const picture = await prepareConsultantPicture(input.picture);
  const id = randomUUID();
  const key = consultantPhotoKey(id);
  let existing = await accountWithEmail(fields.email);
  let invitation: Invitation | undefined;
  if (!existing) {
    try {
      invitation = await inviteAccount({ email: fields.email, name: fields.name, role: "consultant", actorId: input.actor.id });
    } catch (error) {
      // Someone made an account with this e-mail in the same moment (another manager adding this
      // consultant, or a sign-up): go on with that account; the consultant's own unique e-mail
      // then decides between two managers.
      existing = pgErrorCode(error) === "23505" ? await accountWithEmail(fields.email) : null;
      if (!existing) throw error;
    }
  }
  await getStorage().put(key, picture);
  try {
    const consultant = await db().transaction(async (tx) => {
      const userId = existing?.id ?? (invitation as Invitation).userId;
      if (existing && !keptRoles.includes(existing.role)) {
        await tx.update(users).set({ role: "consultant", updatedAt: new Date() }).where(eq(users.id, existing.id));
        await recordAuditEvent(
          {
            action: "role.changed",
            actorId: input.actor.id,
            targetId: existing.id,
            detail: { from: existing.role, to: "consultant", by: "consultant added" },
          },
          tx,
        );
      }
      const consultant = await createConsultantProfile(tx, {
        id,
        userId,
        profile: fields,
        photo: key,
        actorId: input.actor.id,
        by: "dashboard",
      });
      if (invitation) {
        await queueMail(
          tx,
          // No account before this one: the invitation is written in the language of the page it was sent from.
          consultantInvitationMail({
            to: fields.email,
            name: fields.name,
            url: localizedHref(invitation.setPasswordUrl, getLocale()),
            days: INVITATION_DAYS,
            locale: getLocale(),
          }),
        );
      } else {
        await queueMail(
          tx,
          consultantAddedMail({
            to: fields.email,
            name: existing?.name ?? fields.name,
            url: mailLink("/dashboard/appointment-time", existing?.locale ?? getLocale()),
            locale: existing?.locale ?? getLocale(),
          }),
        );
      }
      return consultant;
    });
    // Sessions carry the role and whether the person is a consultant: both may have changed.
    await sessionsChanged();
    await bookingListsChanged();
    return consultant;
  } catch (error) {
    // Nothing was added: keep neither the picture nor an account made for it — unless another
    // manager's consultant, added at the same moment, now uses that account.
    await getStorage().delete(key);
    if (invitation && !(await findConsultantOfUser(invitation.userId))) await invitation.undo();
    throw asDuplicateConsultant(error);
  }
}

async function accountWithEmail(email: string): Promise<{ id: string; name: string; role: Role; locale: Locale } | null> {
  const [user] = await db()
    .select({ id: users.id, name: users.name, role: users.role, locale: users.locale })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return user ?? null;
}
