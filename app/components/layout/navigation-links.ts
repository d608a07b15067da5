import { type Feature, featureAvailable } from "~/lib/features";

/** The public navigation, in the order the spec gives it. */
export const destinationLinks = [
  { to: "/usa-details", label: "USA" },
  { to: "/uk-details", label: "UK" },
  { to: "/denmark-details", label: "Denmark" },
  { to: "/australia-details", label: "Australia" },
  { to: "/canada-details", label: "Canada" },
] as const;

const allMainLinks: { to: string; label: string; feature?: Feature }[] = [
  { to: "/find-university", label: "Find University", feature: "universities" },
  { to: "/skills", label: "Skills" },
  { to: "/networking", label: "Networking", feature: "networking" },
  { to: "/apply", label: "Apply", feature: "applications" },
  { to: "/book-appointment", label: "Book Appointment", feature: "booking" },
  { to: "/ielts-details", label: "IELTS" },
  { to: "/contact", label: "Contact" },
];

/** The main links whose pages answer today: a feature's link appears when the feature does. */
export const mainLinks = allMainLinks.filter((link) => !link.feature || featureAvailable[link.feature]);
