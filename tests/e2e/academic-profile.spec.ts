import { expect, type Page, test } from "@playwright/test";
import { expectNoSidewaysScroll, openDashboardMenu, type SeedUser, setUpApp, signInAs } from "./app";
import { axeViolations } from "./axe";

const student: SeedUser = {
  email: "academic.student@onward.test",
  password: "academic student pass",
  name: "Academic Student",
  role: "student",
};
const otherStudent: SeedUser = {
  email: "academic.other@onward.test",
  password: "academic other student pass",
  name: "Other Student",
  role: "student",
};
const consultant: SeedUser = {
  email: "academic.consultant@onward.test",
  password: "academic consultant pass",
  name: "Academic Consultant",
  role: "consultant",
};
const app = setUpApp({ users: [student, otherStudent, consultant] });

const gpa = (page: Page, which: "SSC" | "HSC") => page.getByLabel(`${which} GPA`, { exact: true });
const budget = (page: Page) => page.getByLabel("Your family's yearly budget, in taka");

test("a student fills the academic profile from the menu, saves it, and finds it again after a reload and on the profile page", async ({
  page,
}) => {
  await signInAs(page, app.url("/login?redirectTo=/dashboard"), student);
  await (await openDashboardMenu(page)).getByRole("link", { name: "Academic Profile" }).click();
  await expect(page).toHaveURL(/\/dashboard\/academic-profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Academic profile");

  await gpa(page, "SSC").fill("5");
  await gpa(page, "HSC").fill("4.83");
  await page.getByLabel("IELTS overall").selectOption("6.5");
  await page.getByLabel("Level").selectOption({ label: "Master's" });
  await page.getByLabel("Bachelor's CGPA").fill("3.6");
  await page.getByLabel("Subject").fill("Computer Science");
  await page.getByLabel("United Kingdom").check();
  await page.getByLabel("Germany").check();
  await budget(page).fill("25,00,000");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("Successfully updated");

  await page.reload();
  await expect(gpa(page, "SSC")).toHaveValue("5.00");
  await expect(gpa(page, "HSC")).toHaveValue("4.83");
  await expect(page.getByLabel("Bachelor's CGPA")).toHaveValue("3.60");
  await expect(page.getByLabel("IELTS overall")).toHaveValue("6.5");
  await expect(page.getByLabel("Level")).toHaveValue("masters");
  await expect(page.getByLabel("Subject")).toHaveValue("Computer Science");
  await expect(page.getByLabel("United Kingdom")).toBeChecked();
  await expect(page.getByLabel("Germany")).toBeChecked();
  await expect(page.getByLabel("Canada")).not.toBeChecked();
  await expect(budget(page)).toHaveValue("25,00,000");

  // Clearing a field clears it.
  await page.getByLabel("Subject").fill("");
  await page.getByLabel("Germany").uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("Successfully updated");
  await page.reload();
  await expect(page.getByLabel("Subject")).toHaveValue("");
  await expect(page.getByLabel("Germany")).not.toBeChecked();

  await page.goto(app.url("/dashboard/profile"));
  const section = page.getByRole("region", { name: "Academic profile" });
  await expect(section).toContainText("SSC 5.00 · HSC 4.83 · CGPA 3.60");
  await expect(section).toContainText("IELTS 6.5");
  await expect(section).toContainText("BDT 25,00,000");
  await expect(section.getByRole("link", { name: "Edit academic profile" })).toHaveAttribute("href", "/dashboard/academic-profile");
});

test("an SSC GPA of 6 is refused beside the field, and nothing is saved", async ({ page }) => {
  await signInAs(page, app.url("/login?redirectTo=/dashboard/academic-profile"), otherStudent);
  await gpa(page, "SSC").fill("6");
  await budget(page).fill("18,00,000");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(gpa(page, "SSC")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter your SSC GPA between 0.00 and 5.00")).toBeVisible();
  await expect(gpa(page, "SSC")).toHaveAccessibleDescription("Enter your SSC GPA between 0.00 and 5.00");
  // The form with a message showing: no accessibility findings, and no sideways scroll on a phone.
  expect(await axeViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);
  await page.reload();
  await expect(gpa(page, "SSC")).toHaveValue("");
  await expect(budget(page)).toHaveValue("");
});

test("without JavaScript the server refuses an HSC GPA of 6 beside the field and keeps everything typed", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAs(page, app.url("/login?redirectTo=/dashboard/academic-profile"), otherStudent);
  await gpa(page, "HSC").fill("6");
  await page.getByLabel("Canada").check();
  await budget(page).fill("30,00,000");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter your HSC GPA between 0.00 and 5.00")).toBeVisible();
  await expect(gpa(page, "HSC")).toHaveValue("6");
  await expect(page.getByLabel("Canada")).toBeChecked();
  await expect(budget(page)).toHaveValue("30,00,000");
  await context.close();
});

test("a consultant has no academic profile: not in the menu, and the page is refused", async ({ page }) => {
  await signInAs(page, app.url("/login?redirectTo=/dashboard"), consultant);
  await expect((await openDashboardMenu(page)).getByRole("link", { name: "Academic Profile" })).toHaveCount(0);
  const response = await page.goto(app.url("/dashboard/academic-profile"));
  expect(response?.status()).toBe(403);
});
