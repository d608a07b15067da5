import { count, desc, eq } from "drizzle-orm";
import type { Paginated } from "~/lib/pagination";
import { db } from "../db";
import { contactMessages, users } from "../db/schema";
import { listTotal, paginate } from "../pagination";

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

/** One page of the staff inbox, newest first (pages from 1; past the end, the last page). */
export async function listContactMessages({
  page,
  pageSize = INBOX_PAGE_SIZE,
}: {
  page: number;
  pageSize?: number;
}): Promise<Paginated<InboxMessage>> {
  return paginate({
    page,
    pageSize,
    count: async () => (await db().select({ total: count() }).from(contactMessages))[0]?.total ?? 0,
    rows: ({ limit, offset }) =>
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
          listTotal: listTotal(),
        })
        .from(contactMessages)
        .leftJoin(users, eq(users.id, contactMessages.handledBy))
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(limit)
        .offset(offset),
  });
}
