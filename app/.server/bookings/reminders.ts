import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db";
import { appointmentSlots, bookings, consultants, users } from "../db/schema";
import { bookingReminderMail } from "../mail/booking-templates";
import { queueMail } from "../mail/outbox";
import { reportingRuns } from "../metrics";
import { type PeriodicJob, startPeriodicJob } from "../periodic-job";
import { consultantBookingUrl, studentBookingUrl } from "./booking-links";

const POLL_MS = 60_000;
const BATCH = 20;
/** A reminder is due this long before an accepted appointment. */
export const REMINDER_HOURS = 24;

const consultantAccount = alias(users, "consultant_account");
const studentAccount = alias(users, "student_account");

/**
 * Queues the reminders that are due: for each accepted booking that starts within REMINDER_HOURS
 * and has had none, one e-mail to each side. The bookings are claimed with FOR UPDATE SKIP
 * LOCKED, and the mails and the booking's `reminder_sent_at` are written in the same
 * transaction: several instances may run this side by side, and a restart neither loses a
 * reminder (the state is in the database) nor sends one twice. A booking accepted within its
 * last day gets none: its acceptance e-mail went out that day. Returns how many bookings were
 * reminded.
 */
export async function sendDueReminders(database: Database): Promise<number> {
  let reminded = 0;
  for (;;) {
    const claimed = await database.transaction(async (tx) => {
      const due = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .innerJoin(appointmentSlots, eq(appointmentSlots.id, bookings.slotId))
        .where(
          and(
            eq(bookings.status, "accepted"),
            isNull(bookings.reminderSentAt),
            sql`${appointmentSlots.startsAt} > now()`,
            sql`${appointmentSlots.startsAt} <= now() + make_interval(hours => ${REMINDER_HOURS})`,
            sql`${bookings.acceptedAt} <= ${appointmentSlots.startsAt} - make_interval(hours => ${REMINDER_HOURS})`,
          ),
        )
        .orderBy(appointmentSlots.startsAt)
        .limit(BATCH)
        .for("update", { of: bookings, skipLocked: true });
      if (due.length === 0) return 0;
      const rows = await tx
        .select({
          id: bookings.id,
          name: bookings.name,
          email: bookings.email,
          startsAt: appointmentSlots.startsAt,
          endsAt: appointmentSlots.endsAt,
          consultantName: consultants.name,
          consultant: {
            name: consultantAccount.name,
            email: consultantAccount.email,
            timeZone: consultantAccount.timeZone,
            locale: consultantAccount.locale,
          },
          studentTimeZone: studentAccount.timeZone,
          studentLocale: studentAccount.locale,
        })
        .from(bookings)
        .innerJoin(appointmentSlots, eq(appointmentSlots.id, bookings.slotId))
        .innerJoin(consultants, eq(consultants.id, bookings.consultantId))
        .innerJoin(consultantAccount, eq(consultantAccount.id, consultants.userId))
        .innerJoin(studentAccount, eq(studentAccount.id, bookings.studentId))
        .where(
          inArray(
            bookings.id,
            due.map((row) => row.id),
          ),
        );
      for (const row of rows) {
        const slot = { startsAt: row.startsAt, endsAt: row.endsAt };
        const common = { consultantName: row.consultantName, studentName: row.name, slot };
        await queueMail(
          tx,
          bookingReminderMail({
            ...common,
            to: { name: row.name, email: row.email, timeZone: row.studentTimeZone, locale: row.studentLocale },
            other: row.consultantName,
            url: studentBookingUrl(row.id, row.studentLocale),
          }),
        );
        await queueMail(
          tx,
          bookingReminderMail({ ...common, to: row.consultant, other: row.name, url: consultantBookingUrl(row.id, row.consultant.locale) }),
        );
      }
      await tx
        .update(bookings)
        .set({ reminderSentAt: sql`now()` })
        .where(
          inArray(
            bookings.id,
            due.map((row) => row.id),
          ),
        );
      return due.length;
    });
    reminded += claimed;
    if (claimed < BATCH) return reminded;
  }
}

export type ReminderJob = PeriodicJob;

/** Runs sendDueReminders every minute (and once at start), one run at a time in this process, telling the metrics when each run finished. */
export function startBookingReminders(options: { database: () => Database; pollMs?: number }): ReminderJob {
  const pollMs = options.pollMs ?? POLL_MS;
  return startPeriodicJob({
    what: "the booking reminders",
    pollMs,
    run: reportingRuns("booking_reminders", pollMs, () => sendDueReminders(options.database())),
  });
}
