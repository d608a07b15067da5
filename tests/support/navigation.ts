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
