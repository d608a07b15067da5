import { expect, test } from "@playwright/test";
import { openDashboardMenu, type SeedUser, setUpApp, signInAs, visibleMenuControls } from "./app";
import { axeViolations } from "./axe";

const manager: SeedUser = { email: "shell.manager@onward.test", password: "shell manager pass", name: "Shell Manager", role: "manager" };
const admin: SeedUser = { email: "shell.admin@onward.test", password: "shell admin pass", name: "Shell Admin", role: "admin" };
const app = setUpApp({ users: [manager, admin] });

test("a refused dashboard page keeps the dashboard's menu, which still takes the manager elsewhere", async ({ page }) => {
  await signInAs(page, app.url("/login?redirectTo=/dashboard"), manager);
  const response = await page.goto(app.url(`/dashboard/edit-user-profile/${encodeURIComponent(admin.email)}`));
  expect(response?.status()).toBe(403);
  const content = page.getByTestId("dashboard-content");
  await expect(content.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
  await expect(content).toContainText("Only an admin can edit a manager's or an admin's profile.");
  const menu = page.getByTestId("dashboard-menu");
  await expect(menu.getByRole("link", { name: "Messages" })).toBeVisible();
  await expect(page.getByTestId("dashboard-menu").locator("xpath=ancestor::aside")).toContainText("Shell Manager");

  // Once the page has loaded its JavaScript, the menu navigates on the client and leaves the error behind.
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await menu.getByRole("link", { name: "Messages" }).click();
  await expect(page).toHaveURL(app.url("/dashboard/messages"));
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Messages" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Not allowed" })).toHaveCount(0);
});

test("an unknown profile is a 404 inside the dashboard, and the page fits a 375 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, app.url("/login?redirectTo=/dashboard"), admin);
  const response = await page.goto(app.url("/dashboard/edit-user-profile/nobody%40onward.test"));
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("dashboard-content")).toContainText("There is no account with that e-mail.");
  // On a phone the menu starts closed, so the page's own content comes first; it opens from its summary.
  const menuLink = page.getByTestId("dashboard-menu").getByRole("link", { name: "User Management" });
  await expect(menuLink).toBeHidden();
  await openDashboardMenu(page);
  await expect(menuLink).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("on a phone a dashboard page has one menu control, which reaches the dashboard's pages and the site's, by keyboard", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, app.url("/login?redirectTo=/dashboard/profile"), manager);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  const controls = visibleMenuControls(page);
  await expect(controls).toHaveCount(1);
  const siteLinks = page.getByTestId("dashboard-site-links");
  await expect(siteLinks.getByRole("link", { name: "Find University" })).toBeHidden();

  await controls.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("dashboard-menu").getByRole("link", { name: "User Management" })).toBeVisible();
  await expect(siteLinks.getByRole("link", { name: "Find University" })).toBeVisible();
  await expect(siteLinks.getByRole("button", { name: "LOG OUT" })).toBeVisible();
  await siteLinks.getByRole("link", { name: "Find University" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(app.url("/find-university"));
  // Outside the dashboard the site header's Menu is the one control again.
  await expect(controls).toHaveCount(1);
  await expect(page.getByTestId("mobile-menu")).toBeVisible();

  // From 768 px the dashboard's pages are a column beside the page; the header's Menu is the one control.
  await page.setViewportSize({ width: 800, height: 740 });
  await page.goto(app.url("/dashboard/profile"));
  await expect(controls).toHaveCount(1);
  await expect(page.getByTestId("dashboard-menu").getByRole("link", { name: "User Management" })).toBeVisible();
  await expect(siteLinks).toBeHidden();
});

test("the profile and the user list fit a 320 px phone: no sideways scrolling, each user a card", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await signInAs(page, app.url("/login?redirectTo=/dashboard/profile"), admin);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.goto(app.url("/dashboard/user-management"));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  // The manager's card: every value labelled, the role control within reach.
  const card = page.getByRole("row").filter({ hasText: manager.email });
  const labels = await card
    .getByRole("cell")
    .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content.replaceAll('"', "")));
  expect(labels).toEqual(["Name", "Email", "Role", "Change role"]);
  const roleControl = card.getByRole("combobox", { name: `New role for ${manager.name}` });
  await roleControl.scrollIntoViewIfNeeded();
  await expect(roleControl).toBeInViewport({ ratio: 1 });
});

test("the profile edit form says what is wrong before sending, and saves with a toast", async ({ page }) => {
  await signInAs(page, app.url("/login?redirectTo=/dashboard/profile"), manager);
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit profile" })).toBeVisible();
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  const name = page.getByLabel("Name", { exact: true });
  await name.fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter a name")).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await name.fill("Shell Manager Renamed");
  await page.getByLabel("Phone", { exact: true }).fill("+880 1711 000000");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("Successfully updated");
  await expect(page).toHaveURL(app.url("/dashboard/profile"));
  await expect(page.getByTestId("dashboard-content")).toContainText("+880 1711 000000");
});

test("Site Settings: a manager fixes a bad address before sending, sets the phone, and the next visitor's footer shows it", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, app.url("/login?redirectTo=/dashboard"), manager);
  await (await openDashboardMenu(page)).getByRole("link", { name: "Site Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Site Settings" })).toBeVisible();
  // The phone's menu closed again on the way, so the new page starts with its own content.
  await expect(page.getByTestId("dashboard-menu")).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await axeViolations(page)).toEqual([]);

  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  const facebook = page.getByLabel("Facebook", { exact: true });
  await facebook.fill("facebook.com/onward");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Enter a full address starting with https://")).toBeVisible();
  await expect(facebook).toHaveAttribute("aria-invalid", "true");
  await facebook.fill("https://facebook.com/onward.bd");
  await page.getByLabel("Phone", { exact: true }).fill("+880 1811-223344");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("toast")).toContainText("2 settings saved");
  // On a phone the toast leaves the Menu button (the dashboard's, the page's only one) free.
  const toastBox = await page.getByTestId("toast").boundingBox();
  const menuBox = await visibleMenuControls(page).boundingBox();
  expect(toastBox && menuBox && toastBox.y >= menuBox.y + menuBox.height).toBe(true);
  await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("+880 1811-223344");

  const visitor = await browser.newPage();
  await visitor.goto(app.url("/"));
  const footer = visitor.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "+880 1811-223344", exact: true })).toHaveAttribute("href", "tel:+8801811223344");
  await visitor.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("on a 320 px phone the one menu control opens and leads to the site's pages and to Log out", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await signInAs(page, app.url("/login?redirectTo=/dashboard"), manager);
    await expect(visibleMenuControls(page)).toHaveCount(1);
    await expect((await openDashboardMenu(page)).getByRole("link", { name: "Site Settings" })).toBeVisible();
    await page.getByTestId("dashboard-site-links").getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(app.url("/contact"));
    await page.goto(app.url("/dashboard"));
    await openDashboardMenu(page);
    await page.getByTestId("dashboard-site-links").getByRole("button", { name: "LOG OUT" }).click();
    await expect(page).toHaveURL(app.url("/login"));
  });

  test("the server answers a wrong two-factor password on the profile page, beside the field", async ({ page }) => {
    await signInAs(page, app.url("/login?redirectTo=/dashboard/profile"), admin);
    await page.getByLabel("Your password").fill("not the password");
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Your password is not right" })).toBeVisible();
    // Longer passwords are stopped by the field itself (and by the server, see profile.test.ts).
    await expect(page.getByLabel("Your password")).toHaveAttribute("maxlength", "128");
  });
});
