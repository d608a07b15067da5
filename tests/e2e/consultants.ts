import { type Browser, expect, type Page } from "@playwright/test";
import { consultantPicture, wallClock } from "../support/booking";
import { type App, type SeedUser, signInAs } from "./app";

/**
 * A consultant taking bookings, made as the staff would make one: the manager posts the dashboard's
 * add-consultant form, then the consultant adds a 30-minute slot at each of `times` (Asia/Dhaka)
 * `daysAhead` days from now. Answers the consultant's signed-in page, in a context of its own
 * (close it with `page.context().close()`).
 */
export async function consultantWithSlots(
  browser: Browser,
  app: App,
  { manager, consultant, daysAhead, times }: { manager: SeedUser; consultant: SeedUser; daysAhead: number; times: string[] },
): Promise<Page> {
  const staffPage = await (await browser.newContext()).newPage();
  const headers = { Origin: new URL(app.url("/")).origin };
  await signInAs(staffPage, app.url("/login"), manager);
  const added = await staffPage.request.post(app.url("/dashboard/add-new-consultant"), {
    headers,
    multipart: {
      name: consultant.name,
      university: "University of Helsinki",
      country: "Finland",
      email: consultant.email,
      phone: "+358 40 111 2222",
      profession: "Admissions adviser",
      description: "Helps with Finnish applications, residence permits and the first weeks in Helsinki.",
      profile: { name: "rumana.jpg", mimeType: "image/jpeg", buffer: await consultantPicture() },
    },
    maxRedirects: 0,
  });
  expect(added.status(), "adding the consultant").toBe(303);
  await staffPage.context().clearCookies();
  await signInAs(staffPage, app.url("/login"), consultant);
  const { date } = wallClock(new Date(Date.now() + daysAhead * 24 * 3_600_000), "Asia/Dhaka");
  for (const time of times) {
    const slot = await staffPage.request.post(app.url("/dashboard/appointment-time"), {
      headers,
      form: { date, time, duration: "30", timeZone: "Asia/Dhaka" },
      maxRedirects: 0,
    });
    expect(slot.status(), `adding the ${time} slot`).toBe(303);
  }
  return staffPage;
}
