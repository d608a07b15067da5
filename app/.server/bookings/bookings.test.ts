import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import * as bookRoute from "~/routes/book-consultant";
import * as myAppointmentsRoute from "~/routes/dashboard/my-appointments";
import * as myBookingsRoute from "~/routes/dashboard/my-bookings";
import { createUser, type TestUser } from "../../../tests/support/accounts";
import { bookingContact, createConsultant, createSlot } from "../../../tests/support/booking";
import { callRoute } from "../../../tests/support/call-route";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { refusal, sessionOf, toastOf } from "../../../tests/support/members";
import { startSmtpServer } from "../../../tests/support/smtp";
import { db } from "../db";
import { appointmentSlots, bookings, mailOutbox, users } from "../db/schema";
import { createMailTransport } from "../mail/transport";
import { startMailWorker } from "../mail/worker";
import { updateSiteSettings } from "../settings/update-site-settings";
import { bookSlot } from "./book-slot";
import { cancelBooking } from "./cancel-booking";
import { listFreeSlots } from "./free-slots";
import { sendDueReminders } from "./reminders";
import { setBookingStatus } from "./set-booking-status";

withTestDatabase();

const HOUR = 3_600_000;
type Owner = Awaited<ReturnType<typeof createConsultant>>;
type FormReply = { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };

const bookPage = (consultantId: string) => ({ path: `/book-appointment/${consultantId}`, pattern: "/book-appointment/:consultantId" });

async function postBooking(student: TestUser | null, consultantId: string, fields: Record<string, string>) {
  return callRoute<FormReply>(bookRoute, {
    ...bookPage(consultantId),
    form: fields,
    headers: student ? { Cookie: student.cookie } : {},
  });
}

async function book(owner: Owner, student: TestUser, slotId: string) {
  return bookSlot({
    student: await sessionOf(student),
    consultantId: owner.consultant.id,
    fields: { slot: slotId, ...bookingContact(student) },
  });
}

const statusOf = async (id: string) =>
  (await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;
/** The booking mails to `address` (the test accounts' sign-up confirmations left out). */
const mailsTo = async (address: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.to, address)).orderBy(mailOutbox.id)).filter(
    (mail) => !mail.subject.startsWith("Confirm your e-mail"),
  );

describe("booking a slot", () => {
  test("the booking page lists only free future slots in the student's zone, and a post of slot, name, email, phone and address books it", async () => {
    const owner = await createConsultant({ timeZone: "Europe/Helsinki" });
    const first = await createSlot(owner, { hoursAhead: 30 });
    const second = await createSlot(owner, { hoursAhead: 40 });
    const student = await createUser({ name: "Nusrat Jahan" });
    await db().update(users).set({ timeZone: "Asia/Tokyo" }).where(eq(users.id, student.id));
    const page = await callRoute<{ form: { slots: { value: string; label: string }[]; defaults: { email: string } } }>(bookRoute, {
      ...bookPage(owner.consultant.id),
      headers: { Cookie: student.cookie },
    });
    expect(page.data.form.slots.map((slot) => slot.value)).toEqual([first.id, second.id]);
    expect(page.data.form.slots[0]?.label).toMatch(/^\w{3} \d{1,2} \w{3}( \d{4})?, \d{2}:\d{2} – \d{2}:\d{2} \(Asia\/Tokyo\)$/);
    expect(page.data.form.defaults.email).toBe(student.email);

    const contact = { name: "Nusrat J.", email: "nusrat.other@example.com", phone: "+880 1811 222333", address: "Mirpur 10, Dhaka" };
    const booked = await postBooking(student, owner.consultant.id, { slot: first.id, ...contact });
    expect(booked.status).toBe(303);
    expect(booked.location).toMatch(/^\/dashboard\/my-bookings\?booking=/);
    expect(await toastOf(new Response(null, { headers: booked.headers }))).toBe("Appointment Booked Successfully");
    const [row] = await db().select().from(bookings).where(eq(bookings.slotId, first.id));
    expect(row).toMatchObject({ ...contact, status: "pending", studentId: student.id, consultantId: owner.consultant.id });

    // The consultant's cards carry the details the student posted; their mail shows the time in their own zone.
    const cards = await callRoute<{ list: { items: { id: string; name: string; phone: string; address: string; when: string }[] } }>(
      myAppointmentsRoute,
      {
        path: "/dashboard/my-appointments",
        headers: { Cookie: owner.user.cookie },
      },
    );
    expect(cards.data.list.items).toEqual([
      expect.objectContaining({ id: row?.id, name: contact.name, phone: contact.phone, address: contact.address }),
    ]);
    expect(cards.data.list.items[0]?.when).toMatch(/\(Europe\/Helsinki\)$/);
    const mail = (await mailsTo(owner.user.email)).at(-1);
    expect(mail?.subject).toBe("New booking request from Nusrat J.");
    expect(mail?.text).toMatch(/\(Europe\/Helsinki\)/);
    expect(mail?.text).toContain(`/dashboard/my-appointments?booking=${row?.id}`);

    // The booked slot is no longer offered.
    expect((await listFreeSlots({ consultantId: owner.consultant.id })).map((slot) => slot.id)).toEqual([second.id]);
  });

  test("refuses, with a clear message and nothing booked: another consultant's slot, a deleted slot, a past slot, a slot that does not exist, a signed-out visitor", async () => {
    const owner = await createConsultant();
    const other = await createConsultant();
    const foreign = await createSlot(other);
    const deleted = await createSlot(owner);
    await db().update(appointmentSlots).set({ deletedAt: new Date() }).where(eq(appointmentSlots.id, deleted.id));
    const past = new Date(Date.now() - 2 * HOUR);
    await db()
      .insert(appointmentSlots)
      .values({
        id: "slot-in-the-past",
        consultantId: owner.consultant.id,
        startsAt: past,
        endsAt: new Date(past.getTime() + 30 * 60_000),
        timeZone: "UTC",
      });
    const student = await createUser();
    const contact = bookingContact(student);
    const cases: [string, number, string][] = [
      [foreign.id, 404, "This slot is no longer available. Please choose another."],
      [deleted.id, 409, "This slot is no longer available. Please choose another."],
      ["slot-in-the-past", 409, "This slot has already started. Please choose a later one."],
      ["no-such-slot", 404, "This slot is no longer available. Please choose another."],
    ];
    for (const [slot, status, message] of cases) {
      const answer = await postBooking(student, owner.consultant.id, { slot, ...contact });
      expect(answer.status, slot).toBe(status);
      expect(answer.data.result.error.slot, slot).toEqual([message]);
      expect(answer.data.result.initialValue.address, slot).toBe(contact.address);
    }
    const missing = await postBooking(student, owner.consultant.id, {
      slot: "",
      name: "",
      email: "not an e-mail",
      phone: "12",
      address: "",
    });
    expect(missing.status).toBe(400);
    expect(missing.data.result.error).toMatchObject({
      slot: ["Select a Slot"],
      name: ["This field is required"],
      email: ["Enter a valid e-mail address"],
      phone: ["Enter a phone number: digits, spaces and an optional +"],
      address: ["This field is required"],
    });
    const fresh = await createSlot(owner);
    const signedOut = await postBooking(null, owner.consultant.id, { slot: fresh.id, ...contact });
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/login\?redirectTo=/);
    expect(await db().select().from(bookings).where(eq(bookings.consultantId, owner.consultant.id))).toHaveLength(0);
  });

  test("a slot taken a moment earlier answers 409 with “This slot has just been booked. Please choose another.” and the list without it", async () => {
    const owner = await createConsultant();
    const slot = await createSlot(owner);
    const first = await createUser();
    const second = await createUser();
    await book(owner, first, slot.id);
    const late = await postBooking(second, owner.consultant.id, { slot: slot.id, ...bookingContact(second) });
    expect(late.status).toBe(409);
    expect(late.data.result.error.slot).toEqual(["This slot has just been booked. Please choose another."]);
    expect(bookRoute.shouldRevalidate({ actionStatus: 409, defaultShouldRevalidate: false } as never)).toBe(true);
    const page = await callRoute<{ form: { slots: unknown[] } }>(bookRoute, {
      ...bookPage(owner.consultant.id),
      headers: { Cookie: second.cookie },
    });
    expect(page.data.form.slots).toEqual([]);
  });

  test("a student holds at most one live booking per consultant (booking.maxLivePerConsultant), and may book again once it is over", async () => {
    const owner = await createConsultant();
    const [a, b, c] = [await createSlot(owner), await createSlot(owner), await createSlot(owner)];
    const student = await createUser();
    const first = await book(owner, student, a.id);
    const second = await refusal(book(owner, student, b.id));
    expect(second.code).toBe("CONFLICT");
    expect(second.message).toMatch(/^You already have a booking with /);
    // Two at once cannot both pass the limit either.
    const other = await createUser();
    const racing = await Promise.allSettled([book(owner, other, b.id), book(owner, other, c.id)]);
    expect(racing.filter((result) => result.status === "fulfilled")).toHaveLength(1);

    const manager = await sessionOf(await createUser({ role: "manager" }));
    await updateSiteSettings({ actor: manager, changes: { "booking.maxLivePerConsultant": "2" } });
    const raised = b.id === (await db().select().from(bookings).where(eq(bookings.studentId, other.id)))[0]?.slotId ? c : b;
    await book(owner, student, raised.id);
    await updateSiteSettings({ actor: manager, changes: { "booking.maxLivePerConsultant": "1" } });
    await cancelBooking({ student: await sessionOf(student), bookingId: first.bookingId });
    expect(await statusOf(first.bookingId)).toBe("cancelled");
  });

  test("a consultant cannot book their own slot", async () => {
    const owner = await createConsultant();
    const slot = await createSlot(owner);
    const own = await refusal(book(owner, owner.user, slot.id));
    expect(own.message).toBe("You cannot book your own slot.");
  });
});

describe("the status flow", () => {
  test("pending → accepted → completed, each change a toast only after it happened; any other move is 409 with the reason", async () => {
    const owner = await createConsultant();
    const slot = await createSlot(owner);
    const student = await createUser();
    const { bookingId } = await book(owner, student, slot.id);
    const change = (status: string, user: TestUser = owner.user, booking = bookingId) =>
      callRoute<{ refusal: { message: string } }>(myAppointmentsRoute, {
        path: "/dashboard/my-appointments",
        form: { booking, status },
        headers: { Cookie: user.cookie },
      });
    const completeEarly = await change("completed");
    expect(completeEarly.status).toBe(409);
    expect(completeEarly.data.refusal.message).toBe("This booking is pending; it cannot be completed.");
    expect((await change("pending")).status).toBe(409);
    expect((await change("cancelled")).status).toBe(409);
    expect((await change("bogus")).status).toBe(400);

    const accepted = await change("accepted");
    expect(accepted.status).toBe(303);
    expect(await toastOf(new Response(null, { headers: accepted.headers }))).toBe("Booking accepted successfully");
    expect((await change("accepted")).status).toBe(409);
    const completed = await change("completed");
    expect(await toastOf(new Response(null, { headers: completed.headers }))).toBe("Booking completed successfully");
    expect(await statusOf(bookingId)).toBe("completed");
    const late = await change("rejected");
    expect(late.status).toBe(409);
    expect(late.data.refusal.message).toBe("This booking is completed; it cannot be rejected.");
    expect(await statusOf(bookingId)).toBe("completed");
  });

  test("a student (403), another consultant (403) and an unknown booking (404) are refused, and nothing changes", async () => {
    const owner = await createConsultant();
    const other = await createConsultant();
    const student = await createUser();
    const { bookingId } = await book(owner, student, (await createSlot(owner)).id);
    for (const [user, status] of [
      [student, 403],
      [other.user, 403],
    ] as const) {
      const answer = await callRoute(myAppointmentsRoute, {
        path: "/dashboard/my-appointments",
        form: { booking: bookingId, status: "accepted" },
        headers: { Cookie: user.cookie },
      });
      expect(answer.status).toBe(status);
    }
    const unknown = await callRoute(myAppointmentsRoute, {
      path: "/dashboard/my-appointments",
      form: { booking: "no-such-booking", status: "accepted" },
      headers: { Cookie: owner.user.cookie },
    });
    expect(unknown.status).toBe(404);
    expect(await statusOf(bookingId)).toBe("pending");
  });

  test("rejecting or cancelling frees the slot for another student", async () => {
    const owner = await createConsultant();
    const slot = await createSlot(owner);
    const [first, second, third] = [await createUser(), await createUser(), await createUser()];
    const a = await book(owner, first, slot.id);
    await setBookingStatus({
      actor: await sessionOf(owner.user),
      consultantId: owner.consultant.id,
      bookingId: a.bookingId,
      status: "rejected",
    });
    const b = await book(owner, second, slot.id);
    await cancelBooking({ student: await sessionOf(second), bookingId: b.bookingId });
    await book(owner, third, slot.id);
    const rows = await db()
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.slotId, slot.id))
      .orderBy(bookings.createdAt);
    expect(rows.map((row) => row.status)).toEqual(["rejected", "cancelled", "pending"]);
  });

  test("a student cancels their own pending or accepted booking up to the cut-off (booking.cancelCutoffHours), not someone else's", async () => {
    const owner = await createConsultant();
    const soon = await createSlot(owner, { hoursAhead: 1 });
    const later = await createSlot(owner, { hoursAhead: 100 });
    const student = await createUser();
    const stranger = await createUser();
    const near = await book(owner, student, soon.id);
    const tooLate = await callRoute<{ refusal: { message: string } }>(myBookingsRoute, {
      path: "/dashboard/my-bookings",
      form: { booking: near.bookingId },
      headers: { Cookie: student.cookie },
    });
    expect(tooLate.status).toBe(409);
    expect(tooLate.data.refusal.message).toBe(
      "A booking can be cancelled up to 2 hours before it starts; please contact the consultant instead.",
    );
    await setBookingStatus({
      actor: await sessionOf(owner.user),
      consultantId: owner.consultant.id,
      bookingId: near.bookingId,
      status: "rejected",
    });
    const far = await book(owner, student, later.id);
    expect(
      (
        await callRoute(myBookingsRoute, {
          path: "/dashboard/my-bookings",
          form: { booking: far.bookingId },
          headers: { Cookie: stranger.cookie },
        })
      ).status,
    ).toBe(404);
    const cancelled = await callRoute(myBookingsRoute, {
      path: "/dashboard/my-bookings",
      form: { booking: far.bookingId },
      headers: { Cookie: student.cookie },
    });
    expect(cancelled.status).toBe(303);
    expect(await toastOf(new Response(null, { headers: cancelled.headers }))).toBe("Booking cancelled successfully");
    const again = await refusal(cancelBooking({ student: await sessionOf(student), bookingId: far.bookingId }));
    expect(again).toMatchObject({ code: "CONFLICT", message: "This booking is cancelled; it cannot be cancelled." });
  });
});

describe("e-mails and calendar invitations", () => {
  test("acceptance carries METHOD:REQUEST in UTC with organiser, attendee and a stable UID; a cancellation after it METHOD:CANCEL with the same UID and a higher SEQUENCE", async () => {
    const owner = await createConsultant();
    const slot = await createSlot(owner);
    const student = await createUser();
    await db().update(users).set({ timeZone: "America/Toronto" }).where(eq(users.id, student.id));
    const { bookingId } = await book(owner, student, slot.id);
    await setBookingStatus({ actor: await sessionOf(owner.user), consultantId: owner.consultant.id, bookingId, status: "accepted" });
    await cancelBooking({ student: await sessionOf(student), bookingId });
    const [accepted, cancelled] = await mailsTo(student.email);
    expect(accepted?.subject).toMatch(/is confirmed$/);
    expect(accepted?.text).toMatch(/\(America\/Toronto\)/);
    expect(accepted?.text).toContain(`/dashboard/my-bookings?booking=${bookingId}`);
    const request = accepted?.calendar?.content ?? "";
    expect(accepted?.calendar?.method).toBe("REQUEST");
    const utc = (date: Date) =>
      date
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    expect(request).toContain("METHOD:REQUEST");
    expect(request).toContain(`DTSTART:${utc(slot.startsAt)}`);
    expect(request).toContain(`DTEND:${utc(slot.endsAt)}`);
    expect(request).toContain(`UID:booking-${bookingId}@`);
    expect(request).toContain("SEQUENCE:0");
    expect(request).toMatch(/ORGANIZER;CN="?[^:]+"?:MAILTO:/i);
    expect(request.replace(/\r?\n[ \t]/g, "")).toContain(`mailto:${student.email}`);

    expect(cancelled?.calendar?.method).toBe("CANCEL");
    const cancel = cancelled?.calendar?.content ?? "";
    expect(cancel).toContain("METHOD:CANCEL");
    expect(cancel).toContain(`UID:booking-${bookingId}@`);
    expect(cancel).toContain("SEQUENCE:1");
    expect(cancel).toContain("STATUS:CANCELLED");
    // The consultant hears of the cancellation too (no calendar: they were not sent one).
    const consultantMails = await mailsTo(owner.user.email);
    expect(consultantMails.at(-1)?.subject).toMatch(/cancelled their appointment$/);
    expect(consultantMails.every((mail) => mail.calendar === null)).toBe(true);
  });

  test("a rejection after acceptance cancels the invitation; a rejection of a pending booking sends none", async () => {
    const owner = await createConsultant();
    const actor = await sessionOf(owner.user);
    const [one, two] = [await createUser(), await createUser()];
    const accepted = await book(owner, one, (await createSlot(owner)).id);
    await setBookingStatus({ actor, consultantId: owner.consultant.id, bookingId: accepted.bookingId, status: "accepted" });
    await setBookingStatus({ actor, consultantId: owner.consultant.id, bookingId: accepted.bookingId, status: "rejected" });
    const pending = await book(owner, two, (await createSlot(owner)).id);
    await setBookingStatus({ actor, consultantId: owner.consultant.id, bookingId: pending.bookingId, status: "rejected" });
    const rejection = (await mailsTo(one.email)).at(-1);
    expect(rejection?.calendar?.method).toBe("CANCEL");
    expect(rejection?.calendar?.content).toContain("SEQUENCE:1");
    const plain = (await mailsTo(two.email)).at(-1);
    expect(plain?.subject).toMatch(/cannot take your appointment$/);
    expect(plain?.calendar).toBeNull();
    expect(plain?.text).toContain(`/book-appointment/${owner.consultant.id}`);
  });

  test("the invitation reaches a real SMTP server as a text/calendar; method=REQUEST part", async () => {
    // What the tests before this one queued is not this test's to send.
    await db().update(mailOutbox).set({ status: "sent" }).where(eq(mailOutbox.status, "pending"));
    const smtp = await startSmtpServer();
    const worker = startMailWorker({
      database: db,
      transport: createMailTransport({ smtpUrl: smtp.url, from: "Onward <no-reply@onward.test>", dataDir: "" }),
      pollMs: 200,
    });
    try {
      const owner = await createConsultant();
      const student = await createUser();
      const { bookingId } = await book(owner, student, (await createSlot(owner)).id);
      await setBookingStatus({ actor: await sessionOf(owner.user), consultantId: owner.consultant.id, bookingId, status: "accepted" });
      const invitation = () => smtp.received.find((mail) => mail.to.includes(student.email) && mail.raw.includes("is confirmed"));
      await expect.poll(() => invitation() !== undefined, { timeout: 10_000 }).toBe(true);
      const raw = invitation()?.raw ?? "";
      expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    } finally {
      await worker.stop();
      await smtp.stop();
    }
  });

  test("a reminder goes to both sides 24 hours before an accepted appointment, once, however often or concurrently the job runs", async () => {
    const owner = await createConsultant();
    const student = await createUser();
    const slot = await createSlot(owner, { hoursAhead: 20 });
    const { bookingId } = await book(owner, student, slot.id);
    await setBookingStatus({ actor: await sessionOf(owner.user), consultantId: owner.consultant.id, bookingId, status: "accepted" });
    // Accepted within the last day: the acceptance was the reminder.
    expect(await sendDueReminders(db())).toBe(0);
    await db().update(bookings).set({ acceptedAt: sql`now() - interval '3 days'` }).where(eq(bookings.id, bookingId));
    const runs = await Promise.all([sendDueReminders(db()), sendDueReminders(db()), sendDueReminders(db())]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await sendDueReminders(db())).toBe(0);
    const reminders = await db()
      .select()
      .from(mailOutbox)
      .where(and(sql`${mailOutbox.subject} like 'Reminder:%'`, sql`${mailOutbox.to} in (${student.email}, ${owner.user.email})`))
      .orderBy(desc(mailOutbox.id));
    expect(reminders.map((mail) => mail.to).sort()).toEqual([owner.user.email, student.email].sort());
    // A booking further away than a day is not due yet.
    const later = await book(owner, await createUser(), (await createSlot(owner, { hoursAhead: 60 })).id);
    await setBookingStatus({
      actor: await sessionOf(owner.user),
      consultantId: owner.consultant.id,
      bookingId: later.bookingId,
      status: "accepted",
    });
    await db().update(bookings).set({ acceptedAt: sql`now() - interval '3 days'` }).where(eq(bookings.id, later.bookingId));
    expect(await sendDueReminders(db())).toBe(0);
  });
});
