import { count, desc, eq } from "drizzle-orm";
import { db } from "../db";
import { contactMessages, users } from "../db/schema";

export const INBOX_PAGE_SIZE = 20;

export type InboxMessage = {
  id: number;
  kind: "contact" | "ielts_enrolment";
  name: string;
  phone: string;
  email: string;
  message: string;
  createdAt: Date;
  handledAt: Date | null;
  handledByName: string | null;
};

/** One page of the staff inbox, newest first. Pages count from 1; a page past the end is empty. */
export async function listContactMessages({ page, pageSize = INBOX_PAGE_SIZE }: { page: number; pageSize?: number }) {
  const current = Number.isInteger(page) && page > 0 ? page : 1;
  const [messages, [totals]] = await Promise.all([
    db()
      .select({
        id: contactMessages.id,
        kind: contactMessages.kind,
        name: contactMessages.name,
        phone: contactMessages.phone,
        email: contactMessages.email,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
        handledAt: contactMessages.handledAt,
        handledByName: users.name,
      })
      .from(contactMessages)
      .leftJoin(users, eq(users.id, contactMessages.handledBy))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(pageSize)
      .offset((current - 1) * pageSize),
    db().select({ total: count() }).from(contactMessages),
  ]);
  const total = totals?.total ?? 0;
  return {
    messages: messages satisfies InboxMessage[],
    page: current,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    total,
  };
}
