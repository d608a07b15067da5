import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { type ConsultantCountry, type ConsultantProfile, liveBookingStatuses } from "~/lib/booking";
import type { Paginated } from "~/lib/pagination";
import { staffRoles } from "~/lib/roles";
import { cachedBookingList } from "../bookings/booking-lists-cache";
import { isFreeSlot } from "../bookings/free-slots";
import { qualified } from "../bookings/qualified";
import { db } from "../db";
import { appointmentSlots, bookings, consultants, users } from "../db/schema";
import { listTotal, paginate } from "../pagination";
import { containsPattern } from "../search-pattern";

export const CONSULTANTS_PER_PAGE = 12;

export type StaffConsultantRow = {
  id: string;
  name: string;
  email: string;
  university: string;
  country: string;
  profession: string;
  photo: string;
  active: boolean;
  liveBookings: number;
};

/** Every consultant, active or not, by name, for managers: `q` matches a fragment of name, e-mail or university. */
export function listConsultants(input: { q: string; page: number }): Promise<Paginated<StaffConsultantRow>> {
  return cachedBookingList(JSON.stringify(["listConsultants", input.q, input.page]), () => readConsultants(input));
}

function readConsultants(input: { q: string; page: number }): Promise<Paginated<StaffConsultantRow>> {
  const q = input.q.trim();
  const pattern = containsPattern(q);
  const where: SQL | undefined = q
    ? or(ilike(consultants.name, pattern), ilike(consultants.email, pattern), ilike(consultants.university, pattern))
    : undefined;
  const liveBookings =
    sql<number>`(select cast(count(*) as integer) from ${bookings} where ${qualified(bookings.consultantId)} = ${qualified(consultants.id)} and ${qualified(bookings.status)} in ${liveBookingStatuses})`.mapWith(
      Number,
    );
  return paginate<StaffConsultantRow>({
    page: input.page,
    pageSize: CONSULTANTS_PER_PAGE,
    count: async () => (await db().select({ total: count() }).from(consultants).where(where))[0]?.total ?? 0,
    rows: ({ limit, offset }) =>
      db()
        .select({
          id: consultants.id,
          name: consultants.name,
          email: consultants.email,
          university: consultants.university,
          country: consultants.country,
          profession: consultants.profession,
          photo: consultants.photo,
          active: consultants.active,
          liveBookings,
          listTotal: listTotal(),
        })
        .from(consultants)
        .where(where)
        .orderBy(asc(consultants.name), consultants.id)
        .limit(limit)
        .offset(offset),
  });
}

export type BookableConsultant = ConsultantProfile & { photo: string; freeSlots: number };

/** Active consultants for students, by name, in one country or all, each with how many free slots they have (cached briefly). */
export function findBookableConsultants(input: {
  country: ConsultantCountry | null;
  page: number;
}): Promise<Paginated<BookableConsultant>> {
  return cachedBookingList(JSON.stringify([input.country, input.page]), () => readBookableConsultants(input));
}

function readBookableConsultants(input: { country: ConsultantCountry | null; page: number }): Promise<Paginated<BookableConsultant>> {
  // Bookable: active, and their account still staff (a consultant whose role was taken away is not).
  const where = and(
    eq(consultants.active, true),
    input.country ? eq(consultants.country, input.country) : undefined,
    inArray(users.role, staffRoles),
  );
  const freeSlots =
    sql<number>`(select cast(count(*) as integer) from ${appointmentSlots} where ${qualified(appointmentSlots.consultantId)} = ${qualified(consultants.id)} and ${isFreeSlot()})`.mapWith(
      Number,
    );
  return paginate<BookableConsultant>({
    page: input.page,
    pageSize: CONSULTANTS_PER_PAGE,
    count: async () =>
      (await db().select({ total: count() }).from(consultants).innerJoin(users, eq(users.id, consultants.userId)).where(where))[0]?.total ??
      0,
    rows: ({ limit, offset }) =>
      db()
        .select({
          id: consultants.id,
          name: consultants.name,
          university: consultants.university,
          country: consultants.country,
          profession: consultants.profession,
          description: consultants.description,
          photo: consultants.photo,
          freeSlots,
          listTotal: listTotal(),
        })
        .from(consultants)
        .innerJoin(users, eq(users.id, consultants.userId))
        .where(where)
        .orderBy(asc(consultants.name), consultants.id)
        .limit(limit)
        .offset(offset),
  });
}
