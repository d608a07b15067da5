import type { ShouldRevalidateFunctionArgs } from "react-router";
import { requireUser } from "~/.server/auth/session";
import { cancelBooking } from "~/.server/bookings/cancel-booking";
import { listStudentBookings } from "~/.server/bookings/list-bookings";
import { consultantPhotoUrl } from "~/.server/consultants/consultants";
import { replyWithError } from "~/.server/errors";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { listHref, readQuery } from "~/.server/read-query";
import { getBookingRules } from "~/.server/settings/site-settings";
import { parseButtons } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { StatusBadge } from "~/components/booking/booking-card";
import { Page } from "~/components/layout/page";
import { MemberHeading } from "~/components/networking/member-heading";
import { Button, LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormMessage } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { ResultCount } from "~/components/ui/result-count";
import { isLiveStatus } from "~/lib/booking";
import { useConfirmedSubmit } from "~/lib/confirm-first";
import { countryName } from "~/lib/country-names";
import { localizedPath } from "~/lib/locale";
import { groupThousands } from "~/lib/numbers";
import { parsePage } from "~/lib/pagination";
import { CancelBookingSchema } from "~/lib/schemas/booking";
import { formatSlot } from "~/lib/time-zones";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/my-bookings";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const query = readQuery(request);
  const booking = query.get("booking")?.slice(0, 100) || null;
  const [list, rules] = await Promise.all([
    listStudentBookings({ studentId: user.id, bookingId: booking, page: parsePage(query.get("page")) }),
    getBookingRules(),
  ]);
  // Past the cut-off the server would refuse: no button then (the server checks again anyway).
  const cutoff = Date.now() + rules.cancelCutoffHours * 3_600_000;
  return {
    booking,
    list: {
      ...list,
      items: list.items.map(({ photo, startsAt, endsAt, consultantId: _consultantId, ...row }) => ({
        ...row,
        photoUrl: consultantPhotoUrl(photo),
        // In the student's own zone (their profile setting), the zone named.
        when: formatSlot(startsAt, endsAt, user.timeZone),
        cancellable: isLiveStatus(row.status) && startsAt.getTime() > cutoff,
      })),
    },
  };
}

/** The Cancel button posts `booking`; the toast only after it was cancelled, else the server's reason (404, 409). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request).catch(refuseUnreadableForm);
  let booking = "";
  try {
    ({ booking } = parseButtons(formData, CancelBookingSchema));
    await cancelBooking({ student: user, bookingId: booking });
  } catch (error) {
    return replyWithError(error, (refusal) => ({ refusal: { booking, message: refusal.message } }));
  }
  // Back to the booking (its card takes the focus its Cancel button had: app/root.tsx).
  return redirectWithToast(
    `${listHref(request)}#booking-${booking}`,
    { type: "success", text: m.dashboard_bookings_toast_cancelled() },
    { status: 303 },
  );
}

/** After a refusal the booking may have changed (the consultant rejected it): read the list again. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionStatus !== undefined && actionStatus >= 400) || defaultShouldRevalidate;
}

export default function MyBookingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { list, booking } = loaderData;
  const confirmed = useConfirmedSubmit();
  const refusal = actionData?.refusal;
  return (
    <Page title={m.dashboard_menu_my_bookings()} intro={m.dashboard_bookings_intro()}>
      {refusal ? <FormMessage>{refusal.message}</FormMessage> : null}
      <ResultCount
        className="mt-4"
        clear={booking ? { href: localizedPath("/dashboard/my-bookings"), label: m.dashboard_bookings_show_all_mine() } : null}
      >
        {list.total === 0
          ? m.dashboard_bookings_none()
          : m.dashboard_bookings_count({ count: list.total, countText: groupThousands(list.total) })}
      </ResultCount>
      {list.total === 0 && !booking ? (
        <LinkButton href={localizedPath("/book-appointment")} className="mt-4" size="md">
          {m.dashboard_bookings_book()}
        </LinkButton>
      ) : null}
      {list.items.length > 0 ? (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2" aria-label={m.dashboard_bookings_list_label()}>
          {list.items.map((row) => (
            <li key={row.id}>
              <Card
                className="flex h-full flex-col p-4"
                data-status={row.status}
                data-booking={row.id}
                // A cancellation comes back to it (`#booking-…`) and it takes the focus (app/root.tsx).
                id={`booking-${row.id}`}
              >
                <MemberHeading
                  photoUrl={row.photoUrl}
                  name={row.consultantName}
                  detail={[row.university, row.country && countryName(row.country)].filter(Boolean).join(" · ")}
                />
                <p className="mt-3 flex flex-wrap items-center gap-2 text-sm font-medium text-slate-800">
                  <StatusBadge status={row.status} /> {row.when}
                </p>
                {row.cancellable ? (
                  <div className="mt-auto pt-4">
                    <form method="post" onSubmit={confirmed(m.server_cancel_booking_question())}>
                      <input type="hidden" name="booking" value={row.id} />
                      <Button size="sm" variant="neutral">
                        {m.dashboard_bookings_cancel()}
                        <span className="sr-only">{m.dashboard_bookings_cancel_with({ name: row.consultantName })}</span>
                      </Button>
                    </form>
                  </div>
                ) : null}
                {refusal?.booking === row.id ? (
                  <p role="alert" className="mt-2 text-sm font-medium text-red-700">
                    {refusal.message}
                  </p>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
      <Pager page={list.page} pageCount={list.pageCount} />
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.dashboard_bookings_meta_title() }];
