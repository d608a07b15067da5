import { and, asc, eq, type SQL } from "drizzle-orm";
import { db } from "~/.server/db";
import { auditEvents } from "~/.server/db/schema";

/** The audit events a test caused, oldest first, filtered by action, actor and/or target. */
export async function auditEventsWhere(filter: { action?: string; actorId?: string; targetId?: string }) {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  if (filter.actorId) conditions.push(eq(auditEvents.actorId, filter.actorId));
  if (filter.targetId) conditions.push(eq(auditEvents.targetId, filter.targetId));
  return db()
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(asc(auditEvents.id));
}
