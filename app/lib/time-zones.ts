/**
 * Time zones: every time a person sees is shown in a named IANA zone (theirs, or the one a slot
 * was entered in), formatted by Intl; no offsets are computed by hand.
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

function dayFormat(timeZone: string, withYear: boolean) {
  const key = `${timeZone}|${withYear}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
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

function timeFormat(timeZone: string) {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    timeFormats.set(timeZone, format);
  }
  return format;
}

/** "10:00": the wall-clock time in `timeZone`, 24-hour. */
export function formatClock(instant: Date, timeZone: string): string {
  return timeFormat(timeZone).format(instant);
}

/** "Tue 3 Mar" (with the year when it is not this year's, in that zone). */
export function formatDay(instant: Date, timeZone: string, now = new Date()): string {
  const withYear = yearIn(instant, timeZone) !== yearIn(now, timeZone);
  return dayFormat(timeZone, withYear).format(instant).replace(/,/g, "");
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

/** "Tue 3 Mar, 10:00 – 10:30 (Asia/Dhaka)": a slot as a person reads it, in their zone, the zone named. */
export function formatSlot(start: Date, end: Date, timeZone: string, now = new Date()): string {
  return `${formatDay(start, timeZone, now)}, ${formatClock(start, timeZone)} – ${formatClock(end, timeZone)} (${timeZone})`;
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
