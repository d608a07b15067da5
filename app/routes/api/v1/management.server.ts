import { z } from "zod";
import { bookingDayBounds } from "~/.server/bookings/day-bounds";
import { listAllBookings, listConsultantChoices } from "~/.server/bookings/list-bookings";
import { consultantPhotoUrl } from "~/.server/consultants/consultants";
import { listConsultants } from "~/.server/consultants/list-consultants";
import { setConsultantActive } from "~/.server/consultants/set-consultant-active";
import { updateConsultant } from "~/.server/consultants/update-consultant";
import { listContactMessages } from "~/.server/contact/list-contact-messages";
import { markContactMessageHandled } from "~/.server/contact/mark-contact-message-handled";
import { AppError, CORRECT_THE_MARKED_FIELDS } from "~/.server/errors";
import { readSettingValues, type SettingValues, type SiteSettingKey, siteSettingKeys } from "~/.server/settings/site-settings";
import { updateSiteSettings } from "~/.server/settings/update-site-settings";
import { LIST_SEARCH_MAX_LENGTH } from "~/components/dashboard/list-search";
import { bookingStatuses } from "~/lib/booking";
import { pageRoles } from "~/lib/dashboard-menu";
import { PHOTO_FORM_MAX_BYTES } from "~/lib/photo-limits";
import { ConsultantEditSchema, SlotFormSchema } from "~/lib/schemas/booking";
import { contactKinds } from "~/lib/schemas/contact";
import { MarkHandledSchema } from "~/lib/schemas/inbox";
import { objectShape } from "~/lib/schemas/parse-form";
import { SiteSettingsSchema } from "~/lib/schemas/settings";
import { defineOperation, type Operation } from "./operation.server";
import { pageOnlyQuery, pageQuery } from "./respond.server";

const instant = z.iso.datetime({ offset: true });
const idParams = z.object({ id: z.string().max(100) });

/**
 * A settings form field as JSON, by its name ("social.facebook"): the form's own rule, found under
 * its fieldsets. As on the page, a field sent empty is one left blank, which the rule reads as not given.
 */
function settingField(key: SiteSettingKey) {
  const rule = key.split(".").reduce<unknown>((schema, part) => objectShape(schema)?.[part], SiteSettingsSchema);
  return z.preprocess((value) => (value === "" ? undefined : value), rule as z.ZodType<string | undefined>).optional();
}

/**
 * The settings form's fields, flat under the form's own names (so that a refusal names the field
 * as the form does); a field sent empty clears its setting.
 */
const SettingsChangesSchema = z.object(
  Object.fromEntries(siteSettingKeys.map((key) => [key, settingField(key)])) as Record<SiteSettingKey, ReturnType<typeof settingField>>,
);

/** Every setting under its form name, as the settings form starts: an unset one is "". */
const SettingsSchema = z.object(Object.fromEntries(siteSettingKeys.map((key) => [key, z.string()])) as Record<SiteSettingKey, z.ZodString>);

/** The settings as the form starts: an unset one is "". */
function settingsData(values: SettingValues): Record<SiteSettingKey, string> {
  return Object.fromEntries(siteSettingKeys.map((key) => [key, values[key] ?? ""])) as Record<SiteSettingKey, string>;
}

const InboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(contactKinds),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: instant,
  handledAt: instant.nullable(),
  handledByName: z.string().nullable(),
});

/** A consultant as the managers' list shows them. */
const StaffConsultantSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  university: z.string(),
  country: z.string(),
  profession: z.string(),
  active: z.boolean(),
  /** None for a profile made by create-user until a manager adds a picture. */
  photoUrl: z.string().nullable(),
});

const StaffBookingSchema = z.object({
  id: z.string(),
  status: z.enum(bookingStatuses),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  startsAt: instant,
  endsAt: instant,
  createdAt: instant,
  consultantId: z.string(),
  consultantName: z.string(),
});

const NOT_A_CONSULTANT = "Choose a consultant from the list";
/** A day of the bookings filter, in the slot form's words. */
const filterDay = SlotFormSchema.shape.date.optional();

/** What managers run: site settings, the contact inbox, consultants' details and activity, every booking. */
export const managementOperations: Operation[] = [
  defineOperation({
    id: "getSiteSettings",
    method: "GET",
    path: "/settings",
    tag: "Settings",
    summary: "Every site setting under its form name, as the settings page shows them",
    description: 'Unset settings are ""; a setting with a default in code (the exchange rates, the booking rules) shows it until changed.',
    access: pageRoles.siteSettings,
    response: SettingsSchema,
    async run() {
      return { data: settingsData(await readSettingValues()) };
    },
  }),
  defineOperation({
    id: "updateSiteSettings",
    method: "PATCH",
    path: "/settings",
    tag: "Settings",
    summary: "Change some site settings: the settings form's fields, only those sent",
    description:
      'Fields by the form\'s names (`contactPhone`, `social.facebook`, `rates.USD`…); a field sent as "" clears its setting, one left out stays. ' +
      "The contact e-mail, city and country cannot be cleared. Every change is audited and every page shows it at once. " +
      "`changed` lists the settings that changed.",
    access: pageRoles.siteSettings,
    body: SettingsChangesSchema,
    response: z.object({ changed: z.array(z.enum(siteSettingKeys)), settings: SettingsSchema }),
    async run({ body, rawBody, user }) {
      // Exactly the settings the body carries, as carriedSettings reads the page's post.
      const changes = Object.fromEntries(Object.keys(rawBody).map((key) => [key, body[key as SiteSettingKey] ?? ""]));
      const changed = await updateSiteSettings({ actor: user, changes });
      return { data: { changed, settings: settingsData(await readSettingValues()) } };
    },
  }),
  defineOperation({
    id: "listContactMessages",
    method: "GET",
    path: "/contact-messages",
    tag: "Contact",
    summary: "The staff inbox: contact messages and IELTS enrolment requests, newest first",
    access: pageRoles.messages,
    query: pageQuery,
    response: z.array(InboxMessageSchema),
    paginated: true,
    async run({ query }) {
      const list = await listContactMessages({ page: query.page, pageSize: query.pageSize });
      return {
        data: list.items.map((message) => ({
          ...message,
          createdAt: message.createdAt.toISOString(),
          handledAt: message.handledAt?.toISOString() ?? null,
        })),
        meta: { page: list.page, pageSize: list.pageSize, total: list.total },
      };
    },
  }),
  defineOperation({
    id: "markContactMessageHandled",
    method: "POST",
    path: "/contact-messages/{id}/handled",
    tag: "Contact",
    summary: "Mark a message as handled",
    description: "Marking it again keeps the first handler and time, as on the inbox page.",
    access: pageRoles.messages,
    params: MarkHandledSchema,
    response: z.object({ done: z.literal(true) }),
    async run({ params, user }) {
      await markContactMessageHandled({ id: params.id, actor: user });
      return { data: { done: true as const } };
    },
  }),
  defineOperation({
    id: "listStaffConsultants",
    method: "GET",
    path: "/staff/consultants",
    tag: "Appointments",
    summary: "Every consultant, active or not, by name, with their open bookings (managers)",
    description:
      "The managers' consultants page: `q` matches a part of the name, e-mail or university. A path of its own because " +
      "GET /consultants is the students' list (anyone signed in, active consultants with free slots): who may call and what " +
      "is shown differ, and the caller is checked before the query is read.",
    access: pageRoles.consultants,
    query: pageOnlyQuery.extend({
      q: z.string().max(LIST_SEARCH_MAX_LENGTH, `Use at most ${LIST_SEARCH_MAX_LENGTH} characters`).optional(),
    }),
    response: z.array(StaffConsultantSchema.extend({ liveBookings: z.number().int() })),
    paginated: true,
    async run({ query }) {
      const list = await listConsultants({ q: query.q?.trim() ?? "", page: query.page });
      return {
        data: list.items.map(({ photo, ...consultant }) => ({ ...consultant, photoUrl: consultantPhotoUrl(photo) ?? null })),
        meta: { page: list.page, pageSize: list.pageSize, total: list.total },
      };
    },
  }),
  defineOperation({
    id: "updateConsultant",
    method: "PATCH",
    path: "/consultants/{id}",
    tag: "Appointments",
    summary: "Save the edit form over a consultant (managers); a new picture only when one is sent",
    description: "The edit form's fields: the e-mail is the consultant's account's and is not changed here.",
    access: pageRoles.consultants,
    params: idParams,
    form: { file: "profile", maxBytes: PHOTO_FORM_MAX_BYTES },
    body: ConsultantEditSchema,
    response: StaffConsultantSchema.extend({ phone: z.string(), description: z.string() }),
    async run({ params, body, file, user }) {
      const { id, name, email, university, country, phone, profession, description, active, photo } = await updateConsultant({
        actor: user,
        id: params.id,
        fields: body,
        picture: file,
      });
      return {
        data: { id, name, email, university, country, phone, profession, description, active, photoUrl: consultantPhotoUrl(photo) ?? null },
      };
    },
  }),
  defineOperation({
    id: "setConsultantActive",
    method: "PUT",
    path: "/consultants/{id}/active",
    tag: "Appointments",
    summary: "Activate a consultant (bookable again) or deactivate them",
    description:
      "A deactivated consultant is no longer listed or bookable; their bookings, open ones included, stay for them and staff to settle.",
    access: pageRoles.consultants,
    params: idParams,
    body: z.object({ active: z.boolean({ error: "Choose whether the consultant is active: true or false" }) }),
    response: z.object({ id: z.string(), active: z.boolean() }),
    async run({ params, body, user }) {
      await setConsultantActive({ actor: user, id: params.id, active: body.active });
      return { data: { id: params.id, active: body.active } };
    },
  }),
  defineOperation({
    id: "listAllBookings",
    method: "GET",
    path: "/bookings",
    tag: "Appointments",
    summary: "Every consultant's bookings (managers): the coming ones soonest first, then the past ones",
    description:
      "The bookings page's filters: `consultant` (an id from GET /staff/consultants), `status`, and `from` and `to` " +
      "(YYYY-MM-DD, both included, as days in the caller's own time zone). Status changes: POST /bookings/{id}/status.",
    access: pageRoles.bookings,
    query: pageOnlyQuery.extend({
      consultant: z.string().max(100, NOT_A_CONSULTANT).optional(),
      status: z.enum(bookingStatuses, { error: `Use one of ${bookingStatuses.join(", ")}` }).optional(),
      from: filterDay,
      to: filterDay,
    }),
    response: z.array(StaffBookingSchema),
    paginated: true,
    async run({ query, user }) {
      if (query.consultant && !(await listConsultantChoices()).some((choice) => choice.id === query.consultant)) {
        throw new AppError("INVALID", CORRECT_THE_MARKED_FIELDS, { fieldErrors: { consultant: NOT_A_CONSULTANT } });
      }
      const list = await listAllBookings({
        consultantId: query.consultant ?? null,
        status: query.status ?? null,
        ...bookingDayBounds({ from: query.from ?? null, to: query.to ?? null }, user.timeZone),
        page: query.page,
      });
      return {
        data: list.items.map((booking) => ({
          ...booking,
          startsAt: booking.startsAt.toISOString(),
          endsAt: booking.endsAt.toISOString(),
          createdAt: booking.createdAt.toISOString(),
        })),
        meta: { page: list.page, pageSize: list.pageSize, total: list.total },
      };
    },
  }),
];
