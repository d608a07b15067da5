import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import { bookSlot } from "~/.server/bookings/book-slot";
import { db } from "~/.server/db";
import { appointmentSlots } from "~/.server/db/schema";
import { createUser, type TestUser } from "../../tests/support/accounts";
import { bookingContact, createConsultant, createSlot } from "../../tests/support/booking";
import { callRoute } from "../../tests/support/call-route";
import { withTestDatabase } from "../../tests/support/database-per-file";
import { sessionOf } from "../../tests/support/members";
import BookAppointmentPage, * as bookAppointment from "./book-appointment";
import BookConsultantPage, * as bookConsultant from "./book-consultant";

withTestDatabase();

type List = Awaited<ReturnType<typeof bookAppointment.loader>>;
type Booking = Awaited<ReturnType<typeof bookConsultant.loader>>;

const list = async (student: TestUser, country: string) => {
  const answer = await callRoute<List>(bookAppointment, {
    path: `/book-appointment?country=${country}`,
    headers: { Cookie: student.cookie },
  });
  expect(answer.status).toBe(200);
  return answer.data;
};

/** A page rendered on the server with the data its loader answered, as the first response would carry it. */
function render(id: string, path: string, pattern: string, Component: unknown, loaderData: unknown) {
  const Stub = createRoutesStub([{ id, path: pattern, Component: Component as never, loader: () => loaderData }]);
  return renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { [id]: loaderData } } }));
}

test("each consultant card says how many free future slots there are: none for a consultant without one, one for a consultant with one", async () => {
  const empty = await createConsultant({ country: "Japan" });
  const open = await createConsultant({ country: "Japan" });
  const slot = await createSlot(open);
  // Neither a taken slot, a deleted one, nor one in the past is free.
  const taken = await createConsultant({ country: "Japan" });
  const held = await createSlot(taken);
  const other = await createUser();
  await bookSlot({
    student: await sessionOf(other),
    consultantId: taken.consultant.id,
    fields: { slot: held.id, ...bookingContact(other) },
  });
  const deleted = await createSlot(taken);
  await db().update(appointmentSlots).set({ deletedAt: new Date() }).where(eq(appointmentSlots.id, deleted.id));
  const past = new Date(Date.now() - 3_600_000);
  await db()
    .insert(appointmentSlots)
    .values({
      id: "past-slot",
      consultantId: taken.consultant.id,
      startsAt: past,
      endsAt: new Date(past.getTime() + 30 * 60_000),
      timeZone: "UTC",
    });

  const student = await createUser();
  const data = await list(student, "Japan");
  const freeSlots = Object.fromEntries(data.items.map((consultant) => [consultant.id, consultant.freeSlots]));
  expect(freeSlots).toEqual({ [empty.consultant.id]: 0, [open.consultant.id]: 1, [taken.consultant.id]: 0 });

  // The cards: a Book button only for the consultant with a free time, "No free times yet" (text, not a control) for the others.
  const html = render("list", "/book-appointment?country=Japan", "/book-appointment", BookAppointmentPage, data);
  // Each card's markup: from its data-consultant to the next card's (the last one's to the dialog after the list).
  const cards = html
    .split("data-consultant=")
    .slice(1)
    .map((markup) => markup.split("<dialog")[0] ?? "");
  const card = (id: string) => cards.find((markup) => markup.startsWith(`"${id}"`)) ?? "";
  expect(card(open.consultant.id)).toContain(`href="/book-appointment/${open.consultant.id}"`);
  expect(card(open.consultant.id)).toContain("1 free time");
  expect(card(open.consultant.id)).not.toContain("No free times yet");
  for (const none of [empty, taken]) {
    expect(card(none.consultant.id)).toContain("No free times yet");
    expect(card(none.consultant.id)).not.toContain("href=");
    expect(card(none.consultant.id)).not.toContain("<button");
  }

  // Once the slot is booked, the consultant has none left.
  await bookSlot({
    student: await sessionOf(student),
    consultantId: open.consultant.id,
    fields: { slot: slot.id, ...bookingContact(student) },
  });
  const after = await list(student, "Japan");
  expect(after.items.find((consultant) => consultant.id === open.consultant.id)?.freeSlots).toBe(0);
});

test("the booking page and the dialog it feeds say “No free times yet” in place of the Book button when there is no free slot", async () => {
  const empty = await createConsultant();
  const open = await createConsultant();
  await createSlot(open);
  const student = await createUser();
  const page = async (id: string) => {
    const path = `/book-appointment/${id}`;
    const answer = await callRoute<Booking>(bookConsultant, {
      path,
      pattern: "/book-appointment/:consultantId",
      headers: { Cookie: student.cookie },
    });
    expect(answer.status).toBe(200);
    return { data: answer.data, html: render("book", path, "/book-appointment/:consultantId", BookConsultantPage, answer.data) };
  };

  const none = await page(empty.consultant.id);
  expect(none.data.form.slots).toEqual([]);
  expect(none.html).toContain("No free times yet");
  expect(none.html).not.toMatch(/<button[^>]*>[^<]*Book Appointment/);

  const one = await page(open.consultant.id);
  expect(one.data.form.slots).toHaveLength(1);
  expect(one.html).not.toContain("No free times yet");
  expect(one.html).toMatch(/<button[^>]*>[^<]*Book Appointment/);
});
