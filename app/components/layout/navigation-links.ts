import { m } from "~/paraglide/messages";

/** The public navigation, in the order the spec gives it; labels are messages, read at render in the page's language. */
export const destinationLinks = [
  { to: "/usa-details", label: m.shell_destination_usa },
  { to: "/uk-details", label: m.shell_destination_uk },
  { to: "/denmark-details", label: m.shell_destination_denmark },
  { to: "/australia-details", label: m.shell_destination_australia },
  { to: "/canada-details", label: m.shell_destination_canada },
] as const;

export const mainLinks = [
  { to: "/find-university", label: m.shell_find_university },
  { to: "/skills", label: m.shell_skills },
  { to: "/networking", label: m.shell_networking },
  { to: "/apply", label: m.shell_apply },
  { to: "/book-appointment", label: m.shell_book_appointment },
  { to: "/ielts-details", label: m.shell_ielts },
  { to: "/contact", label: m.shell_contact },
] as const;
