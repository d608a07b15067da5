import { expect, test } from "@playwright/test";
import { runApiJourney } from "../../scripts/lib/api-journey";
import { firstLink } from "../support/smtp";
import { type SeedUser, setUpAppWithMail, signInAs } from "./app";

const manager: SeedUser = {
  email: "journey.manager@onward.test",
  password: "journey manager pass",
  name: "Journey Manager",
  role: "manager",
};
const consultant: SeedUser = {
  email: "journey.consultant@onward.test",
  password: "journey consultant pass",
  name: "Journey Consultant",
  role: "consultant",
};
const student = { email: "journey.student@onward.test", password: "journey student passphrase", name: "Nusrat Jahan" };

const { app, smtp } = setUpAppWithMail({ users: [manager, consultant] });

test("a journey through the JSON API alone is what the pages then show: the application in Processing, the booking accepted", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const result = await runApiJourney({
    url: app.url(),
    manager,
    consultant,
    student,
    confirmationLink: async (email) => firstLink((await smtp.waitFor(email, 10_000)).raw, "/verify-email?token="),
  });

  await signInAs(page, app.url("/login"), { ...student, role: "student" });
  await page.goto(app.url(`/dashboard/my-applications/${result.applicationId}`));
  await expect(page.locator("[data-status]").first()).toHaveAttribute("data-status", "processing");
  await page.goto(app.url("/dashboard/my-bookings"));
  await expect(page.locator(`[data-booking="${result.bookingId}"]`)).toHaveAttribute("data-status", "accepted");
  await page.goto(app.url("/dashboard/shortlist"));
  await expect(page.locator(`a[href="/university/${result.universitySlug}"]`).first()).toBeVisible();
});
