import { expect, test } from "@playwright/test";
import ICAL from "ical.js";
import { todayIn } from "~/lib/deadlines";
import { monthNames } from "~/lib/universities";
import { tinyPdf, tinyPng } from "../support/applications";
import { firstLink } from "../support/smtp";
import { type SeedUser, setUpAppWithMail, signInAs } from "./app";

const student: SeedUser = { email: "plan.student@onward.test", password: "planning student pass", name: "Plan Student", role: "student" };
const manager: SeedUser = { email: "plan.manager@onward.test", password: "planning manager pass", name: "Plan Manager", role: "manager" };

const { app, smtp } = setUpAppWithMail({ users: [student, manager] });

/** Ten days after today in Dhaka (the accounts' zone): inside the 30-day reminder, as "YYYY-MM-DD". */
function tenDaysOn(): string {
  return todayIn("Asia/Dhaka", new Date(Date.now() + 10 * 86_400_000));
}

test("a student's plan: two deadlines on the shortlist, a reminder by e-mail, a checklist that ticks itself, a calendar feed, and the e-mail's unsubscribe link", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A manager moves Toronto's usual deadline to ten days from now, so that its 30-day reminder is due.
  const deadline = tenDaysOn();
  const [, month, day] = deadline.split("-").map(Number);
  const staff = await (await browser.newContext()).newPage();
  await signInAs(staff, app.url("/login"), manager);
  await staff.goto(app.url("/dashboard/universities?q=University+of+Toronto"));
  await staff.getByRole("link", { name: "Edit University of Toronto", exact: true }).click();
  await staff.getByLabel("Intakes", { exact: true }).fill(`September: ${day} ${monthNames[(month ?? 1) - 1]}`);
  await staff.getByRole("button", { name: "Save" }).click();
  await expect(staff.getByText("University updated successfully")).toBeVisible();

  // The student shortlists Toronto and Helsinki from their pages, and sees both deadlines, never a past one.
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, app.url("/login"), student);
  for (const [slug, name] of [
    ["university-of-toronto", "University of Toronto"],
    ["university-of-helsinki", "University of Helsinki"],
  ]) {
    await page.goto(app.url(`/university/${slug}`));
    await page.getByRole("button", { name: new RegExp(`^Shortlist ${name}`) }).click();
    await expect(page.getByTestId("toast")).toContainText(`${name} is on your shortlist`);
  }
  await page.goto(app.url("/dashboard/shortlist"));
  const cards = page.getByRole("list", { name: "Your shortlist" }).getByRole("listitem");
  await expect(cards.filter({ hasText: "University of Toronto" }).locator("[data-deadline]")).toHaveAttribute("data-deadline", deadline);
  const helsinki = await cards.filter({ hasText: "University of Helsinki" }).locator("[data-deadline]").getAttribute("data-deadline");
  expect(helsinki?.localeCompare(todayIn("Asia/Dhaka"))).toBeGreaterThanOrEqual(0);
  await expect(cards.filter({ hasText: "University of Toronto" })).toContainText("10 days left");

  // Shortlisting Toronto, ten days before its deadline, sends its reminder at once.
  await expect
    .poll(() => smtp.received.filter((mail) => mail.to.includes(student.email) && mail.raw.includes("/reminders/unsubscribe")).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const reminder = smtp.received.find((mail) => mail.to.includes(student.email) && mail.raw.includes("/reminders/unsubscribe"));
  expect(reminder?.raw).toMatch(/Subject: University of Toronto: 10 days left to apply/);

  // The calendar link on the shortlist is a feed a calendar app can read: both deadlines as all-day events.
  const feedPath = await page.getByRole("link", { name: "your private calendar link" }).getAttribute("href");
  const feed = await page.request.get(app.url(feedPath ?? ""));
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
  const toronto = events.find((event) => event.summary.startsWith("Apply to University of Toronto"));
  expect(toronto?.startDate.isDate).toBe(true);
  expect(toronto?.startDate.toString()).toBe(deadline);
  expect(events.map((event) => event.startDate.toString())).toContain(helsinki);

  // The student starts an application to the UK with three documents: the checklist ticks what they stand for.
  await page.goto(app.url("/apply"));
  await page.getByLabel("Destination country").selectOption("UK");
  for (const [field, label, file] of [
    ["passport", "Passport", { name: "passport.png", mimeType: "image/png", buffer: await tinyPng("#223344") }],
    ["englishProficiency", "English proficiency", { name: "ielts.png", mimeType: "image/png", buffer: await tinyPng("#334455") }],
    ["bankStatement", "Bank statement", { name: "bank.pdf", mimeType: "application/pdf", buffer: tinyPdf("bank") }],
  ] as const) {
    await page.getByLabel(label, { exact: true }).setInputFiles(file);
    await expect(page.locator(`[data-uploaded="${field}"]`)).toContainText(file.name);
  }
  // Sent without the other documents: refused, but the draft keeps its destination and documents.
  await page.getByRole("button", { name: "Submit application" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await page.goto(app.url("/dashboard"));
  const checklist = page.getByRole("region", { name: "Your document checklist for United Kingdom" });
  const progress = checklist.locator("[data-ready]");
  await expect(progress).toHaveAttribute("data-ready", "3");
  const total = await progress.getAttribute("data-total");
  await expect(progress).toHaveText(`3 of ${total} ready`);
  await checklist
    .getByRole("listitem")
    .filter({ hasText: "Confirmation of Acceptance for Studies" })
    .getByRole("button", { name: /^Tick/ })
    .click();
  await expect(page.getByTestId("toast")).toContainText("Ticked");
  await expect(progress).toHaveAttribute("data-ready", "4");

  // The e-mail's link turns the reminders off without signing in.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(firstLink(reminder?.raw ?? "", "/reminders/unsubscribe?token="));
  await stranger.getByRole("button", { name: "Stop deadline reminders" }).click();
  await expect(stranger.getByRole("heading", { name: "Deadline reminders are off" })).toBeVisible();
  await page.goto(app.url("/dashboard/profile"));
  await expect(page.getByRole("button", { name: "Turn on deadline reminders" })).toBeVisible();
});
