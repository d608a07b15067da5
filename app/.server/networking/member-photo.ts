import { and, eq } from "drizzle-orm";
import { pageRoles } from "~/lib/dashboard-menu";
import { hasRole } from "~/lib/roles";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { networkingMembers } from "../db/schema";
import { AppError } from "../errors";
import { getStorage } from "../storage/storage";

/** The address a member's stored photo is served at (routes/api/member-photo.ts). */
export function memberPhotoUrl(key: string): string {
  return `/${key}`;
}

/**
 * A member's current photo, for signed-in people: an Active member's for anyone signed in (the
 * directory), an Inactive one's for staff who manage members only. Anything else, an old photo's
 * key included, is NOT_FOUND (not 403: no one learns which members exist).
 */
export async function readMemberPhoto(input: { memberId: string; file: string; viewer: SessionUser | null }): Promise<Buffer> {
  if (!input.viewer) throw new AppError("NOT_FOUND", m.server_not_found());
  const key = `member-photos/${input.memberId}/${input.file}`;
  const [member] = await db()
    .select({ status: networkingMembers.status })
    .from(networkingMembers)
    .where(and(eq(networkingMembers.id, input.memberId), eq(networkingMembers.photo, key)));
  if (!member) throw new AppError("NOT_FOUND", m.server_not_found());
  if (member.status !== "Active" && !hasRole(input.viewer.role, pageRoles.networkingMembers))
    throw new AppError("NOT_FOUND", m.server_not_found());
  const bytes = await getStorage().get(key);
  if (!bytes) throw new AppError("NOT_FOUND", m.server_not_found());
  return bytes;
}
