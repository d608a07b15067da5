import fc from "fast-check";
import { beforeAll, expect, test } from "vitest";
import type { BookingStatus } from "~/lib/booking";
import type { Paginated } from "~/lib/pagination";
import { createUser, type TestUser } from "../../../tests/support/accounts";
import { bookingContact, createConsultant, wallClock } from "../../../tests/support/booking";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { sessionOf } from "../../../tests/support/members";
import { comparedAfterEach, expectOutcome } from "../../../tests/support/model-commands";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { appointmentSlots, bookings } from "../db/schema";
import { addSlot } from "./add-slot";
import { bookSlot } from "./book-slot";
import { bookingListsChanged } from "./booking-lists-cache";
import { cancelBooking } from "./cancel-booking";
import { deleteSlot } from "./delete-slot";
import { listConsultantBookings, listStudentBookings } from "./list-bookings";
import { listConsultantSlots } from "./list-slots";
import { setBookingStatus } from "./set-booking-status";

withTestDatabase();

const HOUR = 3_600_000;
/**
 * Where a slot may start, in hours from the run's start: the first is inside the default 2-hour
 * cancel cut-off (bookable, not cancellable), the rest a day on, an hour apart (30-minute slots: two
 * slots at one position overlap, two positions never do).
 */
const positions = [1, 24, 25, 26, 27];

type Person = { session: SessionUser; consultantId: string | null };
type World = { students: (Person & { user: TestUser })[]; consultants: Person[]; manager: Person };
let world: World;

beforeAll(async () => {
  const manager = await createUser({ role: "manager", verified: true });
  const consultants = [await createConsultant({ manager }), await createConsultant({ manager })];
  const students = [await createUser({ verified: true }), await createUser({ verified: true }), await createUser({ verified: true })];
  world = {
    manager: { session: await sessionOf(manager), consultantId: null },
    consultants: await Promise.all(
      consultants.map(async (owner) => ({ session: await sessionOf(owner.user), consultantId: owner.consultant.id })),
    ),
    students: await Promise.all(students.map(async (user) => ({ user, session: await sessionOf(user), consultantId: null }))),
  };
});

type ModelSlot = { id: string; consultant: number; position: number; deleted: boolean };
type ModelBooking = { id: string; slot: ModelSlot; student: number; status: BookingStatus };
type Model = { slots: ModelSlot[]; bookings: ModelBooking[] };
/** The run's start, rounded to the minute: one position is one instant all through a run. */
type Real = { start: number };

/** The model's own rules, written out rather than imported from the product: a pending or accepted booking holds its slot. */
const isLiveStatus = (status: BookingStatus) => status === "pending" || status === "accepted";
/** What the booking's consultant (or a manager) may set from each status. */
const allowedMoves: Record<BookingStatus, readonly string[]> = {
  pending: ["accepted", "rejected"],
  accepted: ["completed", "rejected"],
  rejected: [],
  completed: [],
  cancelled: [],
};
const liveBookingOf = (m: Model, slot: ModelSlot) => m.bookings.find((booking) => booking.slot === slot && isLiveStatus(booking.status));

class AddSlot implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly consultant: number,
    readonly position: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const clash = m.slots.some((slot) => slot.consultant === this.consultant && slot.position === this.position && !slot.deleted);
    const { session, consultantId } = world.consultants[this.consultant] as Person;
    const start = new Date(r.start + (positions[this.position] as number) * HOUR);
    const slot = await expectOutcome(clash ? "CONFLICT" : null, () =>
      addSlot({ actor: session, consultantId: String(consultantId), fields: { ...wallClock(start), duration: "30", timeZone: "UTC" } }),
    );
    if (slot) m.slots.push({ id: slot.id, consultant: this.consultant, position: this.position, deleted: false });
  }
  toString = () => `AddSlot(consultant ${this.consultant}, +${positions[this.position]}h)`;
}

class DeleteSlot implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly consultant: number,
    readonly slot: number,
  ) {}
  check = (m: Readonly<Model>) => m.slots.length > 0;
  async run(m: Model) {
    const slot = m.slots[this.slot % m.slots.length] as ModelSlot;
    // Another consultant's slot is as unknown as a deleted one.
    const expected = slot.deleted || slot.consultant !== this.consultant ? "NOT_FOUND" : liveBookingOf(m, slot) ? "CONFLICT" : null;
    const { session, consultantId } = world.consultants[this.consultant] as Person;
    await expectOutcome(expected, () => deleteSlot({ actor: session, consultantId: String(consultantId), slotId: slot.id }));
    if (!expected) slot.deleted = true;
  }
  toString = () => `DeleteSlot(consultant ${this.consultant}, slot #${this.slot})`;
}

class Book implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly student: number,
    readonly slot: number,
    /** Posted on the other consultant's page: their slot is unknown there. */
    readonly wrongPage: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.slots.length > 0;
  async run(m: Model) {
    const slot = m.slots[this.slot % m.slots.length] as ModelSlot;
    // The site's default rule: one live booking per student and consultant.
    const holdsOne = m.bookings.some(
      (booking) => booking.student === this.student && booking.slot.consultant === slot.consultant && isLiveStatus(booking.status),
    );
    const expected = this.wrongPage ? "NOT_FOUND" : slot.deleted || liveBookingOf(m, slot) || holdsOne ? "CONFLICT" : null;
    const student = world.students[this.student] as World["students"][number];
    const consultant = world.consultants[this.wrongPage ? 1 - slot.consultant : slot.consultant] as Person;
    const booked = await expectOutcome(expected, () =>
      bookSlot({
        student: student.session,
        consultantId: String(consultant.consultantId),
        fields: { slot: slot.id, ...bookingContact(student.user) },
      }),
    );
    if (booked) m.bookings.push({ id: booked.bookingId, slot, student: this.student, status: "pending" });
  }
  toString = () => `Book(student ${this.student}, slot #${this.slot}${this.wrongPage ? ", on the other consultant's page" : ""})`;
}

/** Who presses Accept, Reject or Complete: the booking's consultant or the other one (My Appointments), the manager (the bookings list), or a student posting there. */
type StatusActor = "own consultant" | "other consultant" | "manager" | "student";

class SetStatus implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly actor: StatusActor,
    readonly booking: number,
    readonly status: "accepted" | "rejected" | "completed",
  ) {}
  check = (m: Readonly<Model>) => m.bookings.length > 0;
  async run(m: Model) {
    const booking = m.bookings[this.booking % m.bookings.length] as ModelBooking;
    const own = booking.slot.consultant;
    const person = {
      "own consultant": world.consultants[own],
      "other consultant": world.consultants[1 - own],
      manager: world.manager,
      student: world.students[0],
    }[this.actor] as Person;
    const runsIt = this.actor === "own consultant" || this.actor === "manager";
    const allowed = allowedMoves[booking.status].includes(this.status);
    const expected = !runsIt ? "FORBIDDEN" : allowed ? null : "CONFLICT";
    await expectOutcome(expected, () =>
      setBookingStatus({ actor: person.session, consultantId: person.consultantId, bookingId: booking.id, status: this.status }),
    );
    if (!expected) booking.status = this.status;
  }
  toString = () => `SetStatus(${this.actor}, booking #${this.booking}, ${this.status})`;
}

class Cancel implements fc.AsyncCommand<Model, Real> {
  constructor(
    /** The booking's own student, or another one. */
    readonly byOwner: boolean,
    readonly booking: number,
  ) {}
  check = (m: Readonly<Model>) => m.bookings.length > 0;
  async run(m: Model) {
    const booking = m.bookings[this.booking % m.bookings.length] as ModelBooking;
    const student = this.byOwner ? booking.student : (booking.student + 1) % world.students.length;
    // Someone else's booking is unknown; a booking that is over, or inside the cut-off, is a conflict.
    const expected = !this.byOwner ? "NOT_FOUND" : !isLiveStatus(booking.status) || booking.slot.position === 0 ? "CONFLICT" : null;
    await expectOutcome(expected, () => cancelBooking({ student: (world.students[student] as Person).session, bookingId: booking.id }));
    if (!expected) booking.status = "cancelled";
  }
  toString = () => `Cancel(${this.byOwner ? "its student" : "another student"}, booking #${this.booking})`;
}

/** Every page of a list. */
async function wholeList<T>(page: (number: number) => Promise<Paginated<T>>): Promise<T[]> {
  const first = await page(1);
  const rest = await Promise.all(Array.from({ length: first.pageCount - 1 }, (_, index) => page(index + 2)));
  return [first, ...rest].flatMap((one) => one.items);
}

const byId = <T extends { id: string }>(rows: T[]) => rows.toSorted((a, b) => a.id.localeCompare(b.id));

/** The database, and every list people read, against the model: no booking lost or made up, one live booking a slot at most. */
async function compare(m: Model) {
  const stored = await db()
    .select({
      id: bookings.id,
      slotId: bookings.slotId,
      studentId: bookings.studentId,
      consultantId: bookings.consultantId,
      status: bookings.status,
    })
    .from(bookings);
  const expected = m.bookings.map((booking) => ({
    id: booking.id,
    slotId: booking.slot.id,
    studentId: (world.students[booking.student] as Person).session.id,
    consultantId: (world.consultants[booking.slot.consultant] as Person).consultantId,
    status: booking.status,
  }));
  expect(byId(stored)).toEqual(byId(expected));
  const liveSlots = stored.filter((booking) => isLiveStatus(booking.status)).map((booking) => booking.slotId);
  expect(new Set(liveSlots).size).toBe(liveSlots.length);

  const slots = await db().select({ id: appointmentSlots.id, deletedAt: appointmentSlots.deletedAt }).from(appointmentSlots);
  expect(byId(slots.map((slot) => ({ id: slot.id, deleted: slot.deletedAt !== null })))).toEqual(
    byId(m.slots.map((slot) => ({ id: slot.id, deleted: slot.deleted }))),
  );

  for (const [index, student] of world.students.entries()) {
    const listed = await wholeList((page) => listStudentBookings({ studentId: student.session.id, page }));
    expect(byId(listed.map((row) => ({ id: row.id, status: row.status })))).toEqual(
      byId(m.bookings.filter((booking) => booking.student === index).map((booking) => ({ id: booking.id, status: booking.status }))),
    );
  }
  for (const [index, consultant] of world.consultants.entries()) {
    const consultantId = String(consultant.consultantId);
    const listed = await wholeList((page) => listConsultantBookings({ consultantId, when: "all", status: null, page }));
    expect(byId(listed.map((row) => ({ id: row.id, status: row.status })))).toEqual(
      byId(
        m.bookings.filter((booking) => booking.slot.consultant === index).map((booking) => ({ id: booking.id, status: booking.status })),
      ),
    );
    // Their upcoming slots: the ones not deleted, each with its live booking's status (null: free).
    const own = await wholeList((page) => listConsultantSlots({ consultantId, view: "upcoming", page }));
    expect(byId(own.map((row) => ({ id: row.id, bookingStatus: row.bookingStatus })))).toEqual(
      byId(
        m.slots
          .filter((slot) => slot.consultant === index && !slot.deleted)
          .map((slot) => ({ id: slot.id, bookingStatus: liveBookingOf(m, slot)?.status ?? null })),
      ),
    );
  }
}

const checked = comparedAfterEach<Model, Real>(compare);

const student = fc.nat({ max: 2 });
const consultant = fc.nat({ max: 1 });
const index = fc.nat({ max: 20 });
const addSlotCommand = fc
  .tuple(consultant, fc.nat({ max: positions.length - 1 }))
  .map(([who, position]) => checked(new AddSlot(who, position)));
const deleteSlotCommand = fc.tuple(consultant, index).map(([who, slot]) => checked(new DeleteSlot(who, slot)));
const bookCommand = fc
  .tuple(
    student,
    index,
    fc.nat({ max: 5 }).map((n) => n === 0),
  )
  .map(([who, slot, wrongPage]) => checked(new Book(who, slot, wrongPage)));
const statusCommand = fc
  .tuple(
    fc.oneof(
      { arbitrary: fc.constant<StatusActor>("own consultant"), weight: 5 },
      { arbitrary: fc.constant<StatusActor>("manager"), weight: 2 },
      { arbitrary: fc.constant<StatusActor>("other consultant"), weight: 1 },
      { arbitrary: fc.constant<StatusActor>("student"), weight: 1 },
    ),
    index,
    fc.constantFrom("accepted", "rejected", "completed"),
  )
  .map(([actor, booking, status]) => checked(new SetStatus(actor, booking, status)));
const cancelCommand = fc
  .tuple(
    fc.nat({ max: 3 }).map((n) => n > 0),
    index,
  )
  .map(([byOwner, booking]) => checked(new Cancel(byOwner, booking)));
/** Booking, status changes and cancelling come up more often than slot changes (an arbitrary listed twice is drawn twice as often). */
const commands = fc.commands(
  [
    addSlotCommand,
    deleteSlotCommand,
    bookCommand,
    bookCommand,
    bookCommand,
    statusCommand,
    statusCommand,
    statusCommand,
    cancelCommand,
    cancelCommand,
  ],
  { maxCommands: 15, size: "max" },
);

/** A run starts with no bookings and two slots a consultant (one of them inside the cut-off), added through the real function. */
async function freshWorld(): Promise<{ model: Model; real: Real }> {
  await db().delete(bookings);
  await db().delete(appointmentSlots);
  await bookingListsChanged();
  const start = Date.now() - (Date.now() % 60_000);
  const model: Model = { slots: [], bookings: [] };
  for (const [who, position] of [
    [0, 0],
    [0, 1],
    [1, 1],
    [1, 2],
  ] as const) {
    await new AddSlot(who, position).run(model, { start });
  }
  return { model, real: { start } };
}

// 50 sequences of up to 15 commands (about 350 commands, each followed by the comparison's eight
// reads): about 10 s on PGlite, and every command meets each of its outcomes (allowed, CONFLICT,
// NOT_FOUND, FORBIDDEN) dozens of times; more runs only walk the same small state space again.
test("bookings follow the model through any sequence of slot, booking, status and cancel commands", async () => {
  await fc.assert(
    fc.asyncProperty(commands, (sequence) => fc.asyncModelRun(freshWorld, sequence)),
    { numRuns: 50 },
  );
}, 120_000);
