import { TZDate } from "@date-fns/tz";
import { type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoSidewaysScroll, type SeedUser, setUpAppWithMail, signInAs } from "./app";
import { axeViolations } from "./axe";

const manager: SeedUser = { email: "book.manager@onward.test", password: "booking manager pass", name: "Mahmud Manager", role: "manager" };
const consultant: SeedUser = {
  email: "rumana.consultant@onward.test",
  password: "booking consultant pass",
  name: "Rumana Akter",
  role: "student",
};
const student: SeedUser = { email: "nusrat.student@onward.test", password: "booking student pass", name: "Nusrat Jahan", role: "student" };

const { app, smtp } = setUpAppWithMail({ users: [manager, consultant, student] });
const url = (path: string) => app.url(path);

// One story, in order: each step builds on what the one before left.
test.describe.configure({ mode: "serial" });

/** A day three days ahead, as Dhaka sees it. */
const day = (() => {
  const date = new TZDate(Date.now() + 3 * 24 * 3_600_000, "Asia/Dhaka");
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
})();

async function as(browser: Browser, user: SeedUser, options: { javaScript?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScript ?? true });
  const page = await context.newPage();
  page.on("dialog", (dialog) => dialog.accept());
  await signInAs(page, url("/login"), user);
  return page;
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

test("a manager adds a consultant with a picture, and they can then sign in to their pages", async ({ browser }) => {
  const page = await as(browser, manager);
  await page.goto(url("/dashboard/add-new-consultant"));
  await page.getByLabel("Name", { exact: true }).fill(consultant.name);
  await page.getByLabel("University", { exact: true }).fill("University of Helsinki");
  await page.getByLabel("Country").selectOption("Finland");
  await page.getByLabel("Email", { exact: true }).fill(consultant.email);
  await page.getByLabel("Phone").fill("+358 40 111 2222");
  await page.getByLabel("Profession").fill("Admissions adviser");
  await page.getByLabel("Description").fill("Helps with Finnish applications, residence permits and the first weeks in Helsinki.");
  const picture = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#0f766e" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel("Picture").setInputFiles({ name: "rumana.jpg", mimeType: "image/jpeg", buffer: picture });
  await page.getByRole("button", { name: "Add consultant" }).click();
  await expect(page.getByTestId("toast")).toContainText("Consultant added successfully");
  await page.goto(url("/dashboard/consultants"));
  await expect(page.getByRole("list", { name: "Consultants" })).toContainText(consultant.name);
  await expectNoSidewaysScroll(page);
  // Without a free time yet, the card says so in place of a Book button.
  await page.goto(url("/book-appointment?country=Finland"));
  await expect(page.getByText("No free times yet")).toBeVisible();
  await expect(page.getByRole("link", { name: `Book Appointment with ${consultant.name}` })).toHaveCount(0);
  await page.context().close();
});

test("a consultant adds two slots, each listed at the time they typed in the zone they chose", async ({ browser }) => {
  const page = await as(browser, consultant);
  await page.goto(url("/dashboard/appointment-time"));
  for (const time of ["10:00", "11:00"]) {
    await page.getByLabel("Date").fill(day);
    await page.getByLabel("Start time").fill(time);
    await page.getByLabel("Length (minutes)").fill("30");
    await page.getByLabel("Time zone").fill("Asia/Dhaka");
    await page.getByRole("button", { name: "Add slot" }).click();
    await expect(page.getByTestId("toast")).toContainText("Slot added successfully");
  }
  const slots = page.getByRole("list", { name: "Upcoming slots" }).getByRole("listitem");
  await expect(slots).toHaveCount(2);
  await expect(slots.nth(0)).toContainText("10:00 – 10:30 (Asia/Dhaka)");
  await expect(slots.nth(1)).toContainText("11:00 – 11:30 (Asia/Dhaka)");
  // An overlapping slot is refused beside its field, with what was typed kept.
  await page.getByLabel("Date").fill(day);
  await page.getByLabel("Start time").fill("10:15");
  await page.getByRole("button", { name: "Add slot" }).click();
  await expect(page.getByText(/This slot overlaps your slot on .+10:00 – 10:30 \(Asia\/Dhaka\)/).first()).toBeVisible();
  await expect(page.getByLabel("Start time")).toHaveValue("10:15");
  await expect(slots).toHaveCount(2);
  await page.context().close();
});

test("a student books one in the dialog: focus moves in, Escape closes it and focus returns, and the booking is made", async ({
  browser,
}) => {
  const page = await as(browser, student);
  await page.goto(url("/book-appointment?country=Finland"));
  const open = page.getByRole("link", { name: `Book Appointment with ${consultant.name}` });
  await open.click();
  const dialog = page.getByRole("dialog", { name: /Book Appointment/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Slot")).toBeVisible();
  expect(await page.evaluate(() => document.querySelector("dialog")?.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await expect(dialog.getByLabel("Slot").locator("option")).toHaveText([
    "Select a Slot",
    /10:00 – 10:30 \(Asia\/Dhaka\)$/,
    /11:00 – 11:30 \(Asia\/Dhaka\)$/,
  ]);
  expect(await axeViolations(page, { include: "dialog", tags: null })).toEqual([]);
  await expect(dialog.getByLabel("Email")).toHaveValue(student.email);
  await dialog.getByLabel("Slot").selectOption({ label: (await dialog.getByLabel("Slot").locator("option").nth(1).textContent()) ?? "" });
  await dialog.getByLabel("Phone").fill("+880 1711 000000");
  await dialog.getByLabel("Address").fill("House 1, Road 2, Dhanmondi, Dhaka");
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(page.getByTestId("toast")).toContainText("Appointment Booked Successfully");
  await expect(page).toHaveURL(/\/dashboard\/my-bookings/);
  await expect(page.locator("[data-status]")).toHaveAttribute("data-status", "pending");
  await expectNoSidewaysScroll(page);
  await page.context().close();
});

test("the consultant accepts it, and the student's e-mail brings a text/calendar; method=REQUEST invitation", async ({ browser }) => {
  const page = await as(browser, consultant);
  await page.goto(url("/dashboard/my-appointments"));
  const card = page.locator("[data-booking]").filter({ hasText: student.name });
  await expect(card).toHaveAttribute("data-status", "pending");
  await expect(card).toContainText("+880 1711 000000");
  await expect(card).toContainText("House 1, Road 2, Dhanmondi, Dhaka");
  await card.getByRole("button", { name: /^Accept/ }).click();
  await expect(page.getByTestId("toast")).toContainText("Booking accepted successfully");
  await expect(page.locator("[data-booking]").filter({ hasText: student.name })).toHaveAttribute("data-status", "accepted");
  expect(await axeViolations(page, { tags: null })).toEqual([]);
  await expectNoSidewaysScroll(page);
  await expect
    .poll(() => mailsTo(student.email).some((mail) => /text\/calendar;[^\n]*method=REQUEST/i.test(mail.raw)), { timeout: 15_000 })
    .toBe(true);
  const invitation = mailsTo(student.email).find((mail) => /method=REQUEST/i.test(mail.raw))?.raw ?? "";
  expect(invitation).toContain("METHOD:REQUEST");
  expect(invitation).toMatch(/10:00 – 10:30 \(Asia\/Dhaka\)|10:00 =E2=80=93 10:30 \(Asia\/Dhaka\)/);
  await page.context().close();
});

test("the student cancels, the slot is free again, and a METHOD:CANCEL invitation arrives", async ({ browser }) => {
  const page = await as(browser, student);
  // The consultant's card counts one free time now (and is kept for a few seconds: the cancellation must empty that).
  await page.goto(url("/book-appointment?country=Finland"));
  await expect(page.getByRole("list", { name: "Consultants" })).toContainText("1 free time");
  await page.goto(url("/dashboard/my-bookings"));
  await page.getByRole("button", { name: /^Cancel booking/ }).click();
  await expect(page.getByTestId("toast")).toContainText("Booking cancelled successfully");
  await expect(page.locator("[data-status]")).toHaveAttribute("data-status", "cancelled");
  await page.goto(url("/book-appointment?country=Finland"));
  await expect(page.getByRole("list", { name: "Consultants" })).toContainText("2 free times");
  await page.getByRole("link", { name: `Book Appointment with ${consultant.name}` }).click();
  await expect(page.getByRole("dialog").getByLabel("Slot").locator("option")).toHaveCount(3);
  await expect.poll(() => mailsTo(student.email).some((mail) => /method=CANCEL/i.test(mail.raw)), { timeout: 15_000 }).toBe(true);
  const cancel = mailsTo(student.email).find((mail) => /method=CANCEL/i.test(mail.raw))?.raw ?? "";
  expect(cancel).toContain("METHOD:CANCEL");
  expect(cancel).toContain("SEQUENCE:1");
  await page.context().close();
});

test("the same booking works with JavaScript disabled, through the consultant's booking page", async ({ browser }) => {
  const page = await as(browser, student, { javaScript: false });
  await page.goto(url("/book-appointment"));
  await page.getByLabel("Country").selectOption("Finland");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/country=Finland/);
  await page.getByRole("link", { name: `Book Appointment with ${consultant.name}` }).click();
  await expect(page).toHaveURL(/\/book-appointment\/[\w-]+$/);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const slot = page.locator('select[name="slot"]');
  await slot.selectOption({ index: 2 });
  // A refusal keeps what was typed: the address left out first.
  await page.getByLabel("Phone").fill("+880 1711 000000");
  await page.getByLabel("Address").fill("");
  await page.getByRole("button", { name: "Book Appointment" }).click();
  await expect(page.getByText("This field is required")).toBeVisible();
  await expect(page.getByLabel("Phone")).toHaveValue("+880 1711 000000");
  await page.getByLabel("Address").fill("Mirpur 10, Dhaka");
  await slot.selectOption({ index: 2 });
  await page.getByRole("button", { name: "Book Appointment" }).click();
  await expect(page.getByTestId("toast")).toContainText("Appointment Booked Successfully");
  await expect(page.locator("[data-status]")).toHaveAttribute("data-status", "pending");
  await expect(page.locator("[data-status]")).toContainText("11:00 – 11:30 (Asia/Dhaka)");
  await page.context().close();
});

test("a manager sees every booking on /dashboard/bookings, filters them and acts on one as its consultant could", async ({ browser }) => {
  const page = await as(browser, manager);
  await page.goto(url("/dashboard/bookings"));
  const cards = page.getByRole("list", { name: "Bookings" }).getByRole("listitem");
  await expect(cards.first()).toContainText(consultant.name);
  await expect(cards.first()).toContainText(student.name);
  expect.soft(await axeViolations(page), "/dashboard/bookings").toEqual([]);
  await page.getByLabel("Status").selectOption("pending");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(cards).toHaveCount(1);
  await cards.first().getByRole("button", { name: "Accept" }).click();
  await expect(page.getByTestId("toast")).toContainText("accepted");
  await expect.poll(() => mailsTo(student.email).length).toBeGreaterThan(0);
  await expectNoSidewaysScroll(page);
  // Anyone else is refused.
  const other = await as(browser, student);
  expect((await other.goto(url("/dashboard/bookings")))?.status()).toBe(403);
  await other.context().close();
  await page.context().close();
});
