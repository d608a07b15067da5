import { expect, test } from "@playwright/test";
import { specNavigationLinks } from "../support/navigation";
import { setUpApp, signInAs } from "./app";

const student = { email: "shell.student@onward.test", password: "shell student pass", name: "Shell Student", role: "student" as const };
const app = setUpApp({ users: [student] });

test("every navigation link reaches a page that answers 200", async ({ page, request }) => {
  await page.goto(app.url("/"));
  const hrefs = await page
    .locator('nav[aria-label="Main"] a[href^="/"]')
    .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href") ?? ""))]);
  for (const href of specNavigationLinks) expect(hrefs).toContain(href);
  for (const href of hrefs) {
    const response = await request.get(app.url(href));
    expect(response.status(), href).toBe(200);
  }
});

test("a navigation link click shows the destination page", async ({ page }) => {
  await page.goto(app.url("/"));
  const destinations = page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Study Destination" });
  await destinations.click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "View All Countries" }).first().click();
  await expect(page).toHaveURL(/\/countries$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a plain link navigates inside the app once JavaScript has loaded, without reloading the document", async ({ page }) => {
  await page.goto(app.url("/"));
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact Us" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});

test.describe("on a 375 px wide phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the mobile menu opens and closes, with the mouse and the keyboard", async ({ page }) => {
    await page.goto(app.url("/"));
    const menu = page.getByTestId("mobile-menu");
    const contact = menu.getByRole("link", { name: "Contact" });
    await expect(contact).toBeHidden();

    await menu.getByText("Menu").click();
    await expect(contact).toBeVisible();
    await menu.getByText("Menu").click();
    await expect(contact).toBeHidden();

    await menu.locator(":scope > summary").focus();
    await page.keyboard.press("Enter");
    await expect(contact).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(contact).toBeHidden();

    await menu.getByText("Menu").click();
    await contact.click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(contact).toBeHidden();
  });
});

test("the header is one row at 1024 and 1280 px, signed out and signed in", async ({ page }) => {
  const headerHeights = async () => {
    const heights: number[] = [];
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      heights.push((await page.locator("header").boundingBox())?.height ?? 0);
    }
    return heights;
  };
  await page.goto(app.url("/"));
  for (const height of await headerHeights()) expect(height).toBeLessThan(80);
  await signInAs(page, app.url("/login?redirectTo=/"), student);
  for (const height of await headerHeights()) expect(height).toBeLessThan(80);
});

test("an unknown path shows the 404 page with a link home", async ({ page }) => {
  const response = await page.goto(app.url("/this/does/not/exist"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(app.url("/"));
});

test("the logo is in the header on public pages and absent from it on dashboard paths", async ({ page }) => {
  await page.goto(app.url("/"));
  await expect(page.locator("header").getByRole("link", { name: "Onward home" })).toBeVisible();
  await signInAs(page, app.url("/login?redirectTo=/dashboard/profile"), student);
  await expect(page).toHaveURL(app.url("/dashboard/profile"));
  await expect(page.locator("header").getByRole("link", { name: "Onward home" })).toHaveCount(0);
  // The dashboard's own side menu carries the logo instead, linking home.
  await expect(page.getByRole("complementary", { name: "Dashboard" }).getByRole("link", { name: "Onward home" })).toHaveAttribute(
    "href",
    "/",
  );
  // The header's Dashboard link leads to the overview.
  await expect(page.locator("header").getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("href", "/dashboard");
});
