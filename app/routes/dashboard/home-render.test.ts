import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import DashboardHomePage from "./home";

test("a student's next steps name the features still on their way without linking to them", () => {
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
  expect(html.match(/Coming soon/g)).toHaveLength(4);
  for (const path of ["/find-university", "/book-appointment", "/apply", "/networking"]) expect(html).not.toContain(`href="${path}"`);
  // What answers today is linked.
  for (const path of ["/countries", "/contact"]) expect(html).toContain(`href="${path}"`);
});
