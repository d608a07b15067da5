import { type Feature, featureAvailable } from "./features";

/** A call to action on a public page: where it goes and what it says. */
export type NextStep = { href: string; label: string; external: boolean };

type FeatureFlags = Record<Feature, boolean>;

/**
 * How a visitor reaches a person ("Book a Call"): the external scheduling page when staff have set
 * one (site settings), otherwise our own booking page, where they choose a consultant and a free
 * time; the contact form only while booking does not answer, so no button leads to a page that
 * only says "not available yet".
 */
export function talkToUs(bookingUrl: string | undefined, available: FeatureFlags = featureAvailable): NextStep {
  if (bookingUrl) return { href: bookingUrl, label: "Book a Call", external: true };
  if (available.booking) return { href: "/book-appointment", label: "Book a Call", external: false };
  return { href: "/contact", label: "Talk to Us", external: false };
}

/** The call to action of each feature a guide can send people to. */
const featureSteps: Partial<Record<Feature, NextStep>> = {
  applications: { href: "/apply", label: "Apply Now", external: false },
  universities: { href: "/find-university", label: "Find a university", external: false },
};

/** The calls to action of `features`, in that order, leaving out those whose feature does not answer yet. */
export function stepsFor(features: Feature[], available: FeatureFlags = featureAvailable): NextStep[] {
  return features.flatMap((feature) => {
    const step = featureSteps[feature];
    return step && available[feature] ? [step] : [];
  });
}
