import { expect, test } from "@playwright/test";
import { type SeedUser, setUpApp, signInAs } from "./app";

const manager: SeedUser = { email: "inbox.manager@onward.test", password: "inbox manager pass", name: "Inbox Manager", role: "manager" };
const student: SeedUser = { email: "inbox.student@onward.test", password: "inbox student pass", name: "Inbox Student", role: "student" };
const app = setUpApp({ users: [manager, student] });
const url = (path: string) => app.url(path);

test("a message sent through the contact form appears in the staff inbox and is marked as handled", async ({ page }) => {
  const message = `I want to study nursing in Finland. <b>Not bold</b> ${Date.now()}`;
  await page.goto(url("/contact"));
  await page.getByLabel("Name", { exact: true }).fill("Ayesha Rahman");
  await page.getByLabel("Phone", { exact: true }).fill("+880 1712 345678");
  await page.getByLabel("Email", { exact: true }).fill("ayesha@example.com");
  await page.getByLabel("Message", { exact: true }).fill(message);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("toast")).toContainText("We got your message");

  await signInAs(page, url("/login?redirectTo=/dashboard/messages"), manager);
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  const item = page.getByTestId("inbox-message").filter({ hasText: "Ayesha Rahman" });
  await expect(item).toContainText("Contact message");
  // The HTML the visitor typed is shown as text.
  await expect(item.getByText(message)).toBeVisible();
  await expect(item.locator("b")).toHaveCount(0);

  await item.getByRole("button", { name: "Mark as handled" }).click();
  await expect(page.getByTestId("toast")).toContainText("Message marked as handled");
  await expect(item).toContainText("Handled");
  await expect(item.getByRole("button", { name: "Mark as handled" })).toHaveCount(0);
});

test("a visitor who is not signed in is sent to the login page instead of the inbox", async ({ page }) => {
  await page.goto(url("/dashboard/messages"));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fmessages/);
});

test("a signed-in student gets the 403 page instead of the inbox", async ({ page }) => {
  await signInAs(page, url("/login"), student);
  const response = await page.goto(url("/dashboard/messages"));
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
});
