import { eq, inArray } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, test } from "vitest";
import { nextDeadline, todayIn } from "~/lib/deadlines";
import * as route from "~/routes/calendar-feed";
import { context, createUser, outcome, type TestUser } from "../../../tests/support/accounts";
import { bookingContact, createConsultant, createSlot } from "../../../tests/support/booking";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { sessionOf } from "../../../tests/support/members";
import { bookSlot } from "../bookings/book-slot";
import { bookingUid } from "../bookings/calendar";
import { setBookingStatus } from "../bookings/set-booking-status";
import { foldLine } from "../calendar-lines";
import { db } from "../db";
import { appointmentSlots, bookings, consultants, planSettings, shortlistEntries, universities, users } from "../db/schema";
import { calendarFeed, calendarFeedPath, calendarFeedToken, resetCalendarFeedToken } from "./calendar-feed";

withTestDatabase();

const DAY = 86_400_000;
/** Long enough to fold, with Bangla (3 octets a letter), an emoji (4) and the characters TEXT escapes. */
const BANGLA_UNIVERSITY = "টরন্টো বিশ্ববিদ্যালয় (University of Toronto); ভর্তি, বৃত্তি ও 🍁 আরও\\কিছু";
const BANGLA_CONSULTANT = "ড. নুসরাত জাহান চৌধুরী, আন্তর্জাতিক ভর্তি পরামর্শদাতা 🎓✈️";

type Owner = Awaited<ReturnType<typeof createConsultant>>;

async function universityBySlug(slug: string) {
  const [row] = await db().select().from(universities).where(eq(universities.slug, slug));
  if (!row) throw new Error(`no university ${slug} in the catalogue`);
  return row;
}

async function shortlist(user: TestUser, ...slugs: string[]) {
  for (const slug of slugs) {
    const university = await universityBySlug(slug);
    await db().insert(shortlistEntries).values({ userId: user.id, universityId: university.id });
  }
}

async function acceptedBooking(owner: Owner, student: TestUser, hoursAhead: number) {
  const slot = await createSlot(owner, { hoursAhead, minutes: 45 });
  const { bookingId } = await bookSlot({
    student: await sessionOf(student),
    consultantId: owner.consultant.id,
    fields: { slot: slot.id, ...bookingContact(student) },
  });
  await setBookingStatus({ actor: await sessionOf(owner.user), consultantId: owner.consultant.id, bookingId, status: "accepted" });
  const [row] = await db().select().from(appointmentSlots).where(eq(appointmentSlots.id, slot.id));
  if (!row) throw new Error("the slot is gone");
  return { bookingId, startsAt: row.startsAt, endsAt: row.endsAt };
}

/** A booking of a slot in the past (the booking form refuses those), written straight into the tables. */
async function pastBooking(owner: Owner, student: TestUser, endedDaysAgo: number, status: "accepted" | "pending" = "accepted") {
  const endsAt = new Date(Date.now() - endedDaysAgo * DAY);
  endsAt.setUTCSeconds(0, 0);
  const slotId = crypto.randomUUID();
  const bookingId = crypto.randomUUID();
  await db()
    .insert(appointmentSlots)
    .values({ id: slotId, consultantId: owner.consultant.id, startsAt: new Date(endsAt.getTime() - 30 * 60_000), endsAt, timeZone: "UTC" });
  await db()
    .insert(bookings)
    .values({ id: bookingId, slotId, consultantId: owner.consultant.id, studentId: student.id, status, ...bookingContact(student) });
  return bookingId;
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents("vevent") };
}

const uids = (text: string) => parse(text).events.map((event) => String(event.getFirstPropertyValue("uid")));

async function feedOf(token: string): Promise<string> {
  const text = await calendarFeed(token);
  if (text === null) throw new Error("the feed did not open");
  return text;
}

const loadFeed = (file: string) =>
  outcome(() =>
    route.loader({ request: new Request(`http://localhost:3000/calendar/${file}`), params: { file }, context: context() } as never),
  );

describe("the calendar feed", () => {
  test("holds each shortlisted deadline as an all-day event and each accepted appointment in UTC, folded at 75 octets", async () => {
    const student = await createUser();
    await db().update(users).set({ timeZone: "Asia/Dhaka" }).where(eq(users.id, student.id));
    const toronto = await universityBySlug("university-of-toronto");
    await db().update(universities).set({ name: BANGLA_UNIVERSITY }).where(eq(universities.id, toronto.id));
    // A third shortlisted university whose intakes have no deadline gives no event.
    const belfast = await universityBySlug("queens-university-belfast");
    await db()
      .update(universities)
      .set({ intakes: [{ month: 9, deadline: null }] })
      .where(eq(universities.id, belfast.id));
    await shortlist(student, "university-of-toronto", "university-of-helsinki", "queens-university-belfast");

    const owner = await createConsultant();
    // A line break is escaped; a bell, not allowed in TEXT, is dropped.
    await db()
      .update(consultants)
      .set({ name: `${BANGLA_CONSULTANT}\nসিনিয়র\u0007` })
      .where(eq(consultants.id, owner.consultant.id));
    const booking = await acceptedBooking(owner, student, 72);
    // Not in the feed: a pending booking, and an accepted one that ended more than 30 days ago.
    const pending = await pastBooking(owner, student, 2, "pending");
    const longPast = await pastBooking(owner, student, 31);
    const lastWeek = await pastBooking(owner, student, 7);

    const token = await calendarFeedToken(student.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(calendarFeedPath(token)).toBe(`/calendar/${token}.ics`);
    expect(encodeURIComponent(token)).toBe(token);
    expect(await calendarFeedToken(student.id)).toBe(token);
    const text = await feedOf(token);

    // Every line ends CRLF and holds at most 75 octets; the long names were folded with CRLF and a
    // space, between characters (an emoji's surrogate pair stays whole, so each line re-encodes as itself).
    expect(text.endsWith("\r\n")).toBe(true);
    const physical = text.slice(0, -2).split("\r\n");
    for (const line of physical) {
      expect(line).not.toMatch(/[\r\n]/);
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
      expect(Buffer.from(line, "utf8").toString("utf8")).toBe(line);
    }
    expect(physical.filter((line) => line.startsWith(" ")).length).toBeGreaterThan(2);

    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Onward: deadlines and appointments");
    expect(String(calendar.getFirstPropertyValue("refresh-interval"))).toBe("PT12H");
    expect(calendar.getFirstPropertyValue("x-published-ttl")).toBe("PT12H");
    expect(events).toHaveLength(4);

    const today = todayIn("Asia/Dhaka");
    for (const slug of ["university-of-toronto", "university-of-helsinki"]) {
      const university = await universityBySlug(slug);
      const next = nextDeadline(university.intakes, today);
      if (!next) throw new Error(`${slug} has no deadline in the catalogue`);
      const event = events.find(
        (candidate) => candidate.getFirstPropertyValue("uid") === `deadline-${university.id}-${next.date}@localhost`,
      );
      if (!event) throw new Error(`no event for ${slug}`);
      const start = event.getFirstPropertyValue("dtstart") as ICAL.Time;
      const end = event.getFirstPropertyValue("dtend") as ICAL.Time;
      expect(start.isDate).toBe(true);
      expect(start.toString()).toBe(next.date);
      expect(end.isDate).toBe(true);
      expect(end.toString()).toBe(new Date(Date.parse(`${next.date}T00:00:00Z`) + DAY).toISOString().slice(0, 10));
      expect(event.getFirstPropertyValue("summary")).toMatch(/ \((January|August|September) \d{4} intake\)$/);
      expect(event.getFirstPropertyValue("summary")).toContain(university.name);
      expect(event.getFirstPropertyValue("url")).toBe(`http://localhost:3000/university/${slug}`);
      expect(event.getFirstPropertyValue("description")).toBe(
        `Usual application deadline; check the university's page: http://localhost:3000/university/${slug}`,
      );
    }
    // The escaped, folded Bangla name comes back whole.
    const torontoEvent = events.find((event) => String(event.getFirstPropertyValue("uid")).startsWith(`deadline-${toronto.id}-`));
    expect(torontoEvent?.getFirstPropertyValue("summary")).toMatch(
      new RegExp(`^Apply to ${BANGLA_UNIVERSITY.replace(/[()\\]/g, "\\$&")} \\(September \\d{4} intake\\)$`),
    );

    expect(uids(text)).not.toContain(bookingUid(longPast));
    expect(uids(text)).not.toContain(bookingUid(pending));
    const appointments = events.filter((event) => String(event.getFirstPropertyValue("uid")).startsWith("booking-"));
    expect(appointments.map((event) => event.getFirstPropertyValue("uid"))).toEqual([bookingUid(lastWeek), bookingUid(booking.bookingId)]);
    const appointment = appointments[1];
    const start = appointment?.getFirstPropertyValue("dtstart") as ICAL.Time;
    const end = appointment?.getFirstPropertyValue("dtend") as ICAL.Time;
    expect(start.zone?.tzid).toBe("UTC");
    expect(start.toJSDate().getTime()).toBe(booking.startsAt.getTime());
    expect(end.toJSDate().getTime()).toBe(booking.endsAt.getTime());
    expect(appointment?.getFirstPropertyValue("summary")).toBe(`Consultation with ${BANGLA_CONSULTANT}\nসিনিয়র`);
    expect(appointment?.getFirstPropertyValue("url")).toBe(
      `http://localhost:3000/dashboard/my-bookings?booking=${encodeURIComponent(booking.bookingId)}`,
    );

    // Another student's feed holds none of these events.
    const other = await createUser();
    await shortlist(other, "queens-university-belfast");
    const otherText = await feedOf(await calendarFeedToken(other.id));
    expect(parse(otherText).events).toHaveLength(0);
    const otherToken = await calendarFeedToken(other.id);
    expect(otherToken).not.toBe(token);
    await shortlist(other, "university-of-helsinki");
    const helsinki = await universityBySlug("university-of-helsinki");
    const otherUids = uids(await feedOf(otherToken));
    expect(otherUids).toHaveLength(1);
    expect(otherUids[0]).toMatch(new RegExp(`^deadline-${helsinki.id}-`));
    expect(otherUids.some((uid) => uid.startsWith("booking-"))).toBe(false);
  });

  test("an empty shortlist and no appointments still give a calendar that parses", async () => {
    const student = await createUser();
    const text = await feedOf(await calendarFeedToken(student.id));
    const { calendar, events } = parse(text);
    expect(events).toHaveLength(0);
    expect(calendar.name).toBe("vcalendar");
    expect(calendar.getFirstPropertyValue("prodid")).toBe("-//Onward//Deadlines and appointments//EN");
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  test("a student who reads Onward in Bangla gets the feed in Bangla, its links to the Bangla pages", async () => {
    const owner = await createConsultant();
    const student = await createUser();
    await db().update(users).set({ locale: "bn" }).where(eq(users.id, student.id));
    await shortlist(student, "university-of-helsinki");
    const booking = await acceptedBooking(owner, student, 48);
    const { calendar, events } = parse(await feedOf(await calendarFeedToken(student.id)));
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Onward: আবেদনের শেষ তারিখ ও অ্যাপয়েন্টমেন্ট");
    const deadline = events.find((event) => String(event.getFirstPropertyValue("uid")).startsWith("deadline-"));
    // "University of Helsinki-এ আবেদন করুন (সেপ্টেম্বর ২০২৭ ভর্তি)": the month and year as Bangla writes them.
    expect(deadline?.getFirstPropertyValue("summary")).toMatch(/^University of Helsinki-এ আবেদন করুন \(\S+ [০-৯]{4} ভর্তি\)$/);
    expect(deadline?.getFirstPropertyValue("url")).toBe("http://localhost:3000/bn/university/university-of-helsinki");
    expect(deadline?.getFirstPropertyValue("description")).toBe(
      "আবেদনের সাধারণ শেষ তারিখ; বিশ্ববিদ্যালয়ের পেজে মিলিয়ে নিন: http://localhost:3000/bn/university/university-of-helsinki",
    );
    const appointment = events.find((event) => event.getFirstPropertyValue("uid") === bookingUid(booking.bookingId));
    expect(appointment?.getFirstPropertyValue("summary")).toBe(`${owner.consultant.name}-এর সঙ্গে পরামর্শ`);
    expect(appointment?.getFirstPropertyValue("url")).toBe(
      `http://localhost:3000/bn/dashboard/my-bookings?booking=${encodeURIComponent(booking.bookingId)}`,
    );
  });

  test("two first uses at once end with one token, which both get", async () => {
    const student = await createUser();
    const tokens = await Promise.all([calendarFeedToken(student.id), calendarFeedToken(student.id), calendarFeedToken(student.id)]);
    expect(new Set(tokens).size).toBe(1);
    const rows = await db().select().from(planSettings).where(eq(planSettings.userId, student.id));
    expect(rows.map((row) => row.calendarToken)).toEqual([tokens[0]]);
  });

  test("a reset token opens nothing, the new one opens the feed, and the reminder setting is kept", async () => {
    const student = await createUser();
    await shortlist(student, "university-of-helsinki");
    const old = await calendarFeedToken(student.id);
    await db().update(planSettings).set({ deadlineReminders: false }).where(eq(planSettings.userId, student.id));
    const fresh = await resetCalendarFeedToken(student.id);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(old);
    expect(await calendarFeed(old)).toBeNull();
    expect(parse(await feedOf(fresh)).events).toHaveLength(1);
    expect(await calendarFeedToken(student.id)).toBe(fresh);
    const [row] = await db().select().from(planSettings).where(eq(planSettings.userId, student.id));
    expect(row?.deadlineReminders).toBe(false);

    // A reset before any token was made makes one.
    const newcomer = await createUser();
    const first = await resetCalendarFeedToken(newcomer.id);
    expect(await calendarFeedToken(newcomer.id)).toBe(first);
  });

  test("a guessed or malformed token opens nothing", async () => {
    const student = await createUser();
    const token = await calendarFeedToken(student.id);
    const guesses = [
      "",
      "../x",
      "a".repeat(43),
      `${token}a`,
      token.slice(1),
      `${token}=`,
      `${token.slice(0, 42)}+`,
      `${token.slice(0, 42)}/`,
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
      "a".repeat(10_000),
      `${token.slice(0, 21)}%00${token.slice(24)}`,
    ];
    for (const guess of guesses) expect(await calendarFeed(guess), guess).toBeNull();
    expect(await calendarFeed(token)).not.toBeNull();
  });

  test("a line is folded between characters, never inside one's octets", () => {
    const line = `SUMMARY:${"a".repeat(66)}😀😀bc${"ক".repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    // 8 + 66 octets, then an emoji (4) would pass 75: it opens the next line.
    expect(parts[0]).toBe(`SUMMARY:${"a".repeat(66)}`);
    expect(parts[1]?.startsWith(" 😀😀bc")).toBe(true);
    for (const part of parts) expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(" ")).toBe(true);
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join("")).toBe(line);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
    expect(foldLine("X:".padEnd(75, "x"))).toBe("X:".padEnd(75, "x"));
    expect(foldLine("X:".padEnd(76, "x")).split("\r\n")).toEqual(["X:".padEnd(75, "x"), " x"]);
  });
});

describe("GET /calendar/{token}.ics", () => {
  test("answers the feed as text/calendar to anyone with the address, without a sign-in", async () => {
    const student = await createUser();
    await shortlist(student, "university-of-toronto");
    const token = await calendarFeedToken(student.id);
    const answer = await loadFeed(`${token}.ics`);
    expect(answer.status).toBe(200);
    const headers = answer.response?.headers;
    expect(headers?.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(headers?.get("Cache-Control")).toMatch(/private/);
    expect(headers?.get("X-Robots-Tag")).toBe("noindex");
    expect(headers?.get("Referrer-Policy")).toBe("no-referrer");
    expect(headers?.get("Content-Disposition")).toBe('inline; filename="onward.ics"');
    const body = (await answer.response?.text()) ?? "";
    expect(parse(body).events).toHaveLength(1);
    expect(body).toBe(await calendarFeed(token));
  });

  test("answers the same plain 404 for an unknown, malformed, extensionless or reset token", async () => {
    const student = await createUser();
    const old = await calendarFeedToken(student.id);
    await resetCalendarFeedToken(student.id);
    const unknown = `${"b".repeat(43)}.ics`;
    for (const file of ["x.ics", unknown, `${old}.ics`, old, `${old}.ICS`, ".ics", `${old}.ics.ics`]) {
      const answer = await loadFeed(file);
      expect(answer.status, file).toBe(404);
      expect(answer.response?.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(answer.response?.headers.get("Cache-Control")).toMatch(/no-store/);
      expect(await answer.response?.text()).toBe("Not found");
    }
    const owners = await db()
      .select()
      .from(planSettings)
      .where(inArray(planSettings.calendarToken, [old]));
    expect(owners).toHaveLength(0);
  });
});
