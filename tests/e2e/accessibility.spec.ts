import type { Page } from "@playwright/test";
import { expectNoSidewaysScroll, testWithAppPerWorker } from "./app";
import { axeViolations, axeWidths as widths } from "./axe";
import { bengali, bengaliShare } from "./bangla-text";
import { accountPages, publicPages } from "./public-pages";

// Every public page in English and then in Bangla, its twin found through its hreflang="bn" link (issue 31's contract,
// issue 30's): axe with WCAG 2.0–2.2 A and AA at 320 and 1280 px, no sideways scroll, and the twin's language, words
// and links. Each page is its own test, spread over the workers; each worker runs one app.
const test = testWithAppPerWorker();
const { expect } = test;
test.describe.configure({ mode: "parallel" });

/** Pages that show what people typed (a university's catalogue entry): their heading, title and much of their text are Latin. */
const typedContent: readonly string[] = ["/university/queens-university-belfast"];

/** Axe at each width and no sideways scroll, on the page as it is now (one visit: the layout follows the viewport through CSS). */
async function expectAccessibleAtEveryWidth(page: Page) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    expect.soft(await axeViolations(page), `${new URL(page.url()).pathname} at ${width} px wide`).toEqual([]);
  }
  await expectNoSidewaysScroll(page);
}

const pages = [...publicPages, ...accountPages.map(({ path }) => ({ path, heading: "" }))];

for (const { path, heading } of pages) {
  test(`${path} and its Bangla twin: axe finds no violations at ${widths.join(" and ")} px, neither scrolls sideways, the twin reads in Bangla`, async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width: widths[0], height: 800 });
    expect((await page.goto(app.url(path)))?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expectAccessibleAtEveryWidth(page);

    // The links are absolute, on APP_URL's host (localhost here, while the tests use 127.0.0.1): compared and followed by path.
    const twin = new URL((await page.locator('link[rel="alternate"][hreflang="bn"]').getAttribute("href")) ?? "").pathname;
    expect(twin).toBe(path === "/" ? "/bn" : `/bn${path}`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", new RegExp(`:\\d+${path}$`));

    await page.setViewportSize({ width: widths[0], height: 800 });
    expect((await page.goto(app.url(twin)))?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", new RegExp(`:\\d+${path}$`));
    // A catalogue entry's name is shown as typed; every other heading is in Bangla.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(typedContent.includes(path) ? heading : bengali);
    await expect(page.getByRole("navigation").first()).toContainText("বিশ্ববিদ্যালয় খুঁজুন");
    await expect(page.locator("footer")).toContainText("দরকারি লিংক");
    if (!typedContent.includes(path)) {
      expect(bengaliShare((await page.locator("main").textContent()) ?? ""), "Bengali share of the page's text").toBeGreaterThan(0.5);
      expect(await page.title()).toMatch(bengali);
    }
    await expectAccessibleAtEveryWidth(page);
  });
}

test("the 404 page, in English and in Bangla, has no violations", async ({ page, app }) => {
  for (const path of ["/countries/atlantis", "/bn/countries/atlantis"]) {
    expect((await page.goto(app.url(path)))?.status()).toBe(404);
    await expectAccessibleAtEveryWidth(page);
  }
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(bengali);
});

test("the contact form showing its errors, in English and in Bangla, has no violations either", async ({ page, app }) => {
  for (const [path, submit, error] of [
    ["/contact", "Submit", "All fields are required"],
    ["/bn/contact", "পাঠান", "সবগুলো ঘর পূরণ করতে হবে"],
  ] as const) {
    await page.goto(app.url(path));
    await page.getByRole("button", { name: submit }).click();
    await expect(page.getByText(error)).toBeVisible();
    await expectAccessibleAtEveryWidth(page);
  }
});
