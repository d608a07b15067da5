import { TZDate } from "@date-fns/tz";
import { SLOT_MAX_DAYS_AHEAD } from "~/lib/booking";
import { formatDigits } from "~/lib/numbers";
import { m } from "~/paraglide/messages";
import { AppError } from "../errors";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instants a slot entered as a day, a wall-clock start and a length in `timeZone` covers.
 * The zone's rules come from the time zone database (@date-fns/tz over Intl): a start that does
 * not exist that day (the clocks jump forward over it) is refused rather than moved; in the hour
 * that repeats when clocks go back, the later of the two is taken. Refuses a start in the past
 * and one more than a year ahead. Throws AppError("INVALID") naming the field.
 */
export function slotInstants(input: { date: string; time: string; duration: number; timeZone: string; now?: Date }): {
  startsAt: Date;
  endsAt: Date;
} {
  const [year, month, day] = input.date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = input.time.split(":").map(Number) as [number, number];
  const start = new TZDate(year, month - 1, day, hour, minute, input.timeZone);
  if (start.getDate() !== day || start.getHours() !== hour || start.getMinutes() !== minute) {
    throw refuse("time", m.server_slot_time_missing({ time: input.time, date: input.date, timeZone: input.timeZone }));
  }
  const startsAt = new Date(start.getTime());
  const now = input.now ?? new Date();
  if (startsAt.getTime() <= now.getTime()) throw refuse("date", m.server_slot_in_past());
  if (startsAt.getTime() - now.getTime() > SLOT_MAX_DAYS_AHEAD * DAY_MS) {
    throw refuse("date", m.server_slot_too_far_ahead({ days: formatDigits(SLOT_MAX_DAYS_AHEAD) }));
  }
  // A length is a span of real time: 30 minutes are 30 minutes whatever the clocks do.
  return { startsAt, endsAt: new Date(startsAt.getTime() + input.duration * 60_000) };
}

function refuse(field: string, message: string) {
  return new AppError("INVALID", message, { fieldErrors: { [field]: message } });
}
