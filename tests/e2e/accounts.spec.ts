import { type Browser, expect, type Page, test } from "@playwright/test";
import { firstLink } from "../support/smtp";
import { setUpAppWithMail } from "./app";

const manager = { email: "manager@onward.test", password: "mina staff phrase", name: "Mina Manager", role: "manager" as const };
const { app, smtp } = setUpAppWithMail({ users: [manager] });

/** Sends the sign-up form; every sign-up lands on the same "check your e-mail" page. */
async function sendSignUp(page: Page, name: string, email: string, password: string) {
  await page.goto(app.url("/signup"));
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(app.url("/signup/check-email"));
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
}

/** Signs up and follows the link in the e-mail that arrives, which signs the person in. */
async function signUp(page: Page, name: string, email: string, password: string) {
  await sendSignUp(page, name, email, password);
  const mail = await smtp.waitFor(email, 5_000);
  await page.goto(firstLink(mail.raw, "/verify-email?token="));
  await expect(page.getByTestId("toast")).toContainText("Account created successfully");
}

/** Fills in and sends the sign-in form; resolves with the status of the POST. */
async function logIn(page: Page, email: string, password: string, path = "/login"): Promise<number> {
  await page.goto(app.url(path));
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password").fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login")),
    page.getByRole("button", { name: "Log in" }).click(),
  ]);
  return response.status();
}

test("a student signs up, confirms the e-mail from the message that arrives, signs out and signs in again", async ({ page }) => {
  await sendSignUp(page, "Farhana Islam", "farhana@example.com", "rickshaw monsoon tea");
  // Not signed in until the address is confirmed: signing in now asks for the confirmation.
  expect(await logIn(page, "farhana@example.com", "rickshaw monsoon tea")).toBe(403);
  await expect(page.getByRole("alert")).toContainText("Please confirm your e-mail address first");

  const mail = await smtp.waitFor("farhana@example.com", 5_000);
  await page.goto(firstLink(mail.raw, "/verify-email?token="));
  await expect(page).toHaveURL(app.url("/"));
  await expect(page.getByTestId("toast")).toContainText("Account created successfully");

  await page.getByRole("button", { name: "LOG OUT" }).first().click();
  await expect(page).toHaveURL(app.url("/login"));
  await expect(page.getByRole("link", { name: "Login" }).first()).toBeAttached();

  await logIn(page, "farhana@example.com", "rickshaw monsoon tea");
  await expect(page).toHaveURL(app.url("/"));
  await page.goto(app.url("/dashboard/profile"));
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
});

test("signing up with an e-mail that has an account shows the same page and mails its owner instead", async ({ page }) => {
  await sendSignUp(page, "Someone Else", manager.email, "another tea garden");
  const mail = await smtp.waitFor(manager.email, 5_000);
  expect(mail.raw).toContain("Someone tried to create an Onward account with your e-mail");
  await expect(page.getByRole("button", { name: "LOG OUT" })).toHaveCount(0);
});

test("a weak password is refused on the sign-up form with the reason", async ({ page }) => {
  await page.goto(app.url("/signup"));
  await page.getByLabel("Name").fill("Weak Password");
  await page.getByLabel("Email").fill("weak@example.com");
  await page.getByLabel("Password", { exact: true }).fill("onward123");
  await page.getByLabel("Confirm password").fill("onward123");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Your password cannot contain the word “Onward”")).toBeVisible();
  await expect(page).toHaveURL(app.url("/signup"));
});

test("the login page has no Google button when Google is not configured", async ({ page }) => {
  await page.goto(app.url("/login"));
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with Google" })).toHaveCount(0);
});

test("a wrong password gets one generic message and keeps the e-mail typed", async ({ page }) => {
  await logIn(page, "manager@onward.test", "not the password");
  await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("manager@onward.test");
});

test("the 11th failed sign-in within a minute is refused with 429", async ({ page }) => {
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 11; attempt++) statuses.push(await logIn(page, "limit-target@example.com", `wrong ${attempt}`));
  await expect(page.getByRole("alert")).toContainText("Too many attempts");
  expect(statuses).toEqual([...Array(10).fill(400), 429]);
});

test("/apply while signed out goes to /login and comes back to /apply after signing in", async ({ page }) => {
  await page.goto(app.url("/apply"));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fapply/);
  await expect(page.getByTestId("toast")).toContainText("Please sign in to see this feature.");
  await page.getByLabel("Email", { exact: true }).fill(manager.email);
  await page.getByLabel("Password").fill(manager.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(app.url("/apply"));
});

test("a student is refused on /dashboard/user-management", async ({ page }) => {
  await signUp(page, "Curious Student", "curious@example.com", "just looking around");
  const response = await page.goto(app.url("/dashboard/user-management"));
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  // The refusal is shown inside the dashboard's frame, whose menu offers only what a student may open.
  await expect(page.getByTestId("dashboard-menu").getByRole("link", { name: "Profile", exact: true })).toBeVisible();
  await expect(page.getByTestId("dashboard-menu").getByRole("link", { name: "User Management" })).toHaveCount(0);
});

test("a manager changes a user's role and the user's side menu changes on their next request", async ({
  browser,
}: {
  browser: Browser;
}) => {
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signUp(student, "Rafi Consultant-to-be", "rafi@example.com", "future consultant pass");
  await student.goto(app.url("/dashboard"));
  const menu = student.getByTestId("dashboard-menu");
  await expect(menu.getByRole("link", { name: "Profile", exact: true })).toBeVisible();
  await expect(menu.getByRole("link", { name: "My Appointments" })).toHaveCount(0);

  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  await logIn(managerPage, manager.email, manager.password, "/login?redirectTo=/dashboard/user-management");
  await expect(managerPage.getByRole("heading", { name: "User Management" })).toBeVisible();
  await managerPage.getByRole("searchbox").fill("rafi@");
  await managerPage.getByRole("button", { name: "Search" }).click();
  const row = managerPage.getByRole("row", { name: /rafi@example.com/ });
  await row.getByRole("combobox").selectOption("consultant");
  await row.getByRole("button", { name: "Change" }).click();
  await expect(managerPage.getByText("from student to consultant")).toBeVisible();
  await managerPage.getByRole("button", { name: "Yes, change the role" }).click();
  await expect(managerPage.getByTestId("toast")).toContainText("is now a consultant.");

  await student.reload();
  await expect(menu.getByRole("link", { name: "My Appointments" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Appointment Time" })).toBeVisible();
  await studentContext.close();
  await managerContext.close();
});
