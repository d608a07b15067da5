import { expect, test } from "@playwright/test";
import { applicationDocuments } from "~/lib/applications";
import { tinyPdf, tinyPng } from "../support/applications";
import { firstLink } from "../support/smtp";
import { type SeedUser, setUpAppWithMail, signInAs } from "./app";
import { consultantWithSlots } from "./consultants";
import { expectAnnounced, expectNoTrap, expectOrder, expectSeen, focused, focusNow, pressUntil, typeNext } from "./keyboard";

// The main flows on the English site by keyboard alone (issue 31, item 2): Tab and Shift+Tab to move,
// Enter and Space to act, typing and arrow keys in fields, Escape to close. No clicks and no fill():
// every value is typed into the control the Tab key reached.

const manager: SeedUser = { email: "kb.manager@onward.test", password: "keyboard manager pass", name: "Kamal Manager", role: "manager" };
const consultant: SeedUser = {
  email: "kb.consultant@onward.test",
  password: "keyboard consultant pass",
  name: "Rumana Akter",
  role: "student",
};
const student: SeedUser = { email: "kb.student@onward.test", password: "keyboard student pass", name: "Keya Student", role: "student" };
const uploader: SeedUser = { email: "kb.uploader@onward.test", password: "keyboard uploader pass", name: "Upol Uploader", role: "student" };

const { app, smtp } = setUpAppWithMail({ users: [manager, consultant, student, uploader] });

test("a visitor signs up by keyboard and lands signed in from the e-mail's link", async ({ page }) => {
  await page.goto(app.url("/signup"));
  const order = await pressUntil(page, "Name");
  await page.keyboard.type("Tahmina Rahman");
  await typeNext(page, "Email", "tahmina@example.com", order);
  await typeNext(page, "Password", "kite river lantern", order);
  await typeNext(page, /^Confirm password/, "kite river lantern", order);
  order.push(...(await pressUntil(page, "Sign Up", { max: 3 })));
  expectOrder(order, ["Name", "Email", "Password", "Confirm password", "Sign Up"]);
  await expectNoTrap(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(app.url("/signup/check-email"));
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();

  // The link is opened from the mail program (outside this page), which signs the person in.
  const mail = await smtp.waitFor("tahmina@example.com", 5_000);
  await page.goto(firstLink(mail.raw, "/verify-email?token="));
  await expectAnnounced(page.getByTestId("toast"), "Account created successfully");
  await expect(page).toHaveURL(app.url("/"));
  await expect(page.getByRole("button", { name: "LOG OUT" }).first()).toBeAttached();
});

test("sending the sign-up form with an empty required field puts focus on that field, which says why", async ({ page }) => {
  await page.goto(app.url("/signup"));
  await pressUntil(page, "Name");
  // The name is left empty; the rest is filled in.
  await typeNext(page, "Email", "empty.name@example.com", []);
  await typeNext(page, "Password", "kite river lantern", []);
  await typeNext(page, /^Confirm password/, "kite river lantern", []);
  await pressUntil(page, "Sign Up", { max: 3 });
  await page.keyboard.press("Enter");
  const name = page.getByLabel("Name", { exact: true });
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  // Its error is its description, read out as focus arrives.
  await expect(name).toHaveAccessibleDescription("Enter your name");
  expectSeen(await focusNow(page), "on the field in error");
  await expect(page).toHaveURL(app.url("/signup"));
});

test("a student filters the finder by keyboard, submits, and shortlists a university with the heart", async ({ page }) => {
  await signInAs(page, app.url("/login?redirectTo=/find-university"), student);
  const order = await pressUntil(page, "Country");
  // Typing a name on a closed select chooses the option it starts (the results follow at once).
  await page.keyboard.type("Japan");
  await expect(page).toHaveURL(/country=Japan/);
  await expect(focused(page)).toHaveAccessibleName("Country");
  order.push(...(await pressUntil(page, "Filter By Type", { max: 2 })));
  await page.keyboard.type("Private");
  await expect(page).toHaveURL(/country=Japan&type=Private/);
  order.push(...(await pressUntil(page, "Search", { max: 10 })));
  expectOrder(order, ["University", "Country", "Filter By Type", "Search"]);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/country=Japan&type=Private/);
  await expect(page.getByRole("list", { name: "Universities" }).getByRole("heading", { level: 2, name: "Keio University" })).toBeVisible();

  const heart = page.getByRole("button", { name: "Shortlist Keio University" });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await pressUntil(page, "Shortlist Keio University");
  await page.keyboard.press("Space");
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expectAnnounced(page.getByTestId("toast"), "Keio University is on your shortlist");
  // Focus stays on the heart, so the next key press acts from there.
  await expect(heart).toBeFocused();
  expectSeen(await focusNow(page), "on the heart after shortlisting");
  await page.keyboard.press("Enter");
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await expectAnnounced(page.getByTestId("toast"), "Keio University was taken off your shortlist");
  await expect(heart).toBeFocused();
  await expectNoTrap(page);
});

/** The 15 documents as small files: PDFs for the transcript and the bank statement, PNG scans for the rest. */
async function documentFiles() {
  const files = new Map<string, { name: string; mimeType: string; buffer: Buffer }>();
  for (const [index, { field }] of applicationDocuments.entries()) {
    files.set(
      field,
      field === "bankStatement" || field === "bachelorHonoursTranscript"
        ? { name: `${field}.pdf`, mimeType: "application/pdf", buffer: tinyPdf(field) }
        : { name: `${field}.png`, mimeType: "image/png", buffer: await tinyPng(`#${(0x223344 + index * 0x0a0a0a).toString(16)}`) },
    );
  }
  return files;
}

test("a student applies by keyboard: every field and document reached by Tab, the form sent with Enter", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, app.url("/login?redirectTo=/apply"), student);
  const order = await pressUntil(page, "Destination country");
  await page.keyboard.type("Germany");
  await expect(focused(page)).toHaveValue("Germany");
  for (const [label, value] of [
    ["University", "Technical University of Munich"],
    ["Your full name", "Keya Student"],
    ["Address", "House 12, Road 5, Dhanmondi, Dhaka"],
    ["Father's name", "Abdul Karim"],
    ["Mother's name", "Salma Begum"],
    ["Sponsor's name", "Abdul Karim"],
  ] as const) {
    await typeNext(page, label, value, order);
    // The university field suggests names in a list; Escape closes it so Tab moves on.
    if (label === "University") await page.keyboard.press("Escape");
  }
  const files = await documentFiles();
  for (const { field, label } of applicationDocuments) {
    order.push(...(await pressUntil(page, label, { max: 3 })));
    // A keyboard user opens the system's file dialog with Enter or Space on the focused input; Playwright
    // cannot drive that dialog, so the file is set on the input that has focus, as choosing it would.
    await focused(page).setInputFiles(files.get(field) as { name: string; mimeType: string; buffer: Buffer });
    await expect(page.locator(`[data-uploaded="${field}"]`)).toContainText(files.get(field)?.name ?? "");
    // Uploaded, the document offers Replace, which takes the focus; the next Tab goes on from there.
    const replace = `Replace the ${label.toLowerCase()}`;
    await expect.poll(async () => (await focusNow(page))?.name, `focus moves to "${replace}"`).toBe(replace);
    order.push(replace);
  }
  order.push(...(await pressUntil(page, "Submit application", { max: 3 })));
  expectOrder(order, [
    "Destination country",
    "University",
    "Your full name",
    "Address",
    "Father's name",
    "Mother's name",
    "Sponsor's name",
    ...applicationDocuments.map(({ label }) => label),
    "Submit application",
  ]);
  await expectNoTrap(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/my-applications\/[0-9a-f-]{36}$/);
  await expectAnnounced(page.getByTestId("toast"), "Successfully applied");
  await expect(page.locator("[data-status]")).toHaveAttribute("data-status", "submitted");
});

test("a document chosen by keyboard keeps focus with it, and leaves no tab stop that cannot be seen", async ({ page }) => {
  // The focused file input is disabled while its file goes (focus would fall to <body>) and hidden
  // after: focus moves to the Replace button that takes its place, and the hidden input leaves the tab order.
  await signInAs(page, app.url("/login?redirectTo=/apply"), uploader);
  const [first] = applicationDocuments;
  if (!first) throw new Error("no documents");
  await pressUntil(page, first.label);
  // As in the flow above: the focused input gets the file the system's dialog would have given it.
  await focused(page).setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: await tinyPng("#336699") });
  await expect(page.locator(`[data-uploaded="${first.field}"]`)).toContainText("passport.png");
  await expect
    .poll(async () => (await focusNow(page))?.name, "focus moves to the uploaded document's Replace button")
    .toBe(`Replace the ${first.label.toLowerCase()}`);
  // Back over the document's own tab stops: each one can be seen.
  for (let press = 0; press < 3; press++) {
    await page.keyboard.press("Shift+Tab");
    expectSeen(await focusNow(page), "going back over an uploaded document");
  }
});

test("a student books a slot in the dialog by keyboard: focus moves in, Escape closes it and focus returns", async ({ page, browser }) => {
  // A consultant with two free slots three days ahead, made through the dashboard's own forms.
  await (await consultantWithSlots(browser, app, { manager, consultant, daysAhead: 3, times: ["10:00", "11:00"] })).context().close();

  await signInAs(page, app.url("/login?redirectTo=/book-appointment?country=Finland"), student);
  const opener = page.getByRole("link", { name: `Book Appointment with ${consultant.name}` });
  const dialog = page.getByRole("dialog", { name: /Book Appointment/ });
  const order = await pressUntil(page, `Book Appointment with ${consultant.name}`);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  // Focus moves into the dialog as it opens; Escape closes it and gives focus back to the link that opened it.
  expect(await page.evaluate(() => document.querySelector("dialog")?.contains(document.activeElement))).toBe(true);
  expectSeen(await focusNow(page), "in the opened dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expectSeen(await focusNow(page), "on the link after the dialog closed");

  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel("Slot").locator("option")).toHaveCount(3);
  order.push(...(await pressUntil(page, "Slot", { max: 3 })));
  // Down on a closed select chooses the next option: the first free slot.
  await page.keyboard.press("ArrowDown");
  await expect(focused(page)).toHaveValue(/.+/);
  order.push(...(await pressUntil(page, "Name", { max: 2 })));
  await expect(focused(page)).toHaveValue(student.name);
  order.push(...(await pressUntil(page, "Email", { max: 2 })));
  await expect(focused(page)).toHaveValue(student.email);
  await typeNext(page, "Phone", "+880 1711 000000", order);
  await typeNext(page, "Address", "House 1, Road 2, Dhanmondi, Dhaka", order);
  order.push(...(await pressUntil(page, "Book Appointment", { max: 2 })));
  // (The dialog's Close button had focus as it opened: the first Tab goes on from there.)
  expectOrder(order, [`Book Appointment with ${consultant.name}`, "Slot", "Name", "Email", "Phone", "Address", "Book Appointment"]);
  // Tab stays in the open dialog (it is modal) and moves on within it: Shift+Tab comes back.
  await expectNoTrap(page);
  expect(await page.evaluate(() => document.querySelector("dialog")?.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/my-bookings/);
  await expectAnnounced(page.getByTestId("toast"), "Appointment Booked Successfully");
  await expect(page.locator("[data-booking]")).toHaveAttribute("data-status", "pending");
});

test("the student cancels that booking by keyboard from their bookings, and focus stays with it", async ({ page }) => {
  // The Cancel booking button goes away with the cancellation: the booking's card takes its focus
  // (the action's redirect names it, app/root.tsx focuses it), so the next Tab goes on from there.
  // The booking is the one the test above made.
  await signInAs(page, app.url("/login?redirectTo=/dashboard/my-bookings"), student);
  const booking = page.locator("[data-booking]");
  await expect(booking).toHaveAttribute("data-status", "pending");
  // Cancelling asks first in the browser's own confirm box, which a keyboard user answers with Enter;
  // Playwright answers that box for them.
  page.once("dialog", (question) => question.accept());
  await pressUntil(page, `Cancel booking with ${consultant.name}`);
  await page.keyboard.press("Enter");
  await expectAnnounced(page.getByTestId("toast"), "Booking cancelled successfully");
  await expect(booking).toHaveAttribute("data-status", "cancelled");
  const after = await focusNow(page);
  expectSeen(after, "after cancelling");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("data-booking"))).not.toBeNull();
  // The card is a focus target, not a tab stop: Tab goes on to what follows it, not back to the page's start.
  await page.keyboard.press("Tab");
  expect(
    await page.evaluate(() => {
      const card = document.querySelector("[data-booking]");
      const next = document.activeElement;
      return Boolean(card && next && next !== document.body && card.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING);
    }),
    "Tab after cancelling goes on from the booking",
  ).toBe(true);
});

test("a toast does not hide the control a keyboard user moves to", async ({ page }) => {
  // The "Please sign in" toast stands over the page's header for six seconds while Tab goes through the header to
  // the form. It covers the middle of some header links (WCAG 2.4.12, AAA) but never a whole one (2.4.11, AA).
  await page.goto(app.url("/apply"));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fapply/);
  await expectAnnounced(page.getByTestId("toast"), "Please sign in to see this feature.", "status");
  const order = await pressUntil(page, "Email");
  await typeNext(page, "Password", "not a password", order);
  await expectNoTrap(page);
});
