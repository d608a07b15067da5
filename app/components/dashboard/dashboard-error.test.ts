import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { DashboardError } from "./dashboard-error";

test("a fault is a generic 500 with the request id, never the fault's own text", () => {
  const html = renderToString(createElement(DashboardError, { error: new Error("connection to database lost"), requestId: "req-42" }));
  expect(html).toContain("Error <!-- -->500");
  expect(html).toContain("Something went wrong");
  expect(html).toContain("req-42");
  expect(html).not.toContain("connection to database lost");
});
