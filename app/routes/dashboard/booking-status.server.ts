import type { SessionUser } from "~/.server/auth/session";
import { setBookingStatus } from "~/.server/bookings/set-booking-status";
import { AppError, replyWithError } from "~/.server/errors";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { listHref } from "~/.server/read-query";
import { parseButtons } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { statusActions } from "~/lib/booking";
import { BookingStatusSchema } from "~/lib/schemas/booking";
import { m } from "~/paraglide/messages";

/**
 * A booking's status button (`booking`, `status`) on a consultant's My Appointments
 * (`consultantId`: their own bookings only) or a manager's Bookings (`null`: any booking), through
 * setBookingStatus's rules. The toast comes only after the change was made; a refusal (409 a move
 * the flow does not allow, 403 not theirs, 404 gone) answers `{ refusal: { booking, message } }`.
 */
export async function changeBookingStatus(request: Request, actor: SessionUser, consultantId: string | null | undefined) {
  const formData = await readForm(request).catch(refuseUnreadableForm);
  let booking = "";
  let status: keyof typeof statusActions;
  try {
    const change = parseButtons(formData, BookingStatusSchema);
    booking = change.booking;
    if (consultantId === undefined) throw new AppError("FORBIDDEN", m.staff_no_consultant_profile());
    status = await setBookingStatus({ actor, consultantId, bookingId: booking, status: change.status });
  } catch (error) {
    return replyWithError(error, (refusal) => ({ refusal: { booking, message: refusal.message } }));
  }
  // Back to the booking: its card takes the focus its status button had (app/root.tsx).
  return redirectWithToast(
    `${listHref(request)}#booking-${booking}`,
    { type: "success", text: statusActions[status].toast },
    { status: 303 },
  );
}
