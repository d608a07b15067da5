import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import DashboardHomePage from "./home";

test("a student's next steps link every feature's page", () => {
  const loaderData = {
    name: "Sumi",
    role: "student" as const,
    emailVerified: true,
    twoFactorEnabled: false,
    links: [{ to: "/dashboard/profile", label: "Profile" }],
    overview: { usersByRole: null, openMessages: null },
  };
  const Stub = createRoutesStub([{ id: "home", path: "/dashboard", Component: DashboardHomePage as never, loader: () => loaderData }]);
  const html = renderToString(createElement(Stub, { initialEntries: ["/dashboard"], hydrationData: { loaderData: { home: loaderData } } }));
  expect(html).toContain("Your next steps");
  for (const label of ["Find a university", "Book a consultant", "Apply", "Meet people abroad"]) expect(html).toContain(label);
  for (const path of ["/countries", "/contact", "/find-university", "/book-appointment", "/apply", "/networking"]) {
    expect(html, path).toContain(`href="${path}"`);
  }
});
