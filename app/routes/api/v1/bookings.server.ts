import { z } from "zod";
import type { SessionUser } from "~/.server/auth/session";
import { addSlot } from "~/.server/bookings/add-slot";
import { bookSlot } from "~/.server/bookings/book-slot";
import { cancelBooking } from "~/.server/bookings/cancel-booking";
import { deleteSlot } from "~/.server/bookings/delete-slot";
import { listConsultantBookings, listStudentBookings } from "~/.server/bookings/list-bookings";
import { listConsultantSlots } from "~/.server/bookings/list-slots";
import { setBookingStatus } from "~/.server/bookings/set-booking-status";
import { addConsultant } from "~/.server/consultants/add-consultant";
import { bookableConsultant } from "~/.server/consultants/bookable-consultant";
import { findBookableConsultants } from "~/.server/consultants/list-consultants";
import { actsAsConsultant } from "~/.server/consultants/require-consultant";
import { AppError } from "~/.server/errors";
import { bookingStatuses, consultantCountries, consultantStatusChoices } from "~/lib/booking";
import { pageRoles } from "~/lib/dashboard-menu";
import { PHOTO_FORM_MAX_BYTES } from "~/lib/photo-limits";
import { hasRole } from "~/lib/roles";
import { BookingFormSchema, ConsultantFormSchema, SlotFormSchema } from "~/lib/schemas/booking";
import { defineOperation } from "./operation.server";
import { pageOnlyQuery } from "./respond.server";

const consultants = { who: "consultants (a manager or admin who is also a consultant included)", allows: actsAsConsultant } as const;
const instant = z.iso.datetime({ offset: true });
const idParams = z.object({ id: z.string().max(100) });

const ConsultantSchema = z.object({
  id: z.string(),
  name: z.string(),
  university: z.string(),
  country: z.string(),
  profession: z.string(),
  description: z.string(),
});
const BookingSchema = z.object({ id: z.string(), status: z.enum(bookingStatuses), startsAt: instant, endsAt: instant });
const StudentBookingSchema = BookingSchema.extend({
  consultantId: z.string(),
  consultantName: z.string(),
  university: z.string(),
  country: z.string(),
});
const AppointmentSchema = BookingSchema.extend({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  createdAt: instant,
});
const SlotSchema = z.object({
  id: z.string(),
  startsAt: instant,
  endsAt: instant,
  timeZone: z.string(),
  bookingStatus: z.enum(bookingStatuses).nullable(),
  bookedBy: z.string().nullable(),
});

const iso = <T extends { startsAt: Date; endsAt: Date }>(row: T) => ({
  ...row,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
});

/** The caller's consultant profile; a consultant whose profile staff have not added yet has no slots or appointments. */
function ownProfile(user: SessionUser): string {
  if (!user.consultantId) throw new AppError("NOT_FOUND", "Your consultant profile has not been set up yet: ask a manager to add it.");
  return user.consultantId;
}

export const bookingOperations = [
  defineOperation({
    id: "listConsultants",
    method: "GET",
    path: "/consultants",
    tag: "Appointments",
    summary: "Consultants taking bookings, by name, with their number of free slots",
    access: "signed-in",
    query: pageOnlyQuery.extend({
      country: z.enum(consultantCountries, { error: `Use one of ${consultantCountries.join(", ")}` }).optional(),
    }),
    response: z.array(ConsultantSchema.extend({ freeSlots: z.number().int() })),
    paginated: true,
    async run({ query }) {
      const list = await findBookableConsultants({ country: query.country ?? null, page: query.page });
      return {
        data: list.items.map(({ photo: _photo, ...consultant }) => consultant),
        meta: { page: list.page, pageSize: list.pageSize, total: list.total },
      };
    },
  }),
  defineOperation({
    id: "getConsultant",
    method: "GET",
    path: "/consultants/{id}",
    tag: "Appointments",
    summary: "A consultant and their free slots (labelled in the caller's time zone)",
    access: "signed-in",
    params: idParams,
    response: ConsultantSchema.extend({ slots: z.array(z.object({ id: z.string(), label: z.string() })) }),
    async run({ params, user }) {
      const { consultant, slots } = await bookableConsultant({ consultantId: params.id, viewer: user });
      const { id, name, university, country, profession, description } = consultant;
      return {
        data: {
          id,
          name,
          university,
          country,
          profession,
          description,
          slots: slots.map((slot) => ({ id: slot.value, label: slot.label })),
        },
      };
    },
  }),
  defineOperation({
    id: "bookSlot",
    method: "POST",
    path: "/consultants/{id}/bookings",
    tag: "Appointments",
    summary: "Book one of a consultant's free slots",
    description: "`slot` is a slot's id from GET /consultants/{id}. A slot someone else took first is 409.",
    access: "signed-in",
    params: idParams,
    body: BookingFormSchema,
    response: z.object({ bookingId: z.string() }),
    status: 201,
    refusals: [404, 409],
    async run({ params, rawBody, user }) {
      return { data: await bookSlot({ student: user, consultantId: params.id, fields: rawBody }), status: 201 };
    },
  }),
  defineOperation({
    id: "listOwnBookings",
    method: "GET",
    path: "/me/bookings",
    tag: "Appointments",
    summary: "The caller's bookings: the coming ones soonest first, then the past ones",
    access: "signed-in",
    query: pageOnlyQuery,
    response: z.array(StudentBookingSchema),
    paginated: true,
    async run({ query, user }) {
      const list = await listStudentBookings({ studentId: user.id, page: query.page });
      return {
        data: list.items.map(({ photo: _photo, ...booking }) => iso(booking)),
        meta: { page: list.page, pageSize: list.pageSize, total: list.total },
      };
    },
  }),
  defineOperation({
    id: "cancelBooking",
    method: "POST",
    path: "/bookings/{id}/cancel",
    tag: "Appointments",
    summary: "Cancel one's own pending or accepted booking, before the cut-off",
    access: "signed-in",
    params: idParams,
    response: z.object({ done: z.literal(true) }),
    refusals: [404, 409],
    async run({ params, user }) {
      await cancelBooking({ student: user, bookingId: params.id });
      return { data: { done: true as const } };
    },
  }),
  defineOperation({
    id: "setBookingStatus",
    method: "POST",
    path: "/bookings/{id}/status",
    tag: "Appointments",
    summary: "Accept, reject or complete a booking (its consultant, or a manager)",
    access: {
      who: "consultants and managers",
      allows: (user: SessionUser) => actsAsConsultant(user) || hasRole(user.role, pageRoles.bookings),
    },
    params: idParams,
    body: z.object({ status: z.enum(consultantStatusChoices, { error: "Choose accepted, rejected or completed" }) }),
    response: z.object({ status: z.enum(consultantStatusChoices) }),
    refusals: [404, 409],
    async run({ params, body, user }) {
      const status = await setBookingStatus({ actor: user, consultantId: user.consultantId, bookingId: params.id, status: body.status });
      return { data: { status } };
    },
  }),
  defineOperation({
    id: "listOwnAppointments",
    method: "GET",
    path: "/me/appointments",
    tag: "Appointments",
    summary: "A consultant's bookings with the students' contact details",
    access: consultants,
    query: pageOnlyQuery.extend({ when: z.enum(["upcoming", "past", "all"]).default("upcoming") }),
    response: z.array(AppointmentSchema),
    paginated: true,
    async run({ query, user }) {
      const list = await listConsultantBookings({ consultantId: ownProfile(user), when: query.when, status: null, page: query.page });
      return {
        data: list.items.map(({ consultantId: _consultant, consultantName: _name, ...booking }) => ({
          ...iso(booking),
          createdAt: booking.createdAt.toISOString(),
        })),
        meta: { page: list.page, pageSize: list.pageSize, total: list.total },
      };
    },
  }),
  defineOperation({
    id: "listOwnSlots",
    method: "GET",
    path: "/me/slots",
    tag: "Appointments",
    summary: "A consultant's own slots: the coming ones soonest first, or their history (view=past)",
    access: consultants,
    query: pageOnlyQuery.extend({ view: z.enum(["upcoming", "past"]).default("upcoming") }),
    response: z.array(SlotSchema),
    paginated: true,
    async run({ query, user }) {
      const list = await listConsultantSlots({ consultantId: ownProfile(user), view: query.view, page: query.page });
      return { data: list.items.map(iso), meta: { page: list.page, pageSize: list.pageSize, total: list.total } };
    },
  }),
  defineOperation({
    id: "addSlot",
    method: "POST",
    path: "/me/slots",
    tag: "Appointments",
    summary: "Add a slot: a date, a start (HH:MM) and a length in minutes, in an IANA time zone",
    description:
      "The form's fields: `date` (YYYY-MM-DD), `time` (HH:MM, 24-hour), `duration` (minutes, as text), `timeZone`. An overlap is 409.",
    access: consultants,
    body: SlotFormSchema,
    response: z.object({ id: z.string(), startsAt: instant, endsAt: instant }),
    status: 201,
    refusals: [404, 409],
    async run({ rawBody, user }) {
      // The domain function reads the form's fields itself (the schema above checked them for the document's sake).
      const slot = await addSlot({ actor: user, consultantId: ownProfile(user), fields: rawBody });
      return { data: { id: slot.id, startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString() }, status: 201 };
    },
  }),
  defineOperation({
    id: "deleteSlot",
    method: "DELETE",
    path: "/me/slots/{id}",
    tag: "Appointments",
    summary: "Delete an upcoming slot that nobody has booked",
    access: consultants,
    params: idParams,
    response: z.object({ done: z.literal(true) }),
    refusals: [404, 409],
    async run({ params, user }) {
      await deleteSlot({ actor: user, consultantId: ownProfile(user), slotId: params.id });
      return { data: { done: true as const } };
    },
  }),
  defineOperation({
    id: "createConsultant",
    method: "POST",
    path: "/consultants",
    tag: "Appointments",
    summary: "Add a consultant (managers): the add form's fields and their picture",
    description: "The e-mail's account (made if there is none) becomes a consultant's, and they are told by e-mail, as from the page.",
    access: pageRoles.addConsultant,
    form: { file: "profile", maxBytes: PHOTO_FORM_MAX_BYTES },
    body: ConsultantFormSchema,
    response: ConsultantSchema.extend({ email: z.string(), active: z.boolean() }),
    status: 201,
    refusals: [409],
    async run({ body, file, user }) {
      const { id, name, university, country, profession, description, email, active } = await addConsultant({
        actor: user,
        fields: body,
        picture: file,
      });
      return { data: { id, name, university, country, profession, description, email, active }, status: 201 };
    },
  }),
];
