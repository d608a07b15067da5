import { count, isNull } from "drizzle-orm";
import { hasRole, type Role } from "~/lib/roles";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { contactMessages, users } from "../db/schema";

export type Overview = { usersByRole: Partial<Record<Role, number>> | null; openMessages: number | null };

/** Figures for the dashboard's first page; staff-wide figures only for managers and admins. */
export async function dashboardOverview(user: SessionUser): Promise<Overview> {
  if (!hasRole(user.role, ["manager"])) return { usersByRole: null, openMessages: null };
  const [byRole, [open]] = await Promise.all([
    db().select({ role: users.role, total: count() }).from(users).groupBy(users.role),
    db().select({ total: count() }).from(contactMessages).where(isNull(contactMessages.handledAt)),
  ]);
  return { usersByRole: Object.fromEntries(byRole.map((row) => [row.role, row.total])), openMessages: open?.total ?? 0 };
}
