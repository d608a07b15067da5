import { and, asc, count, desc, eq, gt, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import { type BookingStatus, liveBookingStatuses } from "~/lib/booking";
import type { Paginated } from "~/lib/pagination";
import { db } from "../db";
import { appointmentSlots, bookings, consultants } from "../db/schema";
import { listTotal, paginate } from "../pagination";
import { cachedBookingList } from "./booking-lists-cache";

export const BOOKINGS_PER_PAGE = 12;

export type BookingWhen = "upcoming" | "past" | "all";
/** A status, or every live one (pending and accepted). */
export type BookingStatusFilter = BookingStatus | "live" | null;

export type ConsultantBookingRow = {
  id: string;
  status: BookingStatus;
  name: string;
  email: string;
  phone: string;
  address: string;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
};

/** Which of a consultant's bookings a page lists, and which page. */
type ConsultantBookingsQuery = {
  consultantId: string;
  when: BookingWhen;
  status: BookingStatusFilter;
  bookingId?: string | null;
  page: number;
};

function statusWhere(status: BookingStatusFilter): SQL | undefined {
  if (status === "live") return sql`${bookings.status} in ${liveBookingStatuses}`;
  return status ? eq(bookings.status, status) : undefined;
}

/**
 * A consultant's bookings with the contact details students gave: upcoming ones (not started)
 * soonest first, past ones latest first, or all; by status; or the one a link names (`bookingId`).
 */
export function listConsultantBookings(input: ConsultantBookingsQuery): Promise<Paginated<StaffBookingRow>> {
  return cachedBookingList(
    JSON.stringify(["listConsultantBookings", input.consultantId, input.when, input.status, input.bookingId ?? null, input.page]),
    () => readConsultantBookings(input),
  );
}

function readConsultantBookings(input: ConsultantBookingsQuery): Promise<Paginated<StaffBookingRow>> {
  const where = and(
    eq(bookings.consultantId, input.consultantId),
    input.bookingId ? eq(bookings.id, input.bookingId) : undefined,
    input.when === "upcoming" ? gt(appointmentSlots.startsAt, sql`now()`) : undefined,
    input.when === "past" ? lte(appointmentSlots.startsAt, sql`now()`) : undefined,
    statusWhere(input.status),
  );
  return bookingPage(
    where,
    [input.when === "past" ? desc(appointmentSlots.startsAt) : asc(appointmentSlots.startsAt), asc(bookings.id)],
    input.page,
  );
}

export type StudentBookingRow = {
  id: string;
  status: BookingStatus;
  startsAt: Date;
  endsAt: Date;
  consultantId: string;
  consultantName: string;
  university: string;
  country: string;
  photo: string;
};

/** A student's own bookings: the coming ones soonest first, then the past ones latest first (or the one a link names). */
export function listStudentBookings(input: {
  studentId: string;
  bookingId?: string | null;
  page: number;
}): Promise<Paginated<StudentBookingRow>> {
  return cachedBookingList(JSON.stringify(["listStudentBookings", input.studentId, input.bookingId ?? null, input.page]), () =>
    readStudentBookings(input),
  );
}

function readStudentBookings(input: { studentId: string; bookingId?: string | null; page: number }): Promise<Paginated<StudentBookingRow>> {
  const where = and(eq(bookings.studentId, input.studentId), input.bookingId ? eq(bookings.id, input.bookingId) : undefined);
  return paginate<StudentBookingRow>({
    page: input.page,
    pageSize: BOOKINGS_PER_PAGE,
    count: async () => (await db().select({ total: count() }).from(bookings).where(where))[0]?.total ?? 0,
    rows: ({ limit, offset }) =>
      db()
        .select({
          id: bookings.id,
          status: bookings.status,
          startsAt: appointmentSlots.startsAt,
          endsAt: appointmentSlots.endsAt,
          consultantId: consultants.id,
          consultantName: consultants.name,
          university: consultants.university,
          country: consultants.country,
          photo: consultants.photo,
          listTotal: listTotal(),
        })
        .from(bookings)
        .innerJoin(appointmentSlots, eq(appointmentSlots.id, bookings.slotId))
        .innerJoin(consultants, eq(consultants.id, bookings.consultantId))
        .where(where)
        .orderBy(
          sql`${appointmentSlots.startsAt} > now() desc`,
          sql`case when ${appointmentSlots.startsAt} > now() then ${appointmentSlots.startsAt} end asc`,
          desc(appointmentSlots.startsAt),
          bookings.id,
        )
        .limit(limit)
        .offset(offset),
  });
}

export type StaffBookingRow = ConsultantBookingRow & { consultantId: string; consultantName: string };

/** Which bookings the managers' list shows: each filter is optional; `from` and `to` bound the slot's start (`to` excluded). */
type AllBookingsQuery = {
  consultantId: string | null;
  status: BookingStatus | null;
  from: Date | null;
  to: Date | null;
  page: number;
};

/**
 * Every booking, for managers: by consultant, status and when the appointment starts; the
 * coming ones soonest first, then the past ones latest first, each with its consultant's name.
 */
export function listAllBookings(input: AllBookingsQuery): Promise<Paginated<StaffBookingRow>> {
  return cachedBookingList(
    JSON.stringify([
      "listAllBookings",
      input.consultantId,
      input.status,
      input.from?.toISOString() ?? null,
      input.to?.toISOString() ?? null,
      input.page,
    ]),
    () => readAllBookings(input),
  );
}

function readAllBookings(input: AllBookingsQuery): Promise<Paginated<StaffBookingRow>> {
  const where = and(
    input.consultantId ? eq(bookings.consultantId, input.consultantId) : undefined,
    statusWhere(input.status),
    input.from ? gte(appointmentSlots.startsAt, input.from) : undefined,
    input.to ? lt(appointmentSlots.startsAt, input.to) : undefined,
  );
  return bookingPage(
    where,
    [
      sql`${appointmentSlots.startsAt} > now() desc`,
      sql`case when ${appointmentSlots.startsAt} > now() then ${appointmentSlots.startsAt} end asc`,
      desc(appointmentSlots.startsAt),
      asc(bookings.id),
    ],
    input.page,
  );
}

/** One page of bookings with the contact details students gave, their slots' times and their consultants, for the staff lists. */
function bookingPage(where: SQL | undefined, order: SQL[], page: number): Promise<Paginated<StaffBookingRow>> {
  return paginate<StaffBookingRow>({
    page,
    pageSize: BOOKINGS_PER_PAGE,
    count: async () =>
      (
        await db()
          .select({ total: count() })
          .from(bookings)
          .innerJoin(appointmentSlots, eq(appointmentSlots.id, bookings.slotId))
          .where(where)
      )[0]?.total ?? 0,
    rows: ({ limit, offset }) =>
      db()
        .select({
          id: bookings.id,
          status: bookings.status,
          name: bookings.name,
          email: bookings.email,
          phone: bookings.phone,
          address: bookings.address,
          startsAt: appointmentSlots.startsAt,
          endsAt: appointmentSlots.endsAt,
          createdAt: bookings.createdAt,
          consultantId: consultants.id,
          consultantName: consultants.name,
          listTotal: listTotal(),
        })
        .from(bookings)
        .innerJoin(appointmentSlots, eq(appointmentSlots.id, bookings.slotId))
        .innerJoin(consultants, eq(consultants.id, bookings.consultantId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  });
}

export type ConsultantChoice = { id: string; name: string };

/** Every consultant (active or not) by name: the managers' booking list's consultant filter. */
export function listConsultantChoices(): Promise<ConsultantChoice[]> {
  return cachedBookingList(JSON.stringify(["listConsultantChoices"]), () =>
    db().select({ id: consultants.id, name: consultants.name }).from(consultants).orderBy(asc(consultants.name), consultants.id),
  );
}
