import { type Feature, featureAvailable } from "./features";

/** A call to action on a public page: where it goes and what it says. */
export type NextStep = { href: string; label: string; external: boolean };

type FeatureFlags = Record<Feature, boolean>;

/**
 * How a visitor reaches a person: the external scheduling page when staff have set one, our own
 * booking page once it answers, and until then the contact form, so no button leads to a page
 * that only says "not available yet".
 */
export function talkToUs(bookingUrl: string | undefined, available: FeatureFlags = featureAvailable): NextStep {
  if (bookingUrl) return { href: bookingUrl, label: "Book a Call", external: true };
  if (available.booking) return { href: "/book-appointment", label: "Book Appointment", external: false };
  return { href: "/contact", label: "Talk to Us", external: false };
}

/** The steps behind a feature flag that a guide offers, in the order it offers them. */
const featureSteps: (NextStep & { feature: Feature })[] = [
  { href: "/apply", label: "Apply Now", external: false, feature: "applications" },
  { href: "/find-university", label: "Find a university", external: false, feature: "universities" },
];

/** The guide's own next steps (apply, find a university) that answer today. */
export function guideSteps(available: FeatureFlags = featureAvailable): NextStep[] {
  return featureSteps.filter((step) => available[step.feature]).map(({ feature: _feature, ...step }) => step);
}
