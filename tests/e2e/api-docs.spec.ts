import { expect, test } from "@playwright/test";
import { operations } from "~/routes/api/v1/operations.server";
import { setUpApp } from "./app";
import { expectAccessible } from "./axe";

const app = setUpApp();

test("the API reference renders every operation of the document, from this server alone, under the site's CSP", async ({ page }) => {
  const origins = new Set<string>();
  const violations: string[] = [];
  page.on("request", (request) => origins.add(new URL(request.url()).origin));
  page.on("console", (message) => {
    if (message.type() === "error") violations.push(message.text());
  });
  await page.goto(app.url("/api/docs"));
  await expect(page.getByRole("heading", { level: 1, name: "Onward API" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3 })).toHaveCount(operations.length);
  await expect(page.locator("#submitApplication")).toContainText("/me/application/submit");
  // Every call of the original client (the spec's §7; its overloaded PATCH /consultants/{email} four times) has its route.
  await expect(page.getByRole("table", { name: /Each call the first web client made/ }).locator("tbody tr")).toHaveCount(24);
  expect([...origins]).toEqual([new URL(app.url()).origin]);
  expect(violations).toEqual([]);
  await expectAccessible(page);
});
