import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { daysLeftText, deadlineText, type NextDeadline, nextDeadline, todayIn } from "~/lib/deadlines";
import { intlLocale, type Locale } from "~/lib/locale";
import { m } from "~/paraglide/messages";
import type { Database } from "../db";
import { deadlineRemindersSent, planSettings, shortlistEntries, universities, users } from "../db/schema";
import { logger } from "../logger";
import { queueMail } from "../mail/outbox";
import { localizedHref, mailLink, renderMail } from "../mail/templates";
import { reportingRuns } from "../metrics";
import { type PeriodicJob, startPeriodicJob } from "../periodic-job";
import { shortlistEvents } from "../universities/shortlist";
import { unsubscribeUrl } from "./reminder-settings";

/** Reminders go this many days before a deadline: the nearest lead time not yet passed. */
export const REMINDER_LEAD_DAYS = [30, 7] as const;
const USERS_PER_BATCH = 200;
const POLL_MS = 60 * 60_000;

type Due = { universityId: string; slug: string; name: string; next: NextDeadline; daysBefore: number };

/** Which lead time a deadline this many days away is due for (7 within a week, 30 within a month), or null. */
export function dueLeadTime(daysLeft: number): number | null {
  if (daysLeft < 0) return null;
  return [...REMINDER_LEAD_DAYS].sort((a, b) => a - b).find((days) => daysLeft <= days) ?? null;
}

/** People with reminders on (no settings row: on), a confirmed address and a shortlist, by id after `after` (or just `only`). */
async function peopleToRemind(database: Database, after: string, only: string | undefined): Promise<string[]> {
  const rows = await database
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(shortlistEntries, eq(shortlistEntries.userId, users.id))
    .leftJoin(planSettings, eq(planSettings.userId, users.id))
    .where(
      and(
        only === undefined ? gt(users.id, after) : eq(users.id, only),
        eq(users.emailVerified, true),
        sql`coalesce(${planSettings.deadlineReminders}, true)`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(USERS_PER_BATCH);
  return rows.map((row) => row.id);
}

/**
 * Queues the deadline reminders that are due at `now`: for each person with reminders on, each
 * shortlisted university whose next deadline (app/lib/deadlines.ts, in the person's own date) is
 * within 30 days gets one e-mail line, and again within 7; a deadline already passed is never
 * reminded of. Each (person, university, deadline, lead time) is claimed by inserting its row in
 * `deadline_reminders_sent` in the transaction that queues the mail: on any number of instances,
 * only the one whose insert lands sends it, and at most once. `only` limits the run to one person.
 * Returns how many e-mails were queued.
 */
export async function sendDueDeadlineReminders(
  database: Database,
  now: Date = new Date(),
  options: { only?: string } = {},
): Promise<number> {
  let queued = 0;
  let after = "";
  for (;;) {
    const people = await peopleToRemind(database, after, options.only);
    if (people.length === 0) return queued;
    after = people.at(-1) ?? after;
    const rows = await database
      .select({
        userId: users.id,
        name: users.name,
        email: users.email,
        timeZone: users.timeZone,
        locale: users.locale,
        universityId: universities.id,
        slug: universities.slug,
        universityName: universities.name,
        intakes: universities.intakes,
      })
      .from(shortlistEntries)
      .innerJoin(users, eq(users.id, shortlistEntries.userId))
      .innerJoin(universities, eq(universities.id, shortlistEntries.universityId))
      .where(inArray(shortlistEntries.userId, people));
    const duePerPerson = new Map<string, { person: (typeof rows)[number]; due: Due[] }>();
    for (const row of rows) {
      const next = nextDeadline(row.intakes, todayIn(row.timeZone, now));
      const daysBefore = next ? dueLeadTime(next.daysLeft) : null;
      if (!next || daysBefore === null) continue;
      const entry = duePerPerson.get(row.userId) ?? { person: row, due: [] };
      entry.due.push({ universityId: row.universityId, slug: row.slug, name: row.universityName, next, daysBefore });
      duePerPerson.set(row.userId, entry);
    }
    for (const { person, due } of duePerPerson.values()) {
      // One person's failure (a university deleted mid-run) is logged and retried next run; it never holds up the others.
      const sent = await remindOne(database, person, due, now).catch((error: unknown) => {
        logger.warn({ err: error, userId: person.userId }, "a deadline reminder could not be queued");
        return false;
      });
      if (sent) queued++;
    }
    if (people.length < USERS_PER_BATCH) return queued;
  }
}

/** Claims this person's due reminders and queues one e-mail for those this run claimed; false when another run had them all. */
function remindOne(
  database: Database,
  person: { userId: string; name: string; email: string; locale: Locale },
  due: Due[],
  now: Date,
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const claimed = await tx
      .insert(deadlineRemindersSent)
      .values(
        due.map((item) => ({
          userId: person.userId,
          universityId: item.universityId,
          deadline: item.next.date,
          daysBefore: item.daysBefore,
        })),
      )
      .onConflictDoNothing()
      .returning({ universityId: deadlineRemindersSent.universityId });
    if (claimed.length === 0) return false;
    const mine = new Set(claimed.map((row) => row.universityId));
    await queueMail(
      tx,
      deadlineReminderMail({
        to: person.email,
        locale: person.locale,
        name: person.name,
        due: due.filter((item) => mine.has(item.universityId)),
        unsubscribe: localizedHref(unsubscribeUrl(person.userId, now), person.locale),
      }),
    );
    return true;
  });
}

/** "apply by 15 January 2027 for the September 2027 intake" and "50 days left", in `locale` (the English is lib/deadlines'). */
function deadlineWords(next: NextDeadline, locale: Locale): { deadline: string; left: string } {
  if (locale === "en") return { deadline: deadlineText(next), left: daysLeftText(next.daysLeft) };
  const tag = intlLocale[locale];
  const [year = 1970, month = 1, day = 1] = next.date.split("-").map(Number);
  const date = new Intl.DateTimeFormat(tag, { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
  const intake = new Intl.DateTimeFormat(tag, { timeZone: "UTC", month: "long", year: "numeric" }).format(
    new Date(Date.UTC(next.intakeYear, next.intakeMonth - 1, 1)),
  );
  const left =
    next.daysLeft === 0
      ? m.mail_deadline_last_day({}, { locale })
      : m.mail_deadline_days_left({ days: new Intl.NumberFormat(tag).format(next.daysLeft) }, { locale });
  return { deadline: m.mail_deadline_apply_by({ date, intake }, { locale }), left };
}

/** One e-mail for every deadline of the person's shortlist that is due now, soonest first, in the person's language. */
export function deadlineReminderMail(input: { to: string; locale: Locale; name: string; due: Due[]; unsubscribe: string }) {
  const { locale } = input;
  const due = [...input.due].sort((a, b) => a.next.date.localeCompare(b.next.date));
  const [first] = due;
  const subject =
    due.length === 1 && first
      ? m.mail_deadline_subject_one({ university: first.name, left: deadlineWords(first.next, locale).left }, { locale })
      : m.mail_deadline_subject_many({ count: new Intl.NumberFormat(intlLocale[locale]).format(due.length) }, { locale });
  return renderMail({
    to: input.to,
    locale,
    subject,
    name: input.name,
    paragraphs: [
      ...due.map((item) =>
        m.mail_deadline_line(
          { university: item.name, ...deadlineWords(item.next, locale), url: mailLink(`/university/${item.slug}`, locale) },
          { locale },
        ),
      ),
      m.mail_deadline_check({}, { locale }),
    ],
    action: { label: m.mail_deadline_action({}, { locale }), url: mailLink("/dashboard/shortlist", locale) },
    footer: m.mail_deadline_footer({ unsubscribe: input.unsubscribe }, { locale }),
  });
}

/**
 * Runs sendDueDeadlineReminders every hour (and once at start), one run at a time in this process;
 * and for one person when they add a university to their shortlist here, so that a deadline
 * already close is reminded of at once, not within the hour (the claims keep the two runs from
 * sending anything twice).
 */
export function startDeadlineReminders(options: { database: () => Database; pollMs?: number }): PeriodicJob {
  const pollMs = options.pollMs ?? POLL_MS;
  const job = startPeriodicJob({
    what: "the deadline reminders",
    pollMs,
    // The metrics' reminder lag counts these scheduled runs; a run for one person (the nudge) is not one.
    run: reportingRuns("deadline_reminders", pollMs, () => sendDueDeadlineReminders(options.database())),
  });
  const nudge = (userId: string) =>
    void sendDueDeadlineReminders(options.database(), new Date(), { only: userId }).catch((error: unknown) =>
      logger.warn({ err: error }, "the deadline reminders could not be sent"),
    );
  shortlistEvents.on("added", nudge);
  return {
    runOnce: job.runOnce,
    async stop() {
      shortlistEvents.off("added", nudge);
      await job.stop();
    },
  };
}
