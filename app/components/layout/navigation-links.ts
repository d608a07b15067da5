/** The public navigation, in the order the spec gives it. */
export const destinationLinks = [
  { to: "/usa-details", label: "USA" },
  { to: "/uk-details", label: "UK" },
  { to: "/denmark-details", label: "Denmark" },
  { to: "/australia-details", label: "Australia" },
  { to: "/canada-details", label: "Canada" },
] as const;

export const mainLinks = [
  { to: "/find-university", label: "Find University" },
  { to: "/skills", label: "Skills" },
  { to: "/networking", label: "Networking" },
  { to: "/apply", label: "Apply" },
  { to: "/book-appointment", label: "Book Appointment" },
  { to: "/ielts-details", label: "IELTS" },
  { to: "/contact", label: "Contact" },
] as const;
