import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { DashboardError, dashboardErrorCopy } from "./dashboard-error";

/** What React Router hands an ErrorBoundary for a thrown `data(message, { status })`. */
const thrown = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });

test("a fault is a generic 500 with the request id, never the fault's own text", () => {
  const html = renderToString(createElement(DashboardError, { error: new Error("connection to database lost"), requestId: "req-42" }));
  expect(html).toContain("Error <!-- -->500");
  expect(html).toContain("Something went wrong");
  expect(html).toContain("req-42");
  expect(html).not.toContain("connection to database lost");
});

test("a refusal says its own words, and the generic line when it has none", () => {
  expect(dashboardErrorCopy(thrown(403, "Only an admin can edit a manager's or an admin's profile."))).toMatchObject({
    status: 403,
    title: "Not allowed",
    message: "Only an admin can edit a manager's or an admin's profile.",
    showRequestId: false,
  });
  expect(dashboardErrorCopy(thrown(403, null)).message).toBe("Your account does not have access to this page.");
  expect(dashboardErrorCopy(thrown(404, "There is no such user."))).toMatchObject({ status: 404, message: "There is no such user." });
  expect(dashboardErrorCopy(thrown(400, "Choose a role"))).toMatchObject({ status: 400, message: "Choose a role" });
  expect(dashboardErrorCopy(thrown(503, "down"))).toMatchObject({ status: 503, title: "Something went wrong", showRequestId: true });
});
