import { and, count, eq, gt, min } from "drizzle-orm";
import { getLocale, type Locale } from "~/lib/locale";
import { groupThousands } from "~/lib/numbers";
import { CONNECT_DAILY_LIMIT, ConnectFormSchema } from "~/lib/schemas/networking";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { type Database, db } from "../db";
import { memberMessages, networkingMembers, users } from "../db/schema";
import { AppError, formatWait } from "../errors";
import { queueMail } from "../mail/outbox";
import { mailLink, renderMail } from "../mail/templates";
import { getSiteSettings } from "../settings/site-settings";
import { type DirectoryCard, memberSummaryColumns } from "./search-directory";

const DAY_MS = 24 * 60 * 60 * 1000;

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
  if (!member || ownEntry) throw new AppError("NOT_FOUND", m.server_not_taking_messages());
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
    const problem = parsed.error.issues[0]?.message ?? m.server_write_a_message();
    throw new AppError("INVALID", problem, { fieldErrors: { message: problem } });
  }
  if (!input.sender.emailVerified) throw new AppError("INVALID", m.server_verify_before_connect());
  const { contactEmail } = await getSiteSettings();

  return db().transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.sender.id)).for("update");
    const member = await findConnectTarget(input.memberId, input.sender, tx);
    const { sent, oldest } = await sentToday(input.sender.id, tx);
    if (sent >= CONNECT_DAILY_LIMIT) {
      const wait = Math.max(1, Math.ceil(((oldest?.getTime() ?? Date.now()) + DAY_MS - Date.now()) / 1000));
      const refusal = m.community_connect_limit_wait({ limit: groupThousands(CONNECT_DAILY_LIMIT), wait: formatWait(wait) });
      throw new AppError("RATE_LIMITED", refusal, { retryAfterSeconds: wait });
    }
    await tx.insert(memberMessages).values({ memberId: member.id, senderId: input.sender.id, message: parsed.data.message });
    const student = input.sender.name;
    const locale = await memberLocale(tx, member.userId);
    await queueMail(tx, {
      ...renderMail({
        to: member.email,
        locale,
        subject: m.mail_connect_subject({ student }, { locale }),
        name: member.name,
        paragraphs: [
          m.mail_connect_intro({ student }, { locale }),
          parsed.data.message,
          m.mail_connect_reply({ student, email: input.sender.email }, { locale }),
        ],
        footer: member.userId
          ? m.mail_connect_footer_user({ url: mailLink("/dashboard/profile", locale) }, { locale })
          : m.mail_connect_footer_member({ email: contactEmail }, { locale }),
      }),
      replyTo: input.sender.email,
    });
    return { memberName: member.name };
  });
}

/**
 * The language of the member's e-mail: their account's, when the entry is linked to one; else the
 * language of the page the student wrote from.
 */
async function memberLocale(tx: Database, userId: string | null): Promise<Locale> {
  if (!userId) return getLocale();
  const [account] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return account?.locale ?? getLocale();
}
