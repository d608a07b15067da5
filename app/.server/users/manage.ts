import { count, desc, eq, ilike, or } from "drizzle-orm";
import { hasRole, type Role } from "~/lib/roles";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { users } from "../db/schema";
import { AppError } from "../errors";
import { recordAuditEvent } from "./audit";

export const USERS_PER_PAGE = 20;

export type UserRow = { id: string; name: string; email: string; role: Role };

/** Users by newest first, optionally filtered by a name or e-mail fragment. */
export async function listUsers(input: { search: string; page: number }): Promise<{ users: UserRow[]; total: number; pages: number }> {
  const pattern = `%${input.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const where = input.search ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined;
  const [rows, [totals]] = await Promise.all([
    db()
      .select({ id: users.id, name: users.name, email: users.email, role: users.role })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), users.email)
      .limit(USERS_PER_PAGE)
      .offset((input.page - 1) * USERS_PER_PAGE),
    db().select({ total: count() }).from(users).where(where),
  ]);
  const total = totals?.total ?? 0;
  return { users: rows, total, pages: Math.max(1, Math.ceil(total / USERS_PER_PAGE)) };
}

export async function findUser(id: string): Promise<UserRow> {
  const [user] = await db()
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  if (!user) throw new AppError("NOT_FOUND", "There is no such user.");
  return user;
}

const privileged: readonly Role[] = ["manager", "admin"];

/** Why `actor` may not move `target` from its role to `role`, or null when they may. */
export function roleChangeRefusal(actor: SessionUser, target: UserRow, role: Role): string | null {
  if (!hasRole(actor.role, ["manager"])) return "Only managers and admins change roles.";
  if (actor.id === target.id) return "Nobody can change their own role.";
  if ((privileged.includes(role) || privileged.includes(target.role)) && actor.role !== "admin") {
    return "Only an admin can grant or remove the manager and admin roles.";
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
      detail: { from: target.role, to: input.role, reason: refusal },
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
  return { ...target, role: input.role };
}
