import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { bookSlot } from "~/.server/bookings/book-slot";
import { setBookingStatus } from "~/.server/bookings/set-booking-status";
import { db } from "~/.server/db";
import { auditEvents, bookings, users } from "~/.server/db/schema";
import type { Role } from "~/lib/roles";
import { createUser, type TestUser } from "../../../tests/support/accounts";
import { bookingContact, createConsultant, createSlot, wallClock } from "../../../tests/support/booking";
import { callRoute } from "../../../tests/support/call-route";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { sessionOf, toastOf } from "../../../tests/support/members";
import * as bookingsRoute from "./bookings";

withTestDatabase();

const HOUR = 3_600_000;
type Owner = Awaited<ReturnType<typeof createConsultant>>;
type Listed = Awaited<ReturnType<typeof bookingsRoute.loader>>;
type Refused = { refusal: { booking: string; message: string } };

const visit = <T = Listed>(user: TestUser | null, options: { search?: string; form?: Record<string, string> } = {}) =>
  callRoute<T>(bookingsRoute, {
    path: `/dashboard/bookings${options.search ?? ""}`,
    pattern: "/dashboard/bookings",
    form: options.form,
    headers: user ? { Cookie: user.cookie } : {},
  });

/** The page as a manager sees it (the test fails on any refusal). */
async function page(user: TestUser, search = "") {
  const answer = await visit(user, { search });
  expect(answer.status).toBe(200);
  return answer.data;
}

/** A manager (or admin) who sees times in `timeZone` (set before their first request reads the session). */
async function staff(role: Role = "manager", timeZone = "UTC") {
  const user = await createUser({ role });
  await db().update(users).set({ timeZone }).where(eq(users.id, user.id));
  return user;
}

async function book(owner: Owner, options: { hoursAhead?: number } = {}) {
  const student = await createUser();
  const slot = await createSlot(owner, options);
  const { bookingId } = await bookSlot({
    student: await sessionOf(student),
    consultantId: owner.consultant.id,
    fields: { slot: slot.id, ...bookingContact(student) },
  });
  return { bookingId, student, slot };
}

const statusOf = async (id: string) =>
  (await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;

describe("who may open /dashboard/bookings", () => {
  test("a signed-out visitor is sent to /login, for the page and for the action", async () => {
    const list = await visit(null);
    expect(list.status).toBe(302);
    expect(list.location).toMatch(/^\/login\?redirectTo=%2Fdashboard%2Fbookings/);
    const post = await visit(null, { form: { booking: "any", status: "accepted" } });
    expect(post.status).toBe(302);
    expect(post.location).toMatch(/^\/login/);
  });

  test("a student, a networking member and a consultant are refused with 403, for the page and the action, and nothing changes", async () => {
    const owner = await createConsultant();
    const { bookingId } = await book(owner);
    for (const user of [await createUser({ role: "student" }), await createUser({ role: "networking" }), owner.user]) {
      expect((await visit(user)).status, user.role).toBe(403);
      expect((await visit(user, { form: { booking: bookingId, status: "accepted" } })).status, user.role).toBe(403);
    }
    expect(await statusOf(bookingId)).toBe("pending");
  });

  test("a manager and an admin see every consultant's bookings, with the consultant's name and the student's contact details", async () => {
    const first = await createConsultant();
    const second = await createConsultant();
    const a = await book(first);
    const b = await book(second);
    for (const user of [await staff("manager"), await staff("admin")]) {
      const data = await page(user);
      const ids = data.list.items.map((item) => item.id);
      expect(ids).toEqual(expect.arrayContaining([a.bookingId, b.bookingId]));
      expect(data.list.items.find((item) => item.id === b.bookingId)).toMatchObject({
        consultantName: second.consultant.name,
        name: b.student.name,
        email: b.student.email,
        phone: bookingContact(b.student).phone,
        address: bookingContact(b.student).address,
        status: "pending",
      });
      expect(data.consultants.map((consultant) => consultant.id)).toEqual(
        expect.arrayContaining([first.consultant.id, second.consultant.id]),
      );
    }
  });
});

describe("the filters", () => {
  test("by consultant and by status; values that are not ones the page knows are ignored, never an error", async () => {
    const owner = await createConsultant();
    const other = await createConsultant();
    const pending = await book(owner);
    const accepted = await book(owner);
    await book(other);
    await setBookingStatus({
      actor: await sessionOf(owner.user),
      consultantId: owner.consultant.id,
      bookingId: accepted.bookingId,
      status: "accepted",
    });
    const manager = await staff();

    const mine = await page(manager, `?consultant=${owner.consultant.id}`);
    expect(mine.filters.consultant).toBe(owner.consultant.id);
    expect(mine.list.items.map((item) => item.id).sort()).toEqual([pending.bookingId, accepted.bookingId].sort());
    expect(mine.list.total).toBe(2);

    const onlyAccepted = await page(manager, `?consultant=${owner.consultant.id}&status=accepted`);
    expect(onlyAccepted.list.items.map((item) => item.id)).toEqual([accepted.bookingId]);
    expect(onlyAccepted.list.items[0]?.status).toBe("accepted");

    const everyone = await page(manager);
    const ignored = await page(manager, "?consultant=no-such-consultant&status=bogus&from=2026-02-30&to=tomorrow&page=abc");
    expect(ignored.filters).toEqual({ consultant: null, status: null, from: null, to: null });
    expect(ignored.list.total).toBe(everyone.list.total);
    expect((await visit(manager, { search: "?from=%00&to=99999-01-01&consultant=%27" })).status).toBe(200);
  });

  test("from and to are days in the manager's own zone, both included", async () => {
    const owner = await createConsultant();
    // 20:00 UTC three days on: the next day already in Tokyo (05:00).
    const now = new Date();
    const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 3, 20, 0);
    const { bookingId, slot } = await book(owner, { hoursAhead: (target - now.getTime()) / HOUR });
    const manager = await staff("manager", "Asia/Tokyo");
    const tokyoDay = wallClock(slot.startsAt, "Asia/Tokyo").date;
    const utcDay = wallClock(slot.startsAt, "UTC").date;
    expect(tokyoDay).not.toBe(utcDay);
    const ids = async (search: string) =>
      (await page(manager, `?consultant=${owner.consultant.id}&${search}`)).list.items.map((item) => item.id);

    expect(await ids(`from=${tokyoDay}&to=${tokyoDay}`)).toEqual([bookingId]);
    expect(await ids(`from=${tokyoDay}`)).toEqual([bookingId]);
    expect(await ids(`to=${tokyoDay}`)).toEqual([bookingId]);
    // The UTC day is the day before in Tokyo, which the appointment is not on.
    expect(await ids(`from=${utcDay}&to=${utcDay}`)).toEqual([]);
    expect(await ids(`to=${utcDay}`)).toEqual([]);
    const after = wallClock(new Date(slot.startsAt.getTime() + 24 * HOUR), "Asia/Tokyo").date;
    expect(await ids(`from=${after}`)).toEqual([]);
    // Shown in the manager's zone, the zone named.
    expect((await page(manager, `?consultant=${owner.consultant.id}`)).list.items[0]?.when).toMatch(/05:00 – 05:30 \(Asia\/Tokyo\)$/);
  });

  test("12 a page, with the shared pager's ?page", async () => {
    const owner = await createConsultant();
    for (let index = 0; index < 13; index++) await book(owner);
    const manager = await staff();
    const first = await page(manager, `?consultant=${owner.consultant.id}`);
    expect(first.list).toMatchObject({ total: 13, page: 1, pageCount: 2, pageSize: 12 });
    expect(first.list.items).toHaveLength(12);
    const second = await page(manager, `?consultant=${owner.consultant.id}&page=2`);
    expect(second.list.items).toHaveLength(1);
    const beyond = await page(manager, `?consultant=${owner.consultant.id}&page=99`);
    expect(beyond.list.page).toBe(2);
  });
});

describe("a manager's status changes", () => {
  test("go through the consultant's rules: accept, then complete, each with its toast; a move the flow does not allow is 409 with the reason", async () => {
    const owner = await createConsultant();
    const { bookingId, student } = await book(owner);
    const manager = await staff();
    const change = (status: string, booking = bookingId) =>
      visit<Refused>(manager, { search: `?consultant=${owner.consultant.id}&page=1`, form: { booking, status } });

    const early = await change("completed");
    expect(early.status).toBe(409);
    expect(early.data.refusal).toEqual({ booking: bookingId, message: "This booking is pending; it cannot be completed." });
    expect(await statusOf(bookingId)).toBe("pending");

    const accepted = await change("accepted");
    expect(accepted.status).toBe(303);
    // Back to the same filtered list, at the booking (its card takes the focus the button had).
    expect(accepted.location).toBe(`/dashboard/bookings?consultant=${owner.consultant.id}#booking-${bookingId}`);
    expect(await toastOf(new Response(null, { headers: accepted.headers }))).toBe("Booking accepted successfully");
    expect(await statusOf(bookingId)).toBe("accepted");
    const recorded = await db().select().from(auditEvents).where(eq(auditEvents.targetId, student.id));
    expect(recorded.find((row) => row.action === "booking.status")?.actorId).toBe(manager.id);

    expect((await change("accepted")).status).toBe(409);
    const completed = await change("completed");
    expect(completed.status).toBe(303);
    expect(await toastOf(new Response(null, { headers: completed.headers }))).toBe("Booking completed successfully");
    const late = await change("rejected");
    expect(late.status).toBe(409);
    expect(late.data.refusal.message).toBe("This booking is completed; it cannot be rejected.");
    expect(await statusOf(bookingId)).toBe("completed");

    expect((await change("bogus")).status).toBe(400);
    expect((await change("accepted", "no-such-booking")).status).toBe(404);
  });

  test("an admin rejects a booking, which frees its slot", async () => {
    const owner = await createConsultant();
    const { bookingId } = await book(owner);
    const admin = await staff("admin");
    const rejected = await visit(admin, { form: { booking: bookingId, status: "rejected" } });
    expect(rejected.status).toBe(303);
    expect(await toastOf(new Response(null, { headers: rejected.headers }))).toBe("Booking rejected successfully");
    expect(await statusOf(bookingId)).toBe("rejected");
    const listed = await page(admin, `?consultant=${owner.consultant.id}&status=rejected`);
    expect(listed.list.items.map((item) => item.id)).toEqual([bookingId]);
  });
});
