import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { setUpApp } from "./app";
import { publicPages } from "./public-pages";

const app = setUpApp();

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

for (const width of [375, 1280]) {
  test.describe(`at ${width} px wide`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const { path } of [...publicPages, { path: "/countries/atlantis" }]) {
      test(`axe finds no violations on ${path}`, async ({ page }) => {
        await page.goto(app.url(path));
        const results = await new AxeBuilder({ page }).withTags(tags).analyze();
        const summary = results.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}

test("the contact form with errors has no violations either", async ({ page }) => {
  await page.goto(app.url("/contact"));
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("All fields are required")).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});
