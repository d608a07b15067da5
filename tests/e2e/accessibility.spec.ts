import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { setUpApp } from "./app";
import { publicPages } from "./public-pages";

const app = setUpApp();

for (const width of [375, 1280]) {
  test.describe(`at ${width} px wide`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("axe finds no violations on any public page", async ({ page }) => {
      test.setTimeout(120_000);
      const found: Record<string, string[]> = {};
      for (const { path } of [...publicPages, { path: "/countries/atlantis" }]) {
        await page.goto(app.url(path));
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
        const summary = results.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
        );
        if (summary.length > 0) found[path] = summary;
      }
      expect(found).toEqual({});
    });
  });
}

test("the contact form with errors has no violations either", async ({ page }) => {
  await page.goto(app.url("/contact"));
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("All fields are required")).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});
