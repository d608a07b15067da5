import { eq } from "drizzle-orm";
import { getLocale, type Locale } from "~/lib/locale";
import { hasRole, type Role } from "~/lib/roles";
import { m } from "~/paraglide/messages";
import { type SessionUser, sessionsChanged } from "../auth/session";
import { db } from "../db";
import { users } from "../db/schema";
import { AppError } from "../errors";
import { getStorage } from "../storage/storage";
import { recordAuditEvent } from "./audit";
import { privilegedRoles } from "./manage";
import { photoKey, preparePhoto } from "./photo";

export type ProfileTarget = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  image: string | null;
  emailVerified: boolean;
  role: Role;
  timeZone: string;
};

/**
 * Why `actor` may not edit `target`'s profile, or null when they may. Everyone edits their own;
 * a manager edits students', networking members' and consultants'; only an admin edits a
 * manager's or an admin's — the same line as for role changes (`roleChangeRefusal`).
 */
export function profileEditRefusal(
  actor: Pick<SessionUser, "id" | "role">,
  target: Pick<ProfileTarget, "id" | "role">,
  locale: Locale = getLocale(),
): string | null {
  if (actor.id === target.id) return null;
  if (!hasRole(actor.role, ["manager"])) return m.server_profile_only_own({}, { locale });
  if (privilegedRoles.includes(target.role) && actor.role !== "admin") return m.server_profile_only_admin({}, { locale });
  return null;
}

/** The profile `actor` may edit (see `profileEditRefusal`); a refusal is recorded in the audit log. */
export async function findEditableProfile(actor: SessionUser, email: string): Promise<ProfileTarget> {
  const normalized = email.trim().toLowerCase();
  // The audit log is read in English; the person reads the refusal in their page's language.
  const refuse = async (reason: (locale: Locale) => string, targetId: string | null) => {
    await recordAuditEvent({ action: "profile.refused", actorId: actor.id, targetId, email: normalized, detail: { reason: reason("en") } });
    return new AppError("FORBIDDEN", reason(getLocale()));
  };
  // Before the lookup, so people who may edit only their own profile learn nothing about other addresses.
  if (normalized !== actor.email && !hasRole(actor.role, ["manager"]))
    throw await refuse((locale) => m.server_profile_only_own({}, { locale }), null);
  const [target] = await db()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      address: users.address,
      image: users.image,
      emailVerified: users.emailVerified,
      role: users.role,
      timeZone: users.timeZone,
    })
    .from(users)
    .where(eq(users.email, normalized));
  if (!target) throw new AppError("NOT_FOUND", m.server_no_account_with_email());
  if (profileEditRefusal(actor, target)) throw await refuse((locale) => profileEditRefusal(actor, target, locale) ?? "", target.id);
  return target;
}

/**
 * Saves name, phone, address and (when given) a new photo; the e-mail and role never change here.
 * An edit of someone else's profile is recorded in the audit log with the fields it changed.
 */
export async function updateProfile(input: {
  actor: SessionUser;
  email: string;
  name: string;
  phone: string;
  address: string;
  /** Left out: the zone stays as it is. */
  timeZone?: string | undefined;
  photo?: Buffer | undefined;
}): Promise<void> {
  const target = await findEditableProfile(input.actor, input.email);
  let image = target.image;
  if (input.photo) {
    const prepared = await preparePhoto(input.photo);
    image = photoKey(target.id);
    await getStorage().put(image, prepared);
  }
  const values = {
    name: input.name,
    phone: input.phone || null,
    address: input.address || null,
    timeZone: input.timeZone ?? target.timeZone,
  };
  const changed: string[] = (["name", "phone", "address", "timeZone"] as const).filter((field) => values[field] !== target[field]);
  if (image !== target.image) changed.push("photo");
  await db().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...values, image, updatedAt: new Date() })
      .where(eq(users.id, target.id));
    if (input.actor.id !== target.id) {
      await recordAuditEvent(
        { action: "profile.updated", actorId: input.actor.id, targetId: target.id, detail: { fields: changed, targetRole: target.role } },
        tx,
      );
    }
  });
  await sessionsChanged();
  if (image !== target.image && target.image) await getStorage().delete(target.image);
}

/** Saves the language this person chose with the switch: their e-mails are written in it (ADR 037). */
export async function saveLanguage(userId: string, locale: Locale): Promise<void> {
  await db().update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId));
}
