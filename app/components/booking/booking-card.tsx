import type { ReactNode } from "react";
import { type BookingStatus, statusLabels } from "~/lib/booking";
import { m } from "~/paraglide/messages";
import { Badge, type BadgeTone } from "../ui/badge";
import { Card } from "../ui/card";
import { TextLink } from "../ui/text-link";

export const statusTones: Record<BookingStatus, BadgeTone> = {
  pending: "warning",
  accepted: "success",
  rejected: "neutral",
  completed: "brand",
  cancelled: "neutral",
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  return <Badge tone={statusTones[status]}>{statusLabels[status]}</Badge>;
}

/**
 * A booking as the consultant (and staff) see it: the student and the contact details they gave,
 * the time (already formatted in the viewer's zone), the status, and for staff who see every
 * consultant's bookings, whose it is (`consultantName`); `children` are the actions.
 * `data-status` and `data-booking` name the booking for people and checks alike.
 */
export function BookingCard({
  booking,
  headingLevel = 2,
  children,
}: {
  booking: {
    id: string;
    status: BookingStatus;
    name: string;
    email: string;
    phone: string;
    address: string;
    when: string;
    consultantName?: string;
  };
  /** The card's heading under the page's: 2 on a list page, 3 inside a section. */
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Card
      className="flex h-full flex-col p-4"
      data-status={booking.status}
      data-booking={booking.id}
      // After a status change the redirect names it (`#booking-…`) and it takes the focus (app/root.tsx).
      id={`booking-${booking.id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className="font-semibold break-words text-slate-900">{booking.name}</Heading>
        <StatusBadge status={booking.status} />
      </div>
      <p className="mt-1 text-sm font-medium text-slate-800">{booking.when}</p>
      {booking.consultantName !== undefined ? (
        <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">
          <span className="font-semibold">{m.community_consultant_label()}</span> {booking.consultantName}
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-[5rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-sm text-slate-700 [&>dd]:[overflow-wrap:anywhere]">
        <dt className="font-semibold">{m.community_email()}</dt>
        <dd>
          <TextLink href={`mailto:${booking.email}`} weight="normal">
            {booking.email}
          </TextLink>
        </dd>
        <dt className="font-semibold">{m.community_phone()}</dt>
        <dd>
          <TextLink href={`tel:${booking.phone.replace(/\s/g, "")}`} weight="normal">
            {booking.phone}
          </TextLink>
        </dd>
        <dt className="font-semibold">{m.community_address()}</dt>
        <dd>{booking.address}</dd>
      </dl>
      {children ? <div className="mt-auto flex flex-wrap gap-2 pt-4">{children}</div> : null}
    </Card>
  );
}
