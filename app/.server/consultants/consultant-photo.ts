import { and, eq } from "drizzle-orm";
import { pageRoles } from "~/lib/dashboard-menu";
import { hasRole } from "~/lib/roles";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { consultants } from "../db/schema";
import { AppError } from "../errors";
import { getStorage } from "../storage/storage";

/**
 * A consultant's current picture. An active consultant's is public (students choose a consultant
 * by it, as with consultants' profile photos); a deactivated one's only for the managers who run
 * consultants. Anything else, an old picture's key included, is NOT_FOUND.
 */
export async function readConsultantPhoto(input: {
  consultantId: string;
  file: string;
  viewer: () => Promise<SessionUser | null>;
}): Promise<{ bytes: Buffer; isPublic: boolean }> {
  if (!/^[a-f0-9]{16}\.webp$/.test(input.file)) throw new AppError("NOT_FOUND", m.server_not_found());
  const key = `consultant-photos/${input.consultantId}/${input.file}`;
  const [consultant] = await db()
    .select({ active: consultants.active })
    .from(consultants)
    .where(and(eq(consultants.id, input.consultantId), eq(consultants.photo, key)));
  if (!consultant) throw new AppError("NOT_FOUND", m.server_not_found());
  if (!consultant.active) {
    const viewer = await input.viewer();
    if (!viewer || !hasRole(viewer.role, pageRoles.consultants)) throw new AppError("NOT_FOUND", m.server_not_found());
  }
  const bytes = await getStorage().get(key);
  if (!bytes) throw new AppError("NOT_FOUND", m.server_not_found());
  return { bytes, isPublic: consultant.active };
}
