import { getLocale, intlLocale, type Locale } from "./locale";

/**
 * Time zones: every time a person sees is shown in a named IANA zone (theirs, or the one a slot
 * was entered in), formatted by Intl in the page's language; no offsets are computed by hand.
 */

export const DEFAULT_TIME_ZONE = "Asia/Dhaka";

/** The zone's canonical spelling, or null when `value` is not an IANA zone ("+06:00", "Mars/Olympus", ""). */
export function canonicalTimeZone(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return null;
  // Only region names and UTC: Intl also takes offsets on some engines, which are not zones.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function isTimeZone(value: unknown): value is string {
  return canonicalTimeZone(value) !== null;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string, withYear: boolean, locale: Locale) {
  const key = `${timeZone}|${withYear}|${locale}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[locale], {
      timeZone,
      weekday: "short",
      day: "numeric",
      month: "short",
      ...(withYear ? { year: "numeric" } : {}),
    });
    dayFormats.set(key, format);
  }
  return format;
}

function timeFormat(timeZone: string, locale: Locale) {
  const key = `${timeZone}|${locale}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[locale], { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    timeFormats.set(key, format);
  }
  return format;
}

/** "10:00" ("১০:০০" in Bangla): the wall-clock time in `timeZone`, 24-hour. */
export function formatClock(instant: Date, timeZone: string, locale: Locale = getLocale()): string {
  return timeFormat(timeZone, locale).format(instant);
}

/** "Tue 3 Mar" ("মঙ্গল ৩ মার্চ"), with the year when it is not this year's, in that zone. */
export function formatDay(instant: Date, timeZone: string, now = new Date(), locale: Locale = getLocale()): string {
  const withYear = yearIn(instant, timeZone) !== yearIn(now, timeZone);
  return dayFormat(timeZone, withYear, locale).format(instant).replace(/,/g, "");
}

const yearFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar year of `instant` in `timeZone` ("2027"). */
function yearIn(instant: Date, timeZone: string): string {
  let format = yearFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric" });
    yearFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/**
 * "Tue 3 Mar, 10:00 – 10:30 (Asia/Dhaka)": a slot as a person reads it, in their zone, the zone
 * named ("মঙ্গল ৩ মার্চ, ১০:০০ – ১০:৩০ (Asia/Dhaka)" in Bangla: the zone's name stays as IANA
 * spells it). In a zone that changes its clocks, each time says which clock it is on ("10:00 –
 * 10:30 BST", "00:45 GMT – 02:15 BST"): in the hour that repeats when clocks go back, 01:15 alone
 * could be either.
 */
export function formatSlot(start: Date, end: Date, timeZone: string, now = new Date(), locale: Locale = getLocale()): string {
  const day = formatDay(start, timeZone, now, locale);
  const [from, until] = [formatClock(start, timeZone, locale), formatClock(end, timeZone, locale)];
  if (!changesClocks(timeZone, start)) return `${day}, ${from} – ${until} (${timeZone})`;
  const [fromZone, untilZone] = [zoneAbbreviation(start, timeZone), zoneAbbreviation(end, timeZone)];
  const times = fromZone === untilZone ? `${from} – ${until} ${untilZone}` : `${from} ${fromZone} – ${until} ${untilZone}`;
  return `${day}, ${times} (${timeZone})`;
}

/** English locales whose short zone names cover our students' destinations (BST, CEST; EDT; AEST, NZST; IST). */
const abbreviationLocales = ["en-GB", "en-US", "en-AU", "en-IN"] as const;
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

function zoneName(instant: Date, timeZone: string, locale: string, style: "short" | "longOffset"): string {
  const key = `${timeZone}|${locale}|${style}`;
  let format = zoneNameFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style });
    zoneNameFormats.set(key, format);
  }
  return format.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

/** "BST", "EDT", "AEST": the zone's name at `instant` where English has one, otherwise its offset ("GMT+1"). */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  let offset = "";
  for (const locale of abbreviationLocales) {
    const name = zoneName(instant, timeZone, locale, "short");
    if (!/^GMT[+-]/.test(name)) return name;
    offset ||= name;
  }
  return offset;
}

const clockChanges = new Map<string, boolean>();

/** Whether `timeZone` had two offsets in the year of `instant` (summer time). */
function changesClocks(timeZone: string, instant: Date): boolean {
  const year = instant.getUTCFullYear();
  const key = `${timeZone}|${year}`;
  let changes = clockChanges.get(key);
  if (changes === undefined) {
    const offset = (month: number) => zoneName(new Date(Date.UTC(year, month, 1)), timeZone, "en-GB", "longOffset");
    changes = offset(0) !== offset(6);
    clockChanges.set(key, changes);
  }
  return changes;
}

/**
 * Zones offered as suggestions where a zone is typed (any IANA zone is accepted): where our
 * students, consultants and their universities are.
 */
export const commonTimeZones = [
  "Asia/Dhaka",
  "UTC",
  "Asia/Kolkata",
  "Asia/Dubai",
  "Asia/Riyadh",
  "Asia/Kuala_Lumpur",
  "Asia/Singapore",
  "Asia/Shanghai",
  "Asia/Hong_Kong",
  "Asia/Seoul",
  "Asia/Tokyo",
  "Australia/Perth",
  "Australia/Adelaide",
  "Australia/Brisbane",
  "Australia/Sydney",
  "Australia/Melbourne",
  "Pacific/Auckland",
  "Europe/London",
  "Europe/Dublin",
  "Europe/Amsterdam",
  "Europe/Berlin",
  "Europe/Copenhagen",
  "Europe/Stockholm",
  "Europe/Helsinki",
  "Europe/Paris",
  "Europe/Rome",
  "Europe/Istanbul",
  "America/St_Johns",
  "America/Halifax",
  "America/Toronto",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Edmonton",
  "America/Los_Angeles",
  "America/Vancouver",
] as const;

/**
 * When something happened (a message, a step of an application), on Dhaka's clock with the zone
 * named, 24-hour in both languages (bn-BD's own 12-hour clock writes a Latin "AM"/"PM"):
 * "27 Nov 2026, 14:14 GMT+6", "২৭ নভে, ২০২৬, ১৪:১৪ GMT +৬".
 */
const dhakaDateTimes = Object.fromEntries(
  (["en", "bn"] as const).map((locale) => [
    locale,
    new Intl.DateTimeFormat(intlLocale[locale], {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
      timeZone: DEFAULT_TIME_ZONE,
    }),
  ]),
) as Record<Locale, Intl.DateTimeFormat>;

export function formatDhakaDateTime(at: Date | string, locale: Locale = getLocale()): string {
  return dhakaDateTimes[locale].format(new Date(at));
}
