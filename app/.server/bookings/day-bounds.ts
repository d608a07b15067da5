import { TZDate } from "@date-fns/tz";

/** The first instant of `day` (+ `plusDays`) in `timeZone`, or null when the zone cannot place it. */
function dayStart(day: string, timeZone: string, plusDays = 0): Date | null {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const instant = new TZDate(year, month - 1, date + plusDays, 0, 0, timeZone).getTime();
  return Number.isFinite(instant) ? new Date(instant) : null;
}

/**
 * The managers' booking list's `from` and `to` days ("YYYY-MM-DD", both included, as the manager's
 * calendar in `timeZone` has them) as the instants listAllBookings bounds a slot's start by: `to`
 * becomes the start of the next day. A day not given, or one the zone cannot place, bounds nothing.
 */
export function bookingDayBounds(
  days: { from: string | null; to: string | null },
  timeZone: string,
): { from: Date | null; to: Date | null } {
  return {
    from: days.from ? dayStart(days.from, timeZone) : null,
    to: days.to ? dayStart(days.to, timeZone, 1) : null,
  };
}
