import { eq } from "drizzle-orm";
import { hasRole } from "~/lib/roles";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { users } from "../db/schema";
import { AppError } from "../errors";
import { getStorage } from "../storage/storage";
import { photoKey, preparePhoto } from "./photo";

export type ProfileTarget = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  image: string | null;
  emailVerified: boolean;
};

/** The profile `actor` may edit: their own, or anyone's for a manager or admin. */
export async function findEditableProfile(actor: SessionUser, email: string): Promise<ProfileTarget> {
  const normalized = email.trim().toLowerCase();
  if (normalized !== actor.email && !hasRole(actor.role, ["manager"]))
    throw new AppError("FORBIDDEN", "You can edit only your own profile.");
  const [target] = await db()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      address: users.address,
      image: users.image,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(users.email, normalized));
  if (!target) throw new AppError("NOT_FOUND", "There is no account with that e-mail.");
  return target;
}

/** Saves name, phone, address and (when given) a new photo; the e-mail and role never change here. */
export async function updateProfile(input: {
  actor: SessionUser;
  email: string;
  name: string;
  phone: string;
  address: string;
  photo?: Buffer | undefined;
}): Promise<void> {
  const target = await findEditableProfile(input.actor, input.email);
  let image = target.image;
  if (input.photo) {
    const prepared = await preparePhoto(input.photo);
    image = photoKey(target.id);
    await getStorage().put(image, prepared);
  }
  await db()
    .update(users)
    .set({ name: input.name, phone: input.phone || null, address: input.address || null, image, updatedAt: new Date() })
    .where(eq(users.id, target.id));
  if (image !== target.image && target.image) await getStorage().delete(target.image);
}
