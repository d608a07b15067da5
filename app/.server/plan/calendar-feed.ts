import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { nextDeadline, todayIn } from "~/lib/deadlines";
import { formatYear, localizedPath } from "~/lib/locale";
import { monthName } from "~/lib/universities";
import { m } from "~/paraglide/messages";
import { studentBookingUrl } from "../bookings/booking-links";
import { bookingUid } from "../bookings/calendar";
import { foldLine } from "../calendar-lines";
import { getConfig } from "../config";
import { db } from "../db";
import { appointmentSlots, bookings, consultants, planSettings, shortlistEntries, universities, users } from "../db/schema";
import { cachedReads } from "../invalidated-cache";

/** 32 random bytes in base64url: 43 characters, safe in a path, and too many to guess. */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** A past appointment stays in the feed this long, so last week's call is still where it was. */
const PAST_BOOKINGS_MS = 30 * 86_400_000;

function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

/** The address of a person's private calendar feed. */
export function calendarFeedPath(token: string): string {
  return `/calendar/${token}.ics`;
}

/** The feed's address in full, as a calendar app subscribes to it. */
export function calendarFeedUrl(token: string): string {
  return new URL(calendarFeedPath(token), getConfig().appUrl).href;
}

/**
 * Feed tokens by person, for a minute: the shortlist shows the feed's link on every view. A reset
 * empties it on every instance (InvalidatedCache), so the old link is never shown again.
 */
const tokens = cachedReads({ what: "calendar feed tokens", epochKey: "onward:calendar-tokens:epoch", ttlMs: 60_000, maxEntries: 5_000 });

/**
 * The person's calendar feed token, made on first use. Two first uses at once both end with the
 * one token: the later insert meets the earlier row and keeps its token. Only the token column is
 * written (deadline reminders share the row).
 */
export function calendarFeedToken(userId: string): Promise<string> {
  return tokens.read(userId, () => readOrMakeToken(userId));
}

async function readOrMakeToken(userId: string): Promise<string> {
  const [existing] = await db().select({ token: planSettings.calendarToken }).from(planSettings).where(eq(planSettings.userId, userId));
  if (existing?.token) return existing.token;
  const [row] = await db()
    .insert(planSettings)
    .values({ userId, calendarToken: newToken() })
    .onConflictDoUpdate({
      target: planSettings.userId,
      set: { calendarToken: sql`coalesce(${planSettings.calendarToken}, excluded.calendar_token)` },
    })
    .returning({ token: planSettings.calendarToken });
  if (!row?.token) throw new Error("the calendar feed token was not stored");
  return row.token;
}

/** Replaces the person's feed token: the old address answers 404 from now on. */
export async function resetCalendarFeedToken(userId: string): Promise<string> {
  const token = newToken();
  await db()
    .insert(planSettings)
    .values({ userId, calendarToken: token })
    .onConflictDoUpdate({ target: planSettings.userId, set: { calendarToken: token, updatedAt: sql`now()` } });
  await tokens.changed();
  return token;
}

/**
 * The iCalendar text of the feed a token opens, or null for any token that opens none (malformed
 * ones without a query): each shortlisted university's next deadline as an all-day event, dated
 * from the person's today in their zone, and their accepted appointments (those that ended in the
 * last 30 days too) in UTC. Calendar apps fetch it with no language of their own: it is written in
 * the person's (`users.locale`, as their e-mails are), its links to pages in that language too.
 */
export async function calendarFeed(token: string, now: Date = new Date()): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [owner] = await db()
    .select({ id: users.id, timeZone: users.timeZone, locale: users.locale })
    .from(planSettings)
    .innerJoin(users, eq(users.id, planSettings.userId))
    .where(eq(planSettings.calendarToken, token));
  if (!owner) return null;

  const [shortlisted, accepted] = await Promise.all([
    db()
      .select({ id: universities.id, slug: universities.slug, name: universities.name, intakes: universities.intakes })
      .from(shortlistEntries)
      .innerJoin(universities, eq(universities.id, shortlistEntries.universityId))
      .where(eq(shortlistEntries.userId, owner.id))
      .orderBy(asc(universities.name)),
    db()
      .select({
        id: bookings.id,
        sequence: bookings.calendarSequence,
        startsAt: appointmentSlots.startsAt,
        endsAt: appointmentSlots.endsAt,
        consultant: consultants.name,
      })
      .from(bookings)
      .innerJoin(appointmentSlots, eq(appointmentSlots.id, bookings.slotId))
      .innerJoin(consultants, eq(consultants.id, bookings.consultantId))
      .where(
        and(
          eq(bookings.studentId, owner.id),
          eq(bookings.status, "accepted"),
          gt(appointmentSlots.endsAt, new Date(now.getTime() - PAST_BOOKINGS_MS)),
        ),
      )
      .orderBy(asc(appointmentSlots.startsAt)),
  ]);

  const { appUrl } = getConfig();
  const host = new URL(appUrl).hostname;
  const locale = owner.locale;
  const calendarName = m.server_calendar_name({}, { locale });
  const stamp = utcDateTime(now);
  const today = todayIn(owner.timeZone, now);
  const deadlines = shortlisted
    .map((university) => ({ university, next: nextDeadline(university.intakes, today) }))
    .filter((entry) => entry.next !== null)
    .sort((a, b) => (a.next?.date ?? "").localeCompare(b.next?.date ?? ""));

  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Onward//Deadlines and appointments//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${text(calendarName)}`,
    `NAME:${text(calendarName)}`,
    // Deadlines move rarely: twice a day is often enough, and calendar apps honour one or the other.
    "REFRESH-INTERVAL;VALUE=DURATION:PT12H",
    "X-PUBLISHED-TTL:PT12H",
  ];
  for (const { university, next } of deadlines) {
    if (!next) continue;
    const page = new URL(localizedPath(`/university/${encodeURIComponent(university.slug)}`, locale), appUrl).href;
    const summary = m.server_calendar_deadline_summary(
      { university: university.name, month: monthName(next.intakeMonth, locale), year: formatYear(next.intakeYear, locale) },
      { locale },
    );
    lines.push(
      "BEGIN:VEVENT",
      `UID:deadline-${university.id}-${next.date}@${host}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compactDate(next.date)}`,
      `DTEND;VALUE=DATE:${compactDate(dayAfter(next.date))}`,
      `SUMMARY:${text(summary)}`,
      `DESCRIPTION:${text(m.server_calendar_deadline_description({ url: page }, { locale }))}`,
      `URL:${page}`,
      // A whole-day reminder, not a meeting: it does not make the day busy.
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    );
  }
  for (const booking of accepted) {
    const url = studentBookingUrl(booking.id, locale);
    lines.push(
      "BEGIN:VEVENT",
      // The invitation's UID: a calendar that has both knows they are one appointment.
      `UID:${bookingUid(booking.id)}`,
      `SEQUENCE:${booking.sequence}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utcDateTime(booking.startsAt)}`,
      `DTEND:${utcDateTime(booking.endsAt)}`,
      `SUMMARY:${text(m.server_calendar_booking_summary({ consultant: booking.consultant }, { locale }))}`,
      `DESCRIPTION:${text(m.server_calendar_booking_description({ url }, { locale }))}`,
      `URL:${url}`,
      "STATUS:CONFIRMED",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  // Written by hand rather than with the `ics` package: it folds at 75 characters rather than
  // octets (a Bangla name overflows), and fixes the refresh hint at an hour.
  return lines.map((line) => `${foldLine(line)}\r\n`).join("");
}

/** A TEXT value as RFC 5545 §3.3.11 writes it: backslash, semicolon, comma and line breaks escaped, other controls dropped. */
function text(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/(?!\t)\p{Cc}/gu, "");
}

/** "2027-01-15" → "20270115". */
function compactDate(date: string): string {
  return date.replaceAll("-", "");
}

/** The calendar day after "YYYY-MM-DD" (an all-day event ends the next day, exclusive). */
function dayAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** An instant as an iCalendar UTC date-time: "20261201T040000Z". */
function utcDateTime(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}
