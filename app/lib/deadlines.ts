import { m } from "~/paraglide/messages";
import { getLocale, intlLocale, type Locale } from "./locale";
import { type Intake, monthNames } from "./universities";

/**
 * A university's next application deadline: the soonest usual deadline, among its intakes, that
 * has not passed (its day counts as not passed), with the intake it is for. A deadline is the
 * last day to apply for an intake that starts after it: a September intake's 15 January is that
 * same year's; an October intake's 15 October is the year before's (Oxford's UCAS date).
 */
export type NextDeadline = {
  /** The deadline as a calendar date, "YYYY-MM-DD". */
  date: string;
  intakeMonth: number;
  intakeYear: number;
  /** Whole days from today to the deadline (0 on the day). */
  daysLeft: number;
};

/** One formatter per zone: making one costs far more than using it, and a page asks on every view. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date where the person is ("YYYY-MM-DD"), e.g. in Asia/Dhaka. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    // The zones are IANA names a person chose from a list: a few hundred at most.
    dateFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** A calendar date as "YYYY-MM-DD"; a day past the month's end (31 April, 29 February) is its last day. */
function isoDate(year: number, month: number, day: number): string {
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

/** Whole days from one "YYYY-MM-DD" to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The next deadline of these intakes from `today` ("YYYY-MM-DD"), or null when none has a deadline. */
export function nextDeadline(intakes: readonly Intake[], today: string): NextDeadline | null {
  const thisYear = Number(today.slice(0, 4));
  let next: NextDeadline | null = null;
  for (const intake of intakes) {
    const { deadline } = intake;
    if (!deadline) continue;
    // Intakes this year and the next two: a deadline the year before its intake is at most a year ahead.
    for (const intakeYear of [thisYear, thisYear + 1, thisYear + 2]) {
      const deadlineYear = deadline.month < intake.month ? intakeYear : intakeYear - 1;
      const date = isoDate(deadlineYear, deadline.month, deadline.day);
      if (date < today) continue;
      if (!next || date < next.date) next = { date, intakeMonth: intake.month, intakeYear, daysLeft: daysBetween(today, date) };
      break;
    }
  }
  return next;
}

/** "15 January 2027" ("১৫ জানুয়ারী, ২০২৭" in Bangla). */
export function formatDate(date: string, locale: Locale = getLocale()): string {
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  if (locale === "en") return `${day} ${monthNames[month - 1]} ${year}`;
  return new Intl.DateTimeFormat(intlLocale[locale], { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** An intake's month and year: "September 2027" ("সেপ্টেম্বর ২০২৭" in Bangla). */
function intakeText(month: number, year: number, locale: Locale): string {
  if (locale === "en") return `${monthNames[month - 1]} ${year}`;
  return new Intl.DateTimeFormat(intlLocale[locale], { timeZone: "UTC", month: "long", year: "numeric" }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/** "apply by 15 January 2027 for the September 2027 intake" (the words of the deadline e-mail, mail_deadline_apply_by). */
export function deadlineText(next: NextDeadline, locale: Locale = getLocale()): string {
  return m.mail_deadline_apply_by(
    { date: formatDate(next.date, locale), intake: intakeText(next.intakeMonth, next.intakeYear, locale) },
    { locale },
  );
}

/** "50 days left", "1 day left", "last day today", in the page's language (one argument, so that it maps over a list). */
export function daysLeftText(daysLeft: number): string {
  return daysLeftTextIn(daysLeft, getLocale());
}

/** daysLeftText in a given language. */
export function daysLeftTextIn(daysLeft: number, locale: Locale): string {
  if (daysLeft === 0) return m.mail_deadline_last_day({}, { locale });
  if (daysLeft === 1) return m.dashboard_deadline_days_left_one({}, { locale });
  return m.mail_deadline_days_left({ days: new Intl.NumberFormat(intlLocale[locale]).format(daysLeft) }, { locale });
}
