import { and, count, eq, gt, min } from "drizzle-orm";
import { CONNECT_DAILY_LIMIT, CONNECT_LIMIT, ConnectFormSchema } from "~/lib/schemas/networking";
import type { SessionUser } from "../auth/session";
import { getConfig } from "../config";
import { type Database, db } from "../db";
import { memberMessages, networkingMembers, users } from "../db/schema";
import { AppError, formatWait } from "../errors";
import { queueMail } from "../mail/outbox";
import { renderMail } from "../mail/templates";
import { getSiteSettings } from "../settings/site-settings";
import { type DirectoryCard, memberSummaryColumns } from "./search-directory";

const DAY_MS = 24 * 60 * 60 * 1000;

export const NOT_TAKING_MESSAGES = "This member is not taking messages through Onward at the moment.";
export const VERIFY_BEFORE_CONNECT = "Confirm your e-mail address first, so the member's reply can reach you.";

/** What the Connect page shows of a member: what the directory card shows, nothing more. */
export type ConnectTarget = Pick<DirectoryCard, "id" | "name" | "profession" | "company" | "address" | "location" | "photo">;

/**
 * The member a student may write to: listed (Active) and taking messages, and not the student
 * themselves. Throws AppError("NOT_FOUND") otherwise, the same answer for each reason.
 */
export async function findConnectTarget(memberId: string, sender: Pick<SessionUser, "id" | "email">, database: Database = db()) {
  const [member] = await database
    .select({ ...memberSummaryColumns, email: networkingMembers.email, userId: networkingMembers.userId })
    .from(networkingMembers)
    .where(and(eq(networkingMembers.id, memberId), eq(networkingMembers.status, "Active"), eq(networkingMembers.acceptsMessages, true)));
  const ownEntry = member && (member.userId === sender.id || member.email.toLowerCase() === sender.email.toLowerCase());
  if (!member || ownEntry) throw new AppError("NOT_FOUND", NOT_TAKING_MESSAGES);
  return member;
}

/** How many more members the student may write to now (of CONNECT_DAILY_LIMIT in 24 hours). */
export async function connectMessagesLeft(senderId: string, database: Database = db()): Promise<number> {
  const { sent } = await sentToday(senderId, database);
  return Math.max(0, CONNECT_DAILY_LIMIT - sent);
}

async function sentToday(senderId: string, database: Database) {
  const [row] = await database
    .select({ sent: count(), oldest: min(memberMessages.createdAt) })
    .from(memberMessages)
    .where(and(eq(memberMessages.senderId, senderId), gt(memberMessages.createdAt, new Date(Date.now() - DAY_MS))));
  return { sent: row?.sent ?? 0, oldest: row?.oldest ?? null };
}

/**
 * Connect: a student's message to a networking member, queued in the outbox with the student's
 * address as reply-to (the only place it is revealed; the member's address is never shown to
 * the student). At most CONNECT_DAILY_LIMIT in 24 hours per student, counted in the database
 * under a lock on the student's row, so parallel posts cannot pass the limit together.
 * Throws AppError: INVALID (message, unverified e-mail), NOT_FOUND (member), RATE_LIMITED.
 */
export async function sendConnectMessage(input: {
  sender: Pick<SessionUser, "id" | "name" | "email" | "emailVerified">;
  memberId: string;
  message: string;
}): Promise<{ memberName: string }> {
  const parsed = ConnectFormSchema.safeParse({ message: input.message });
  if (!parsed.success) {
    const problem = parsed.error.issues[0]?.message ?? "Write a message";
    throw new AppError("INVALID", problem, { fieldErrors: { message: problem } });
  }
  if (!input.sender.emailVerified) throw new AppError("INVALID", VERIFY_BEFORE_CONNECT);
  const { contactEmail } = await getSiteSettings();
  const appUrl = getConfig().appUrl;

  return db().transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.sender.id)).for("update");
    const member = await findConnectTarget(input.memberId, input.sender, tx);
    const { sent, oldest } = await sentToday(input.sender.id, tx);
    if (sent >= CONNECT_DAILY_LIMIT) {
      const wait = Math.max(1, Math.ceil(((oldest?.getTime() ?? Date.now()) + DAY_MS - Date.now()) / 1000));
      throw new AppError("RATE_LIMITED", `${CONNECT_LIMIT} You can write again in ${formatWait(wait)}.`, { retryAfterSeconds: wait });
    }
    await tx.insert(memberMessages).values({ memberId: member.id, senderId: input.sender.id, message: parsed.data.message });
    const student = input.sender.name;
    await queueMail(tx, {
      ...renderMail({
        to: member.email,
        subject: `${student} wrote to you through Onward`,
        greeting: `Hello ${member.name},`,
        paragraphs: [
          `${student}, a student planning to study abroad, found you in the Onward networking directory and sent you this message:`,
          parsed.data.message,
          `Reply to this e-mail to answer ${student}: your reply goes straight to them, at ${input.sender.email}. They do not see your e-mail address unless you reply.`,
        ],
        footer: member.userId
          ? `Prefer not to receive messages from students? Turn them off in your Onward profile: ${appUrl}/dashboard/profile — Onward`
          : `Prefer not to receive messages from students? Sign in to Onward with this e-mail address and turn them off in your profile, or tell us at ${contactEmail}. — Onward`,
      }),
      replyTo: input.sender.email,
    });
    return { memberName: member.name };
  });
}
