import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { m } from "~/paraglide/messages";
import { type Database, db } from "../db";
import { networkingMembers, users } from "../db/schema";
import { AppError } from "../errors";
import { recordAuditEvent } from "../users/audit";
import type { MemberFields } from "./schema";

/** A member as staff see it (the add, edit and manage pages). */
export type Member = typeof networkingMembers.$inferSelect;

/** The form's fields as a row's columns: optional addresses left empty are stored as null. */
export function memberColumns(fields: MemberFields) {
  return { ...fields, linkedin: fields.linkedin || null, twitter: fields.twitter || null, bookingUrl: fields.bookingUrl || null };
}

/** Where a member's re-encoded photo is stored: a fresh key for every upload. */
export function memberPhotoKey(memberId: string): string {
  return `member-photos/${memberId}/${randomBytes(8).toString("hex")}.webp`;
}

export async function findMember(id: string, database: Database = db()): Promise<Member> {
  const [member] = await database.select().from(networkingMembers).where(eq(networkingMembers.id, id));
  if (!member) throw new AppError("NOT_FOUND", m.server_member_not_found());
  return member;
}

/** Refuses an e-mail another member already has (`exceptId`: the member being edited). */
export async function assertEmailFree(email: string, exceptId: string | undefined, database: Database) {
  const [other] = await database
    .select({ id: networkingMembers.id })
    .from(networkingMembers)
    .where(sql`lower(${networkingMembers.email}) = lower(${email})`);
  if (other && other.id !== exceptId) throw duplicateMember();
}

function duplicateMember(): AppError {
  const refusal = m.server_duplicate_member();
  return new AppError("CONFLICT", refusal, { fieldErrors: { email: refusal } });
}

/**
 * The account with the member's e-mail, if any. A student's role becomes networking (recorded);
 * staff and networking accounts keep theirs: nobody is demoted by being listed.
 * Returns the account's id and whether its role changed (sessions must then be refreshed).
 */
export async function linkAccount(input: { email: string; actorId: string }, database: Database) {
  const [user] = await database
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`);
  if (!user) return { userId: null, roleChanged: false };
  if (user.role !== "student") return { userId: user.id, roleChanged: false };
  await database.update(users).set({ role: "networking", updatedAt: new Date() }).where(eq(users.id, user.id));
  await recordAuditEvent(
    {
      action: "role.changed",
      actorId: input.actorId,
      targetId: user.id,
      detail: { from: "student", to: "networking", by: "networking member" },
    },
    database,
  );
  return { userId: user.id, roleChanged: true };
}

/**
 * Two staff adding the same e-mail at once: the unique index refuses the second insert; that is
 * the same CONFLICT as the check before it, not a fault. Other errors pass through.
 */
export function asDuplicateEmail(error: unknown): unknown {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === "23505" ? duplicateMember() : error;
}
