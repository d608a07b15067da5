import { type Feature, featureAvailable } from "~/lib/features";

/** Every link the spec puts in the navigation bar (spec §2, Navigation bar). */
export const specNavigationLinks = [
  "/",
  "/usa-details",
  "/uk-details",
  "/denmark-details",
  "/australia-details",
  "/canada-details",
  "/find-university",
  "/skills",
  "/networking",
  "/apply",
  "/book-appointment",
  "/contact",
  "/countries",
  "/ielts-details",
  "/login",
  "/signup",
];

/** The spec's links to features still on their way: the bar leaves them out until the feature answers. */
const featureOf: Record<string, Feature> = {
  "/find-university": "universities",
  "/networking": "networking",
  "/apply": "applications",
  "/book-appointment": "booking",
};

export const answeringNavigationLinks = specNavigationLinks.filter((href) => {
  const feature = featureOf[href];
  return !feature || featureAvailable[feature];
});
export const waitingNavigationLinks = specNavigationLinks.filter((href) => !answeringNavigationLinks.includes(href));
