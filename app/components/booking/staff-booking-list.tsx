import type { ComponentProps } from "react";
import { type BookingStatus, bookingStatuses, consultantTransitions, statusActions, statusLabels } from "~/lib/booking";
import { useConfirmedSubmit } from "~/lib/confirm-first";
import { m } from "~/paraglide/messages";
import { Button } from "../ui/button";
import { FilterField, Select } from "../ui/field";
import { BookingCard } from "./booking-card";

type CardBooking = ComponentProps<typeof BookingCard>["booking"] & { id: string; name: string; status: BookingStatus };

/**
 * Bookings as staff see them (a consultant's own, or every one for a manager): each card with the
 * status buttons its status allows, each asking first, and the refusal of the last post beside
 * the booking it was about.
 */
export function StaffBookingList({ items, refusal }: { items: CardBooking[]; refusal: { booking: string; message: string } | undefined }) {
  const confirmed = useConfirmedSubmit();
  if (items.length === 0) return null;
  return (
    <ul className="mt-4 grid gap-4 lg:grid-cols-2" aria-label={m.community_bookings()}>
      {items.map((booking) => (
        <li key={booking.id}>
          <BookingCard booking={booking}>
            {consultantTransitions[booking.status].map((status) => (
              <form key={status} method="post" onSubmit={confirmed(statusActions[status].question)}>
                <input type="hidden" name="booking" value={booking.id} />
                <input type="hidden" name="status" value={status} />
                <Button size="sm" variant={status === "rejected" ? "neutral" : status === "completed" ? "outline" : "primary"}>
                  {statusActions[status].label}
                  <span className="sr-only">{m.community_booking_of({ name: booking.name })}</span>
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
  );
}

/** The staff lists' status filter (`status`, empty for any). */
export function BookingStatusField({ value }: { value: BookingStatus | null }) {
  return (
    <FilterField label={m.community_status()}>
      <Select name="status" defaultValue={value ?? ""}>
        <option value="">{m.community_any_status()}</option>
        {bookingStatuses.map((status) => (
          <option key={status} value={status}>
            {statusLabels[status]}
          </option>
        ))}
      </Select>
    </FilterField>
  );
}
