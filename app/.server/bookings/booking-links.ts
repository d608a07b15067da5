import { type Locale, localizedPath } from "~/lib/locale";
import { getConfig } from "../config";

/**
 * Where each side sees a booking (and acts on it): linked from every e-mail about it, in the
 * reader's language (English unless told: the e-mails and the calendar feed say the recipient's).
 */
export function consultantBookingUrl(bookingId: string, locale: Locale = "en"): string {
  return absolute(`/dashboard/my-appointments?booking=${encodeURIComponent(bookingId)}`, locale);
}

export function studentBookingUrl(bookingId: string, locale: Locale = "en"): string {
  return absolute(`/dashboard/my-bookings?booking=${encodeURIComponent(bookingId)}`, locale);
}

export function bookConsultantUrl(consultantId: string, locale: Locale = "en"): string {
  return absolute(`/book-appointment/${encodeURIComponent(consultantId)}`, locale);
}

function absolute(path: string, locale: Locale): string {
  return new URL(localizedPath(path, locale), getConfig().appUrl).href;
}
