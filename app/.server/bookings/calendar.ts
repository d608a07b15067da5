import { createEvent } from "ics";
import { refoldLines } from "../calendar-lines";
import { getConfig } from "../config";

export type CalendarPerson = { name: string; email: string };

/** One booking's calendar identity: the same UID in the invitation and every later update or cancellation. */
export function bookingUid(bookingId: string): string {
  return `booking-${bookingId}@${new URL(getConfig().appUrl).hostname}`;
}

/**
 * The iCalendar text of a booking's invitation (METHOD:REQUEST) or its cancellation
 * (METHOD:CANCEL, the same UID with a higher SEQUENCE, so calendars remove the event). Times are
 * written in UTC; each calendar shows them in its owner's zone.
 */
export function bookingCalendar(input: {
  method: "REQUEST" | "CANCEL";
  bookingId: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  title: string;
  description: string;
  url: string;
  organizer: CalendarPerson;
  attendee: CalendarPerson;
}): string {
  const cancelled = input.method === "CANCEL";
  const { error, value } = createEvent({
    productId: "onward/booking",
    method: input.method,
    uid: bookingUid(input.bookingId),
    sequence: input.sequence,
    start: input.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: input.endsAt.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: input.title,
    description: input.description,
    url: input.url,
    status: cancelled ? "CANCELLED" : "CONFIRMED",
    organizer: { name: parameterText(input.organizer.name), email: input.organizer.email },
    attendees: [
      {
        name: parameterText(input.attendee.name),
        email: input.attendee.email,
        rsvp: false,
        partstat: cancelled ? "DECLINED" : "ACCEPTED",
        role: "REQ-PARTICIPANT",
      },
    ],
  });
  if (error || !value) throw error ?? new Error("the calendar event could not be written");
  return refoldLines(value);
}

/**
 * A name as an iCalendar parameter value may carry it: RFC 5545 allows no double quote inside a
 * quoted value (a `\"` lets a parser end the name early and read a forged `mailto:`), so it is
 * written with RFC 6868's escapes (`^'` for a quote, `^n` for a line break, `^^` for a caret).
 */
export function parameterText(name: string): string {
  return name.replace(/\^/g, "^^").replace(/"/g, "^'").replace(/\r?\n/g, "^n");
}
