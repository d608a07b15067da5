import { expect, type Page, test } from "@playwright/test";
import { setUpApp } from "./app";

const app = setUpApp();

const cardNames = (page: Page) => page.getByRole("list", { name: "Universities" }).getByRole("heading", { level: 2 });

test("with JavaScript, each filter updates the results and the URL at once, and Back restores the earlier results", async ({ page }) => {
  await page.goto(app.url("/find-university"));
  await expect(cardNames(page)).toHaveCount(12);
  await page.getByLabel("Country").selectOption("Japan");
  await expect(page).toHaveURL(/country=Japan/);
  await expect(cardNames(page)).toHaveCount(6);
  await page.getByLabel("Filter By Type").selectOption("Private");
  await expect(page).toHaveURL(/country=Japan&type=Private/);
  await expect(cardNames(page)).toHaveText(["Keio University", "Waseda University"]);
  await expect(page.getByText("2 universities found.")).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/country=Japan(&|$)(?!.*type=Private)/);
  await expect(cardNames(page)).toHaveCount(6);
  await expect(page.getByLabel("Country")).toHaveValue("Japan");
  // The fields follow the URL back too, so the next change does not carry the later page's type.
  await expect(page.getByLabel("Filter By Type")).toHaveValue("");

  await page.getByLabel("University", { exact: true }).fill("Belfst");
  await page.getByLabel("Country").selectOption("");
  await expect(cardNames(page)).toContainText(["Queen's University Belfast"]);
  await cardNames(page)
    .filter({ hasText: "Queen's University Belfast" })
    .locator("xpath=ancestor::li")
    .getByRole("link", { name: /View Details/ })
    .click();
  await expect(page).toHaveURL(/\/university\/queens-university-belfast$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Queen's University Belfast");
  await expect(page.getByRole("link", { name: /Visit University Website/ })).toHaveAttribute("rel", "noopener noreferrer");
});

test("without JavaScript, the same filters work through the Search button, and an empty result offers to clear them", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(app.url("/find-university"));
  await page.getByLabel("Country").selectOption("Japan");
  await page.getByLabel("Filter By Type").selectOption("Private");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/country=Japan&type=Private/);
  await expect(cardNames(page)).toHaveText(["Keio University", "Waseda University"]);

  await page.goto(app.url("/find-university?q=zzzz+qqqq&ielts=abc&page=-1&sort=drop+table"));
  await expect(page.getByText("No university matches these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Clear the filters" }).click();
  await expect(cardNames(page)).toHaveCount(12);
  await context.close();
});

test("an unknown university is the 404 page", async ({ page }) => {
  const response = await page.goto(app.url("/university/no-such-university"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
