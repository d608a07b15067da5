import { expectNoSidewaysScroll, testWithAppPerWorker } from "./app";
import { axeViolations } from "./axe";
import { publicPages } from "./public-pages";

// Each page is its own test, spread over the workers; each worker runs one app.
const test = testWithAppPerWorker();
const { expect } = test;
test.describe.configure({ mode: "parallel" });

const widths = [375, 1280];

for (const { path } of [...publicPages, { path: "/countries/atlantis" }]) {
  test(`axe finds no violations on ${path} at ${widths.join(" and ")} px wide, and it never scrolls sideways`, async ({ page, app }) => {
    // One visit per page: the layout follows the viewport through CSS, so resizing shows the other widths.
    await page.setViewportSize({ width: widths[0] ?? 375, height: 800 });
    await page.goto(app.url(path));
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      expect.soft(await axeViolations(page), `at ${width} px wide`).toEqual([]);
    }
    await expectNoSidewaysScroll(page);
  });
}

test("the contact form with errors has no violations either", async ({ page, app }) => {
  await page.goto(app.url("/contact"));
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("All fields are required")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
