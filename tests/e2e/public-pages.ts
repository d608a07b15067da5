/** Every public page with the heading (h1) it must show; shared by the route and accessibility specs. */
export const publicPages = [
  { path: "/", heading: "Move Student To Their Dream Country" },
  { path: "/countries", heading: "Study destinations" },
  { path: "/countries/usa", heading: "United States" },
  { path: "/countries/south-korea", heading: "South Korea" },
  { path: "/countries/finland", heading: "Finland" },
  { path: "/countries/canada", heading: "Canada" },
  { path: "/countries/japan", heading: "Japan" },
  { path: "/countries/china", heading: "China" },
  { path: "/countries/uk", heading: "United Kingdom" },
  { path: "/countries/australia", heading: "Australia" },
  { path: "/countries/netherlands", heading: "Netherlands" },
  { path: "/countries/germany", heading: "Germany" },
  { path: "/countries/malaysia", heading: "Malaysia" },
  { path: "/usa-details", heading: "Study in the USA" },
  { path: "/uk-details", heading: "Study in the UK" },
  { path: "/denmark-details", heading: "Study in Denmark" },
  { path: "/australia-details", heading: "Study in Australia" },
  { path: "/canada-details", heading: "Study in Canada" },
  { path: "/ielts-details", heading: "Online IELTS Classes" },
  { path: "/skills", heading: "Build the Skills to Study Abroad" },
  { path: "/find-university", heading: "Find Your Dream University" },
  { path: "/university/queens-university-belfast", heading: "Queen's University Belfast" },
  { path: "/contact", heading: "Contact us" },
  { path: "/about", heading: "About Onward" },
  { path: "/privacy", heading: "Privacy policy" },
  { path: "/terms", heading: "Terms of service" },
] as const;

/** The pages of signing in and up, public too; checked beside the others for accessibility (and read by scripts/lighthouse.mjs). */
export const accountPages = [{ path: "/login" }, { path: "/signup" }, { path: "/forgot-password" }] as const;
