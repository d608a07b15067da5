import { type Browser, expect, type Page, test } from "@playwright/test";
import { applicationForm } from "../support/applications";
import { type SeedUser, setUpAppWithMail, signInAs } from "./app";
import { consultantWithSlots } from "./consultants";
import { expectAnnounced, expectNoTrap, expectSeen, focused, focusNow, pressUntil, skipToContent, typeNext } from "./keyboard";
import { farhana, memberPhoto } from "./members";

// The staff's flows by keyboard alone (issue 31, item 2), as keyboard.spec.ts does the students':
// Tab and Shift+Tab to move, Enter to act, typing in fields; no clicks and no fill(). What the
// student does first (applying, booking) is set up through the product's own forms, posted.

const manager: SeedUser = { email: "skb.manager@onward.test", password: "staff keyboard manager", name: "Mitu Manager", role: "manager" };
const consultant: SeedUser = {
  email: "skb.consultant@onward.test",
  password: "staff keyboard consultant",
  name: "Rumana Akter",
  role: "student",
};
const student: SeedUser = { email: "skb.student@onward.test", password: "staff keyboard student", name: "Nusrat Jahan", role: "student" };

const { app } = setUpAppWithMail({ users: [manager, consultant, student] });

/** A page of its own signed in as `user` (close its context after). */
async function signedIn(browser: Browser, user: SeedUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, app.url("/login"), user);
  return page;
}

/** The element that has focus is the one with this id (a focus target such as a card, not a tab stop). */
async function expectFocusOn(page: Page, id: string) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.id), `focus is on #${id}`).toBe(id);
  expectSeen(await focusNow(page), `on #${id}`);
}

test("a manager asks for a new copy of a document and then processes the application, by keyboard", async ({ page, browser }) => {
  // The student applies with the whole form in one post, as the form does without JavaScript.
  const applicant = await signedIn(browser, student);
  const applied = await applicant.request.post(app.url("/apply"), { multipart: await applicationForm(), maxRedirects: 0 });
  expect(applied.status()).toBe(303);
  const id = (applied.headers().location ?? "").split("/").pop() ?? "";
  await applicant.context().close();

  await signInAs(page, app.url(`/login?redirectTo=/dashboard/applications/${id}`), manager);
  const statement = page.locator("#document-bankStatement");
  await expect(statement).toHaveAttribute("data-document-state", "received");
  await skipToContent(page);
  await pressUntil(page, "Review the Bank statement");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\?review=bankStatement#document-bankStatement$/);
  // The Review link gives way to the form: its document takes the focus, and the next Tab goes on from there.
  await expectFocusOn(page, "document-bankStatement");
  const reason = page.getByLabel("Reason for a new copy");
  await pressUntil(page, "Reason for a new copy", { max: 3 });
  await expect(reason).toHaveAccessibleDescription("The student reads this.");
  // Asked for without a reason, the server refuses: focus goes to the reason, whose error is now its description.
  await pressUntil(page, "Needs a new copy", { max: 3 });
  await expect(focused(page)).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("Enter");
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(reason).toHaveAccessibleDescription("Say what is wrong with it: the student reads this.");
  expectSeen(await focusNow(page), "on the reason in error");
  await page.keyboard.type("The statement is cut off at the bottom: please scan all of it.");
  await pressUntil(page, "Needs a new copy", { max: 3 });
  await expectNoTrap(page);
  await page.keyboard.press("Enter");
  await expectAnnounced(page.getByTestId("toast"), "A new copy of the bank statement was asked for");
  await expect(statement).toHaveAttribute("data-document-state", "needs-new-copy");
  await expect(statement).toContainText("The statement is cut off at the bottom");
  await expect(page.locator("[data-status]")).toHaveAttribute("data-status", "documents-requested");
  // The form closed with the change: focus is back on the document, not lost to the page.
  await expectFocusOn(page, "document-bankStatement");

  // The status: a note for the timeline, then Process, which asks first (the browser's confirm box, which
  // a keyboard user answers with Enter; Playwright answers it for them).
  await pressUntil(page, /^Note for the timeline/);
  await page.keyboard.type("Your papers went to the university today.");
  const questions: string[] = [];
  page.once("dialog", (dialog) => {
    questions.push(dialog.message());
    return dialog.accept();
  });
  await pressUntil(page, "Process", { max: 3 });
  await expect(focused(page)).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("Enter");
  await expectAnnounced(page.getByTestId("toast"), "Application processed successfully");
  expect(questions).toEqual(["Are you sure you want to process this application?"]);
  await expect(page.locator("[data-status]")).toHaveAttribute("data-status", "processing");
  await expect(page.getByRole("list", { name: "Timeline" })).toContainText("Your papers went to the university today.");
  await expect(page.getByRole("button", { name: "Process" })).toHaveAttribute("aria-pressed", "true");
  // The pressed button was disabled while the change went: the status card's heading takes its focus (a focus
  // target, not a tab stop), and Tab goes on from there to the note.
  await expectFocusOn(page, "status");
  await pressUntil(page, /^Note for the timeline/, { max: 1 });
  // The note went with the change: the box is empty again, so the next status or note cannot send it twice.
  await expect(focused(page)).toHaveValue("");
  await expectNoTrap(page);
});

test("a consultant accepts a booking by keyboard, and focus stays with it", async ({ browser }) => {
  // The consultant (added by the manager) with a free slot; the student books it with the booking page's form.
  const page = await consultantWithSlots(browser, app, { manager, consultant, daysAhead: 2, times: ["15:00"] });
  const booker = await signedIn(browser, student);
  const list = await (await booker.request.get(app.url("/book-appointment?country=Finland"))).text();
  const consultantId = /href="\/book-appointment\/([0-9a-f-]{36})"/.exec(list)?.[1];
  const form = await (await booker.request.get(app.url(`/book-appointment/${consultantId}`))).text();
  const slot = /<option value="([0-9a-f-]{36})"/.exec(form)?.[1];
  const booked = await booker.request.post(app.url(`/book-appointment/${consultantId}`), {
    form: { slot: slot ?? "", name: student.name, email: student.email, phone: "+880 1711 000000", address: "Mirpur, Dhaka" },
    maxRedirects: 0,
  });
  expect(booked.status()).toBe(303);
  await booker.context().close();

  await page.goto(app.url("/dashboard/my-appointments"));
  const booking = page.locator("[data-booking]");
  await expect(booking).toHaveAttribute("data-status", "pending");
  page.once("dialog", (question) => question.accept());
  await pressUntil(page, `Accept the booking of ${student.name}`);
  await page.keyboard.press("Enter");
  await expectAnnounced(page.getByTestId("toast"), "Booking accepted successfully");
  await expect(booking).toHaveAttribute("data-status", "accepted");
  // Accept went away with the change: the booking's card takes its focus, and Tab goes on from it.
  await expectFocusOn(page, `booking-${await booking.getAttribute("data-booking")}`);
  await pressUntil(page, `Complete the booking of ${student.name}`, { max: 4 });
  await expectNoTrap(page);
  await page.context().close();
});

test("a manager edits a networking member by keyboard: a field left empty is named, and the change is saved", async ({ page }) => {
  await signInAs(page, app.url("/login?redirectTo=/dashboard/manage-networking-member"), manager);
  const added = await page.request.post(app.url("/dashboard/add-new-networking-member"), {
    multipart: {
      ...farhana,
      profile: { name: "farhana.jpg", mimeType: "image/jpeg", buffer: await memberPhoto(96) },
    },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
  await page.reload();

  await skipToContent(page);
  await pressUntil(page, `Update ${farhana.name}`);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/networkings\/[^/]+$/);
  // (The address changes as the navigation starts: the keys wait for the page that follows.)
  await expect(page.getByRole("heading", { level: 1, name: "Edit Networking Member" })).toBeVisible();
  await pressUntil(page, "City");
  const city = page.getByLabel("City", { exact: true });
  await expect(city).toHaveValue("Espoo");
  // The city is cleared and left: it says at once what is wrong.
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Backspace");
  await typeNext(page, "Profession", "Data Scientist", []);
  await expect(city).toHaveAttribute("aria-invalid", "true");
  await expect(city).toHaveAccessibleDescription("This field is required");
  // Typing a name on a closed select chooses it.
  await pressUntil(page, "Location", { max: 2 });
  await page.keyboard.type("Canada");
  await expect(focused(page)).toHaveValue("Canada");
  await pressUntil(page, "Save");
  await page.keyboard.press("Enter");
  // Refused in the browser: focus goes to the field in error, whose error is read as its description.
  await expect(city).toBeFocused();
  expectSeen(await focusNow(page), "on the field in error");
  await expect(city).toHaveAccessibleDescription("This field is required");
  await page.keyboard.type("Toronto");
  await expect(city).not.toHaveAttribute("aria-invalid", "true");
  await pressUntil(page, "Save");
  await expectNoTrap(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(app.url("/dashboard/manage-networking-member"));
  await expectAnnounced(page.getByTestId("toast"), "Networking member updated successfully");
  const card = page.getByRole("list", { name: "Networking members" }).getByRole("listitem").filter({ hasText: farhana.name });
  await expect(card).toContainText("Data Scientist, Aalto University · Toronto, Canada");
});
