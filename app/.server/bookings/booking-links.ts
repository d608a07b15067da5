import { getConfig } from "../config";

/** Where each side sees a booking (and acts on it): linked from every e-mail about it. */
export function consultantBookingUrl(bookingId: string): string {
  return absolute(`/dashboard/my-appointments?booking=${encodeURIComponent(bookingId)}`);
}

export function studentBookingUrl(bookingId: string): string {
  return absolute(`/dashboard/my-bookings?booking=${encodeURIComponent(bookingId)}`);
}

export function bookConsultantUrl(consultantId: string): string {
  return absolute(`/book-appointment/${encodeURIComponent(consultantId)}`);
}

function absolute(path: string): string {
  return new URL(path, getConfig().appUrl).href;
}
