import { Form, type ShouldRevalidateFunctionArgs } from "react-router";
import { type BookingStatusFilter, type BookingWhen, listConsultantBookings } from "~/.server/bookings/list-bookings";
import { requireConsultant } from "~/.server/consultants/require-consultant";
import { readQuery } from "~/.server/read-query";
import { NoConsultantProfile } from "~/components/booking/no-consultant-profile";
import { BookingStatusField, StaffBookingList } from "~/components/booking/staff-booking-list";
import { Page } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { FilterField, FormMessage, Select } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { ResultCount } from "~/components/ui/result-count";
import { type BookingStatus, bookingStatuses } from "~/lib/booking";
import { localizedPath } from "~/lib/locale";
import { groupThousands } from "~/lib/numbers";
import { parsePage } from "~/lib/pagination";
import { formatSlot } from "~/lib/time-zones";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/my-appointments";
import { changeBookingStatus } from "./booking-status.server";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

const whens: { value: BookingWhen; label: () => string }[] = [
  { value: "upcoming", label: m.dashboard_appointments_upcoming },
  { value: "past", label: m.dashboard_appointments_past },
  { value: "all", label: m.dashboard_appointments_all },
];

/** The filters, from the URL: `when` (upcoming by default), `status`, or one `booking` (the link in an e-mail). */
function filtersOf(query: URLSearchParams) {
  const askedWhen = query.get("when");
  const askedStatus = query.get("status");
  const booking = query.get("booking")?.slice(0, 100) || null;
  return {
    when: (whens.some((option) => option.value === askedWhen) ? askedWhen : booking ? "all" : "upcoming") as BookingWhen,
    status: ((bookingStatuses as readonly string[]).includes(askedStatus ?? "") ? askedStatus : null) as BookingStatus | null,
    booking,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user, consultantId } = await requireConsultant(request);
  const query = readQuery(request);
  const filters = filtersOf(query);
  if (!consultantId) return { profile: false as const, filters, list: null };
  const list = await listConsultantBookings({
    consultantId,
    when: filters.when,
    status: filters.status as BookingStatusFilter,
    bookingId: filters.booking,
    page: parsePage(query.get("page")),
  });
  return {
    profile: true as const,
    filters,
    list: {
      ...list,
      // Times in the consultant's own zone (their profile setting), the zone named.
      // What the cards show, and no more: the page's data travels with it.
      items: list.items.map(
        ({ startsAt, endsAt, createdAt: _createdAt, consultantId: _consultantId, consultantName: _consultantName, ...booking }) => ({
          ...booking,
          when: formatSlot(startsAt, endsAt, user.timeZone),
        }),
      ),
    },
  };
}

/**
 * A status button posts `booking` and `status` (accepted, rejected or completed). The toast says
 * so only after the change was made; a refusal (a transition the flow does not allow: 409; a
 * booking that is not theirs: 403; gone: 404) comes back with the server's message.
 */
export async function action({ request }: Route.ActionArgs) {
  const { user, consultantId } = await requireConsultant(request);
  return changeBookingStatus(request, user, consultantId ?? undefined);
}

/** After a refused change the booking may have moved on (the student cancelled): read the list again. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionStatus !== undefined && actionStatus >= 400) || defaultShouldRevalidate;
}

export default function MyAppointmentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, filters, list } = loaderData;
  if (!profile || !list) {
    return (
      <Page title={m.dashboard_menu_my_appointments()}>
        <NoConsultantProfile />
      </Page>
    );
  }
  const refusal = actionData?.refusal;
  return (
    <Page title={m.dashboard_menu_my_appointments()} intro={m.dashboard_appointments_intro()}>
      <Form method="get" role="search" aria-label={m.dashboard_appointments_filter()} className="flex flex-wrap items-end gap-3">
        <FilterField label={m.dashboard_appointments_when()}>
          <Select name="when" defaultValue={filters.when}>
            {whens.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label()}
              </option>
            ))}
          </Select>
        </FilterField>
        <BookingStatusField value={filters.status} />
        <Button className="h-11">{m.dashboard_appointments_show()}</Button>
      </Form>
      {refusal ? (
        <div className="mt-4">
          <FormMessage>{refusal.message}</FormMessage>
        </div>
      ) : null}
      <ResultCount
        className="mt-4"
        clear={filters.booking ? { href: localizedPath("/dashboard/my-appointments"), label: m.dashboard_appointments_show_all() } : null}
      >
        {list.total === 0
          ? m.dashboard_appointments_none()
          : m.dashboard_bookings_count({ count: list.total, countText: groupThousands(list.total) })}
      </ResultCount>
      <StaffBookingList items={list.items} refusal={refusal} />
      <Pager page={list.page} pageCount={list.pageCount} />
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.dashboard_appointments_meta_title() }];
