import { count, desc, eq, ilike, or } from "drizzle-orm";
import { getLocale, type Locale } from "~/lib/locale";
import type { Paginated } from "~/lib/pagination";
import { hasRole, type Role, roles } from "~/lib/roles";
import { m } from "~/paraglide/messages";
import { type SessionUser, sessionsChanged } from "../auth/session";
import { bookingListsChanged } from "../bookings/booking-lists-cache";
import { db } from "../db";
import { users } from "../db/schema";
import { AppError } from "../errors";
import { listTotal, paginate } from "../pagination";
import { containsPattern } from "../search-pattern";
import { recordAuditEvent } from "./audit";

export const USERS_PER_PAGE = 20;

export type UserRow = { id: string; name: string; email: string; role: Role };

/** Users by newest first, optionally filtered by a name or e-mail fragment (pages from 1; past the end, the last page). */
export async function listUsers(input: { search: string; page: number; pageSize?: number }): Promise<Paginated<UserRow>> {
  const pattern = containsPattern(input.search);
  const where = input.search ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined;
  return paginate({
    page: input.page,
    pageSize: input.pageSize ?? USERS_PER_PAGE,
    count: async () => (await db().select({ total: count() }).from(users).where(where))[0]?.total ?? 0,
    rows: ({ limit, offset }) =>
      db()
        .select({ id: users.id, name: users.name, email: users.email, role: users.role, listTotal: listTotal() })
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), users.email)
        .limit(limit)
        .offset(offset),
  });
}

export async function findUser(id: string): Promise<UserRow> {
  const [user] = await db()
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  if (!user) throw new AppError("NOT_FOUND", m.server_no_such_user());
  return user;
}

/** Roles only an admin grants, removes, or edits the profile of. */
export const privilegedRoles: readonly Role[] = ["manager", "admin"];
const privileged = privilegedRoles;

/** The roles `actor` may hand out: every role for an admin; a manager, all but manager and admin. */
export function assignableRoles(actor: Pick<SessionUser, "role">): Role[] {
  if (!hasRole(actor.role, ["manager"])) return [];
  return actor.role === "admin" ? [...roles] : roles.filter((role) => !privileged.includes(role));
}

/**
 * Why the user list offers `actor` no role picker for `target` ("This is you", "Admin only"), or
 * null when it does. The same rules as `roleChangeRefusal`, which the change itself applies.
 */
export function roleChangeLock(actor: Pick<SessionUser, "id" | "role">, target: Pick<UserRow, "id" | "role">): string | null {
  if (actor.id === target.id) return m.server_role_lock_you();
  if (privileged.includes(target.role) && actor.role !== "admin") return m.server_role_lock_admin_only();
  return null;
}

/** Why `actor` may not move `target` from its role to `role` (in `locale`), or null when they may. */
export function roleChangeRefusal(actor: SessionUser, target: UserRow, role: Role, locale: Locale = getLocale()): string | null {
  if (!hasRole(actor.role, ["manager"])) return m.server_role_only_managers({}, { locale });
  if (actor.id === target.id) return m.server_role_not_own({}, { locale });
  if ((privileged.includes(role) || privileged.includes(target.role)) && actor.role !== "admin") {
    return m.server_role_only_admin_privileged({}, { locale });
  }
  return null;
}

/** Changes a user's role under the rules above, recording the change (or the refusal). */
export async function changeUserRole(input: { actor: SessionUser; targetId: string; role: Role }): Promise<UserRow> {
  const target = await findUser(input.targetId);
  const refusal = roleChangeRefusal(input.actor, target, input.role);
  if (refusal) {
    await recordAuditEvent({
      action: "role.refused",
      actorId: input.actor.id,
      targetId: target.id,
      // The audit log is read in English, whatever the page's language.
      detail: { from: target.role, to: input.role, reason: roleChangeRefusal(input.actor, target, input.role, "en") },
    });
    throw new AppError("FORBIDDEN", refusal);
  }
  if (target.role === input.role) return target;
  await db().transaction(async (tx) => {
    await tx.update(users).set({ role: input.role, updatedAt: new Date() }).where(eq(users.id, target.id));
    await recordAuditEvent(
      { action: "role.changed", actorId: input.actor.id, targetId: target.id, detail: { from: target.role, to: input.role } },
      tx,
    );
  });
  await sessionsChanged();
  // Only staff are bookable: a consultant made a student leaves the booking page.
  await bookingListsChanged();
  return { ...target, role: input.role };
}
