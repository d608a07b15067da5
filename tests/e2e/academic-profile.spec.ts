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
const planner: SeedUser = {
  email: "academic.planner@onward.test",
  password: "academic planner pass",
  name: "Planning Student",
  role: "student",
};
const app = setUpApp({ users: [student, otherStudent, consultant, planner] });

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

test("with a profile, a student sorts the finder by fit, reads each university's reasons, and opens one's first year in taka", async ({
  page,
}) => {
  await signInAs(page, app.url("/login?redirectTo=/dashboard/academic-profile"), planner);
  await page.getByLabel("IELTS overall").selectOption("6.5");
  await page.getByLabel("Level").selectOption({ label: "Bachelor's" });
  await budget(page).fill("30,00,000");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("Successfully updated");

  await page.goto(app.url("/find-university"));
  await page.getByLabel("Sort by").selectOption({ label: "Best fit for me" });
  await expect(page).toHaveURL(/sort=fit/);
  await expect(page.getByText("Ranked by IELTS 6.5 and a first-year budget of ৳30 lakh")).toBeVisible();
  await expect(page.getByRole("link", { name: "your academic profile" })).toBeVisible();
  const cards = page.getByRole("list", { name: "Universities" }).locator(":scope > li");
  await expect(cards).toHaveCount(12);
  // Every card gives its reasons; the first meets both requirements.
  for (const card of await cards.all()) await expect(card.locator("[data-fit-reason]")).toHaveAttribute("data-fit-reason", /IELTS/);
  const first = cards.first();
  await expect(first.locator("[data-fit-reason]")).toContainText("Your IELTS 6.5 meets the");
  await expect(first.locator("[data-fit-reason]")).toContainText("Within your budget of ৳30 lakh");

  await first.getByRole("link", { name: /View Details/ }).click();
  const table = page.getByRole("table", { name: /First-year costs for a bachelor's student/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole("row", { name: /Tuition \(first year\)/ })).toBeVisible();
  const total = Number(await table.locator("[data-total-bdt]").getAttribute("data-total-bdt"));
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(3_000_000);
  // The table's link is what a parent is sent: it opens the same table signed out.
  const shared = await page.getByRole("link", { name: "its link" }).getAttribute("href");
  expect(shared).toMatch(/^\/university\/[a-z0-9-]+\?level=bachelor#first-year$/);
});
