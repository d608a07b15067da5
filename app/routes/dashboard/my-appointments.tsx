import { Form, type ShouldRevalidateFunctionArgs } from "react-router";
import { type BookingStatusFilter, type BookingWhen, listConsultantBookings } from "~/.server/bookings/list-bookings";
import { setBookingStatus } from "~/.server/bookings/set-booking-status";
import { requireConsultant } from "~/.server/consultants/require-consultant";
import { AppError, replyWithError } from "~/.server/errors";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { listHref, readQuery } from "~/.server/read-query";
import { parseButtons } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { BookingCard } from "~/components/booking/booking-card";
import { NoConsultantProfile } from "~/components/booking/no-consultant-profile";
import { Page } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { FilterField, FormMessage, Select } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { ResultCount } from "~/components/ui/result-count";
import { type BookingStatus, bookingStatuses, consultantTransitions, statusActions, statusLabels } from "~/lib/booking";
import { useConfirmedSubmit } from "~/lib/confirm-first";
import { parsePage } from "~/lib/pagination";
import { plural } from "~/lib/plural";
import { BookingStatusSchema } from "~/lib/schemas/booking";
import { formatSlot } from "~/lib/time-zones";
import type { Route } from "./+types/my-appointments";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

const whens: { value: BookingWhen; label: string }[] = [
  { value: "upcoming", label: "Upcoming" },
  { value: "past", label: "Past" },
  { value: "all", label: "All" },
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
      items: list.items.map(({ startsAt, endsAt, createdAt: _createdAt, ...booking }) => ({
        ...booking,
        when: formatSlot(startsAt, endsAt, user.timeZone),
      })),
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
  const formData = await readForm(request).catch(refuseUnreadableForm);
  let booking = "";
  let status: keyof typeof statusActions;
  try {
    const change = parseButtons(formData, BookingStatusSchema);
    booking = change.booking;
    if (!consultantId) throw new AppError("FORBIDDEN", "Your consultant profile has not been set up yet.");
    status = await setBookingStatus({ actor: user, consultantId, bookingId: booking, status: change.status });
  } catch (error) {
    return replyWithError(error, (refusal) => ({ refusal: { booking, message: refusal.message } }));
  }
  return redirectWithToast(listHref(request), { type: "success", text: statusActions[status].toast }, { status: 303 });
}

/** After a refused change the booking may have moved on (the student cancelled): read the list again. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionStatus !== undefined && actionStatus >= 400) || defaultShouldRevalidate;
}

export default function MyAppointmentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, filters, list } = loaderData;
  const confirmed = useConfirmedSubmit();
  if (!profile || !list) {
    return (
      <Page title="My Appointments">
        <NoConsultantProfile />
      </Page>
    );
  }
  const refusal = actionData?.refusal;
  return (
    <Page
      title="My Appointments"
      intro="Students' bookings of your slots. Accept or reject each one, and mark it completed once it has taken place."
    >
      <Form method="get" role="search" aria-label="Filter bookings" className="flex flex-wrap items-end gap-3">
        <FilterField label="When">
          <Select name="when" defaultValue={filters.when}>
            {whens.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label="Status">
          <Select name="status" defaultValue={filters.status ?? ""}>
            <option value="">Any status</option>
            {bookingStatuses.map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </Select>
        </FilterField>
        <Button className="h-11">Show</Button>
      </Form>
      {refusal ? (
        <div className="mt-4">
          <FormMessage>{refusal.message}</FormMessage>
        </div>
      ) : null}
      <ResultCount className="mt-4" clear={filters.booking ? { href: "/dashboard/my-appointments", label: "Show all bookings" } : null}>
        {list.total === 0 ? "No bookings here." : `${plural(list.total, "booking", "bookings")}.`}
      </ResultCount>
      {list.items.length > 0 ? (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2" aria-label="Bookings">
          {list.items.map((booking) => (
            <li key={booking.id}>
              <BookingCard booking={booking}>
                {consultantTransitions[booking.status].map((status) => (
                  <form key={status} method="post" onSubmit={confirmed(statusActions[status].question)}>
                    <input type="hidden" name="booking" value={booking.id} />
                    <input type="hidden" name="status" value={status} />
                    <Button size="sm" variant={status === "rejected" ? "neutral" : status === "completed" ? "outline" : "primary"}>
                      {statusActions[status].label}
                      <span className="sr-only"> the booking of {booking.name}</span>
                    </Button>
                  </form>
                ))}
                {refusal?.booking === booking.id ? (
                  <p role="alert" className="w-full text-sm font-medium text-red-700">
                    {refusal.message}
                  </p>
                ) : null}
              </BookingCard>
            </li>
          ))}
        </ul>
      ) : null}
      <Pager page={list.page} pageCount={list.pageCount} />
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "My Appointments — Onward" }];
