import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { hasRole } from "~/lib/roles";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { applicationMessageReads, applicationMessages, applications } from "../db/schema";
import { AppError } from "../errors";
import { applicationMessageMail } from "../mail/casework-templates";
import { queueMail } from "../mail/outbox";
import { limiter, limits } from "../security/rate-limit";
import { applicationsChanged, cachedApplicationRead } from "./application-reads";
import { applicationTitle, lockApplication, mailTheStudent, staffRecipients, staffUrl, studentName } from "./case-events";

/**
 * A message on an application's thread, by its student (`as: "owner"`) or by staff. Plain text
 * (the page makes links safe); the other side is e-mailed a link, never the text. Rate-limited
 * per author (RATE_LIMITED); someone else's application: NOT_FOUND; a withdrawn one is read-only
 * (CONFLICT).
 */
export async function postApplicationMessage(input: {
  id: string;
  body: string;
  author: SessionUser;
  as: "staff" | "owner";
}): Promise<void> {
  const { author } = input;
  const rate = limiter(limits.applicationMessagesPerAccount);
  await rate.check(author.id);
  await db().transaction(async (tx) => {
    const application = await lockApplication(
      tx,
      input.id,
      input.as === "staff" ? { as: "staff" } : { as: "owner", applicantId: author.id },
    );
    if (application.status === "withdrawn") throw new AppError("CONFLICT", m.server_withdrawn_read_only());
    const fromStaff = input.as === "staff";
    const [message] = await tx
      .insert(applicationMessages)
      .values({ applicationId: application.id, authorId: author.id, authorName: author.name, fromStaff, body: input.body.trim() })
      .returning({ id: applicationMessages.id });
    if (!message) throw new Error("The message was not stored");
    // Written from the page that shows the whole thread: what came before it has been read.
    await markRead(tx, author.id, application.id, message.id);
    if (fromStaff) {
      await mailTheStudent(tx, application, (student) =>
        applicationMessageMail({
          ...student,
          from: `${author.name} (Onward)`,
          application: applicationTitle(application, student.locale),
        }),
      );
      return;
    }
    const [lastStaff] = await tx
      .select({ authorId: applicationMessages.authorId })
      .from(applicationMessages)
      .where(and(eq(applicationMessages.applicationId, application.id), eq(applicationMessages.fromStaff, true)))
      .orderBy(desc(applicationMessages.id))
      .limit(1);
    for (const recipient of await staffRecipients(tx, application, lastStaff?.authorId ?? null)) {
      await queueMail(
        tx,
        applicationMessageMail({
          to: recipient.email,
          locale: recipient.locale,
          name: recipient.name,
          from: studentName(application),
          application: applicationTitle(application, recipient.locale),
          url: staffUrl(application.id, recipient.locale),
        }),
      );
    }
  });
  await rate.hit(author.id);
  await applicationsChanged();
}

/** Records that `userId` has read the thread up to `lastId` (never backwards). */
async function markRead(database: ReturnType<typeof db>, userId: string, applicationId: string, lastId: number): Promise<void> {
  await database
    .insert(applicationMessageReads)
    .values({ userId, applicationId, lastReadId: lastId })
    .onConflictDoUpdate({
      target: [applicationMessageReads.userId, applicationMessageReads.applicationId],
      set: { lastReadId: sql`greatest(${applicationMessageReads.lastReadId}, excluded.last_read_id)` },
    });
}

/**
 * The person opened the thread: what they can see is read. Writes only when something new from
 * the other side is there (a page is opened far more often than a message is written).
 */
export async function threadOpened(input: {
  userId: string;
  applicationId: string;
  lastId: number | null;
  unread: boolean;
}): Promise<void> {
  if (!input.unread || input.lastId === null) return;
  await markRead(db(), input.userId, input.applicationId, input.lastId);
  await applicationsChanged();
}

/** Whether `userId` has not read the latest message of the thread from the other side (cached: a page view asks every time). */
export function hasUnread(userId: string, applicationId: string, fromStaff: boolean): Promise<boolean> {
  return cachedApplicationRead(JSON.stringify(["unread-thread", userId, applicationId, fromStaff]), () =>
    readHasUnread(userId, applicationId, fromStaff),
  );
}

async function readHasUnread(userId: string, applicationId: string, fromStaff: boolean): Promise<boolean> {
  const [row] = await db()
    .select({ id: applicationMessages.id })
    .from(applicationMessages)
    .leftJoin(
      applicationMessageReads,
      and(eq(applicationMessageReads.applicationId, applicationMessages.applicationId), eq(applicationMessageReads.userId, userId)),
    )
    .where(
      and(
        eq(applicationMessages.applicationId, applicationId),
        eq(applicationMessages.fromStaff, fromStaff),
        gt(applicationMessages.id, sql`coalesce(${applicationMessageReads.lastReadId}, 0)`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Messages from the other side that `user` has not read, for the dashboard menu: for a student,
 * staff's messages on their applications; for staff, students' messages on the applications
 * assigned to them (and, for a manager, on those nobody is assigned to yet).
 */
export function unreadMessageCount(user: Pick<SessionUser, "id" | "role">, as: "staff" | "owner"): Promise<number> {
  return cachedApplicationRead(JSON.stringify(["unread", user.id, as]), async () => {
    const whose =
      as === "owner"
        ? eq(applications.applicantId, user.id)
        : hasRole(user.role, ["manager"])
          ? or(eq(applications.assignedTo, user.id), isNull(applications.assignedTo))
          : eq(applications.assignedTo, user.id);
    const [row] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(applicationMessages)
      .innerJoin(applications, eq(applications.id, applicationMessages.applicationId))
      .leftJoin(
        applicationMessageReads,
        and(eq(applicationMessageReads.applicationId, applicationMessages.applicationId), eq(applicationMessageReads.userId, user.id)),
      )
      .where(
        and(
          whose,
          eq(applicationMessages.fromStaff, as === "owner"),
          gt(applicationMessages.id, sql`coalesce(${applicationMessageReads.lastReadId}, 0)`),
        ),
      );
    return row?.count ?? 0;
  });
}
