import { expect, test } from "vitest";
import { nodemailerMessage } from "../mail/transport";
import { bookingCalendar } from "./calendar";

const event = (method: "REQUEST" | "CANCEL", attendee: string) =>
  bookingCalendar({
    method,
    bookingId: "b1",
    sequence: 0,
    startsAt: new Date("2026-12-01T04:00:00Z"),
    endsAt: new Date("2026-12-01T04:30:00Z"),
    title: "Onward appointment",
    description: "A call",
    url: "http://localhost:3000/dashboard/my-bookings",
    organizer: { name: 'Dr "Consultant"', email: "consultant@onward.test" },
    attendee: { name: attendee, email: "eve@onward.test" },
  });

/** The content lines of an iCalendar text, folded lines joined again (RFC 5545 §3.1). */
const lines = (text: string) => text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);

test("a quote in a name is written as RFC 6868's ^', so no parser can read a mailto of the person's choosing", () => {
  const text = event("REQUEST", 'Eve "Q" Smith:mailto:attacker@example.com;X="');
  const attendee = lines(text).find((line) => line.startsWith("ATTENDEE")) ?? "";
  expect(attendee).toContain(`CN="Eve ^'Q^' Smith:mailto:attacker@example.com;X=^'"`);
  expect(attendee).not.toContain('\\"');
  // The quoted name ends where it should: the one address outside it is the real one.
  expect(attendee.replace(/"[^"]*"/g, "").match(/mailto:[^;:]+/gi)).toEqual(["mailto:eve@onward.test"]);
  const organizer = lines(text).find((line) => line.startsWith("ORGANIZER")) ?? "";
  expect(organizer).toContain(`CN="Dr ^'Consultant^'"`);
});

test("an invitation is attached as invitation.ics and a cancellation as cancellation.ics", () => {
  const mail = { to: "eve@onward.test", subject: "s", text: "t", html: "<p>t</p>" };
  const invitation = nodemailerMessage({ ...mail, calendar: { method: "REQUEST", content: event("REQUEST", "Eve") } });
  const cancellation = nodemailerMessage({ ...mail, calendar: { method: "CANCEL", content: event("CANCEL", "Eve") } });
  expect("icalEvent" in invitation && invitation.icalEvent.filename).toBe("invitation.ics");
  expect("icalEvent" in cancellation && cancellation.icalEvent.filename).toBe("cancellation.ics");
});

test("a long Bangla name is folded at 75 octets, never inside a letter, and reads back whole", () => {
  const name = "মোহাম্মদ আব্দুল্লাহ আল মামুন চৌধুরী (ঢাকা বিশ্ববিদ্যালয়)";
  const text = event("REQUEST", name);
  const physical = text.split("\r\n");
  expect(physical.length).toBeGreaterThan(lines(text).length);
  for (const line of physical) {
    expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(Buffer.from(line, "utf8").toString("utf8")).toBe(line);
  }
  expect(lines(text).find((line) => line.startsWith("ATTENDEE"))).toContain(`CN="${name}"`);
});
