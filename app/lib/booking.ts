import { m } from "~/paraglide/messages";

/**
 * Consultants and bookings: the fixed lists and rules pages and the server share, kept free of
 * Zod so a page can show them without loading it (the form schemas are in schemas/booking.ts).
 */

/** The countries consultants advise on, in the booking page's filter order. */
export const consultantCountries = [
  "UK",
  "USA",
  "Japan",
  "China",
  "Canada",
  "Australia",
  "Germany",
  "Finland",
  "Netherlands",
  "South Korea",
] as const;
export type ConsultantCountry = (typeof consultantCountries)[number];

/** A consultant as students see them (the booking page's cards, a consultant's own page). */
export type ConsultantProfile = {
  id: string;
  name: string;
  university: string;
  country: string;
  profession: string;
  description: string;
};

export function isConsultantCountry(value: unknown): value is ConsultantCountry {
  return typeof value === "string" && (consultantCountries as readonly string[]).includes(value);
}

/** The booking page's filter value for a country as the catalogue and guides name it ("United Kingdom" → "UK"), or null. */
export function consultantCountryOf(country: string): ConsultantCountry | null {
  const spelled: Record<string, ConsultantCountry> = { "United Kingdom": "UK", "United States": "USA" };
  const value = spelled[country] ?? country;
  return isConsultantCountry(value) ? value : null;
}

/** Where "Book a consultant" leads from a page about `country`: its consultants when it is on the booking page's list. */
export function bookConsultantsHref(country: string): string {
  const filter = consultantCountryOf(country);
  return filter ? `/book-appointment?${new URLSearchParams({ country: filter })}` : "/book-appointment";
}

export const bookingStatuses = ["pending", "accepted", "rejected", "completed", "cancelled"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** A live booking holds its slot; rejected, cancelled and completed ones do not. */
export const liveBookingStatuses = ["pending", "accepted"] as const satisfies readonly BookingStatus[];

export function isLiveStatus(status: BookingStatus): boolean {
  return (liveBookingStatuses as readonly string[]).includes(status);
}

/** What a consultant may set: pending → accepted | rejected; accepted → completed | rejected. */
export const consultantTransitions: Record<BookingStatus, readonly ("accepted" | "rejected" | "completed")[]> = {
  pending: ["accepted", "rejected"],
  accepted: ["completed", "rejected"],
  rejected: [],
  completed: [],
  cancelled: [],
};

export const consultantStatusChoices = ["accepted", "rejected", "completed"] as const;
export type ConsultantStatusChoice = (typeof consultantStatusChoices)[number];

/** A status as people read it, in the page's language (read at render time: each is a getter). */
export const statusLabels: Record<BookingStatus, string> = {
  get pending() {
    return m.community_status_pending();
  },
  get accepted() {
    return m.community_status_accepted();
  },
  get rejected() {
    return m.community_status_rejected();
  },
  get completed() {
    return m.community_status_completed();
  },
  get cancelled() {
    return m.community_status_cancelled();
  },
};

/**
 * The button that sets a status, its question and the toast after the server said yes (spec §8),
 * in the page's language (getters, read at render time).
 */
export const statusActions: Record<ConsultantStatusChoice, { label: string; question: string; toast: string }> = {
  accepted: {
    get label() {
      return m.community_action_accept();
    },
    get question() {
      return m.community_question_accept();
    },
    get toast() {
      return m.community_toast_accepted();
    },
  },
  rejected: {
    get label() {
      return m.community_action_reject();
    },
    get question() {
      return m.community_question_reject();
    },
    get toast() {
      return m.community_toast_rejected();
    },
  },
  completed: {
    get label() {
      return m.community_action_complete();
    },
    get question() {
      return m.community_question_complete();
    },
    get toast() {
      return m.community_toast_completed();
    },
  },
};

/** Slot lengths a consultant may offer, in minutes. */
export const SLOT_MIN_MINUTES = 15;
export const SLOT_MAX_MINUTES = 180;
export const SLOT_DEFAULT_MINUTES = 30;
/** How far ahead a slot may be offered. */
export const SLOT_MAX_DAYS_AHEAD = 365;

export const CONSULTANT_TEXT_MAX_LENGTH = 120;
export const CONSULTANT_DESCRIPTION_MAX_LENGTH = 1_000;
export const BOOKING_ADDRESS_MAX_LENGTH = 300;
