import { Form, type ShouldRevalidateFunctionArgs } from "react-router";
import { requireRole } from "~/.server/auth/session";
import { bookingDayBounds } from "~/.server/bookings/day-bounds";
import { listAllBookings, listConsultantChoices } from "~/.server/bookings/list-bookings";
import { readQuery } from "~/.server/read-query";
import { BookingStatusField, StaffBookingList } from "~/components/booking/staff-booking-list";
import { Page } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { FilterField, FormMessage, filterControl, Select } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { ResultCount } from "~/components/ui/result-count";
import { type BookingStatus, bookingStatuses } from "~/lib/booking";
import { pageRoles } from "~/lib/dashboard-menu";
import { localizedPath } from "~/lib/locale";
import { groupThousands } from "~/lib/numbers";
import { parsePage } from "~/lib/pagination";
import { isCalendarDate } from "~/lib/schemas/booking";
import { formatSlot } from "~/lib/time-zones";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/bookings";
import { changeBookingStatus } from "./booking-status.server";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

/** A "YYYY-MM-DD" from the URL, or null for anything else (a typo in a shared link shows the whole list, never an error). */
function dayOf(value: string | null): string | null {
  const day = value?.trim().slice(0, 10) ?? "";
  return isCalendarDate(day) ? day : null;
}

/**
 * Every booking of every consultant (managers and admins), filtered from the URL so the filters
 * work without JavaScript and can be shared: `consultant` (an id), `status`, `from` and `to`
 * (days, both included, in the manager's own zone), `page`. A value that is not one of these is
 * ignored.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, pageRoles.bookings);
  const query = readQuery(request);
  const consultants = await listConsultantChoices();
  const askedConsultant = query.get("consultant");
  const askedStatus = query.get("status");
  const filters = {
    consultant: consultants.some((consultant) => consultant.id === askedConsultant) ? (askedConsultant as string) : null,
    status: ((bookingStatuses as readonly string[]).includes(askedStatus ?? "") ? askedStatus : null) as BookingStatus | null,
    from: dayOf(query.get("from")),
    to: dayOf(query.get("to")),
  };
  const list = await listAllBookings({
    consultantId: filters.consultant,
    status: filters.status,
    ...bookingDayBounds(filters, user.timeZone),
    page: parsePage(query.get("page")),
  });
  return {
    filters,
    consultants,
    timeZone: user.timeZone,
    list: {
      ...list,
      // What the cards show, and no more; times in the manager's own zone, the zone named.
      items: list.items.map(({ startsAt, endsAt, createdAt: _createdAt, consultantId: _consultantId, ...booking }) => ({
        ...booking,
        when: formatSlot(startsAt, endsAt, user.timeZone),
      })),
    },
  };
}

/**
 * A status button posts `booking` and `status`, as on a consultant's My Appointments, and goes
 * through the same rules (setBookingStatus): the toast only after the change was made; a
 * transition the flow does not allow is 409, a booking that is gone 404, with the server's message.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, pageRoles.bookings);
  return changeBookingStatus(request, user, null);
}

/** After a refused change the booking may have moved on (the student cancelled): read the list again. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionStatus !== undefined && actionStatus >= 400) || defaultShouldRevalidate;
}

export default function BookingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, consultants, timeZone, list } = loaderData;
  const refusal = actionData?.refusal;
  const filtered = Boolean(filters.consultant || filters.status || filters.from || filters.to);
  return (
    <Page title={m.staff_bookings_title()} intro={m.staff_bookings_intro()}>
      <Form method="get" role="search" aria-label={m.staff_bookings_filter_label()} className="flex flex-wrap items-end gap-3">
        <FilterField label={m.staff_consultant()}>
          <Select name="consultant" defaultValue={filters.consultant ?? ""}>
            <option value="">{m.staff_all_consultants()}</option>
            {consultants.map((consultant) => (
              <option key={consultant.id} value={consultant.id}>
                {consultant.name}
              </option>
            ))}
          </Select>
        </FilterField>
        <BookingStatusField value={filters.status} />
        <FilterField label={m.staff_from()}>
          <input type="date" name="from" defaultValue={filters.from ?? ""} className={filterControl} />
        </FilterField>
        <FilterField label={m.staff_to()}>
          <input type="date" name="to" defaultValue={filters.to ?? ""} className={filterControl} />
        </FilterField>
        <Button className="h-11">{m.staff_show()}</Button>
      </Form>
      <p className="mt-2 text-sm text-slate-600">{m.staff_bookings_time_zone({ timeZone })}</p>
      {refusal ? (
        <div className="mt-4">
          <FormMessage>{refusal.message}</FormMessage>
        </div>
      ) : null}
      <ResultCount
        className="mt-4"
        clear={filtered ? { href: localizedPath("/dashboard/bookings"), label: m.staff_bookings_show_all() } : null}
      >
        {list.total === 0
          ? filtered
            ? m.staff_bookings_none_match()
            : m.staff_bookings_none()
          : m.staff_bookings_count({ count: list.total, countText: groupThousands(list.total) })}
      </ResultCount>
      <StaffBookingList items={list.items} refusal={refusal} />
      <Pager page={list.page} pageCount={list.pageCount} />
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_bookings_title() }) }];
