/** A call to action on a public page: where it goes and what it says. */
export type NextStep = { href: string; label: string; external: boolean };

/**
 * How a visitor reaches a person ("Book a Call"): the external scheduling page when staff have set
 * one (site settings), otherwise our own booking page, where they choose a consultant and a free time.
 */
export function talkToUs(bookingUrl: string | undefined): NextStep {
  if (bookingUrl) return { href: bookingUrl, label: "Book a Call", external: true };
  return { href: "/book-appointment", label: "Book a Call", external: false };
}

export const applyNow: NextStep = { href: "/apply", label: "Apply Now", external: false };
export const findUniversity: NextStep = { href: "/find-university", label: "Find a university", external: false };
