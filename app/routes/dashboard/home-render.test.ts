import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import { featureAvailable } from "~/lib/features";
import DashboardHomePage from "./home";

test("a student's next steps link the features that answer and name those still on their way without linking to them", () => {
  const loaderData = {
    name: "Sumi",
    role: "student" as const,
    emailVerified: true,
    twoFactorEnabled: false,
    links: [{ to: "/dashboard/profile", label: "Profile", soon: false }],
    overview: { usersByRole: null, openMessages: null },
  };
  const Stub = createRoutesStub([{ id: "home", path: "/dashboard", Component: DashboardHomePage as never, loader: () => loaderData }]);
  const html = renderToString(createElement(Stub, { initialEntries: ["/dashboard"], hydrationData: { loaderData: { home: loaderData } } }));
  expect(html).toContain("Your next steps");
  for (const label of ["Find a university", "Book a consultant", "Apply", "Meet people abroad"]) expect(html).toContain(label);
  const featurePages = {
    "/find-university": featureAvailable.universities,
    "/book-appointment": featureAvailable.booking,
    "/apply": featureAvailable.applications,
    "/networking": featureAvailable.networking,
  };
  const waiting = Object.values(featurePages).filter((available) => !available).length;
  expect(html.match(/Coming soon/g) ?? []).toHaveLength(waiting);
  for (const [path, available] of Object.entries(featurePages)) {
    if (available) expect(html, path).toContain(`href="${path}"`);
    else expect(html, path).not.toContain(`href="${path}"`);
  }
  // What answers today is linked.
  for (const path of ["/countries", "/contact"]) expect(html).toContain(`href="${path}"`);
});
