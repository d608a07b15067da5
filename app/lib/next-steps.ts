import { m } from "~/paraglide/messages";
import { localizedPath } from "./locale";

/** A call to action on a public page: where it goes and what it says. */
export type NextStep = { href: string; label: string; external: boolean };

/**
 * How a visitor reaches a person ("Book a Call"): the external scheduling page when staff have set
 * one (site settings), otherwise our own booking page, where they choose a consultant and a free time.
 */
export function talkToUs(bookingUrl: string | undefined): NextStep {
  if (bookingUrl) return { href: bookingUrl, label: m.public_next_step_book_call(), external: true };
  return { href: localizedPath("/book-appointment"), label: m.public_next_step_book_call(), external: false };
}

// The fixed steps are read where they are rendered: their getters give the page's language then
// (a module-level string would keep the language of whichever request loaded the module first).
export const applyNow: NextStep = {
  get href() {
    return localizedPath("/apply");
  },
  get label() {
    return m.public_next_step_apply_now();
  },
  external: false,
};

export const findUniversity: NextStep = {
  get href() {
    return localizedPath("/find-university");
  },
  get label() {
    return m.public_next_step_find_university();
  },
  external: false,
};
