import { type Browser, expect, type Page, test } from "@playwright/test";
import { applicationDocuments } from "~/lib/applications";
import { tinyPdf, tinyPng } from "../support/applications";
import { expectNoSidewaysScroll, type SeedUser, setUpAppWithMail, signInAs } from "./app";
import { expectAccessible } from "./axe";

const student: SeedUser = { email: "apply.student@onward.test", password: "applying student pass", name: "Apply Student", role: "student" };
const other: SeedUser = { email: "other.student@onward.test", password: "another student pass", name: "Other Student", role: "student" };
const offline: SeedUser = { email: "nojs.student@onward.test", password: "no script student pass", name: "Plain Student", role: "student" };
const consultant: SeedUser = {
  email: "apply.consultant@onward.test",
  password: "applying consultant pass",
  name: "Apply Consultant",
  role: "consultant",
};

const { app, smtp } = setUpAppWithMail({ users: [student, other, offline, consultant] });

/** The 15 documents as real small files: PDFs for the transcript and the bank statement, PNG scans for the rest. */
async function documentFiles() {
  const files: Record<string, { name: string; mimeType: string; buffer: Buffer }> = {};
  for (const [index, { field }] of applicationDocuments.entries()) {
    files[field] =
      field === "bankStatement" || field === "bachelorHonoursTranscript"
        ? { name: `${field}.pdf`, mimeType: "application/pdf", buffer: tinyPdf(field) }
        : { name: `${field}.png`, mimeType: "image/png", buffer: await tinyPng(`#${(0x223344 + index * 0x0a0a0a).toString(16)}`) };
  }
  return files;
}

async function fillText(page: Page) {
  await page.getByLabel("Destination country").selectOption("Germany");
  await page.getByLabel("University", { exact: true }).fill("Technical University of Munich");
  await page.getByLabel("Your full name").fill("Nusrat Jahan");
  await page.getByLabel("Address").fill("House 12, Road 5, Dhanmondi, Dhaka");
  await page.getByLabel("Father's name").fill("Abdul Karim");
  await page.getByLabel("Mother's name").fill("Salma Begum");
  await page.getByLabel("Sponsor's name").fill("Abdul Karim");
}

async function signedIn(browser: Browser, user: SeedUser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInAs(page, app.url("/login"), user);
  return { context, page };
}

test("a student applies with 15 documents, a consultant processes and completes it, and the student follows both by e-mail and in the timeline", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { page } = await signedIn(browser, student);
  await page.goto(app.url("/apply"));
  await fillText(page);
  const files = await documentFiles();
  for (const { field, label } of applicationDocuments) {
    await page.getByLabel(label, { exact: true }).setInputFiles(files[field] as { name: string; mimeType: string; buffer: Buffer });
    // Each document uploads at once and shows as uploaded, with a Replace button.
    await expect(page.locator(`[data-uploaded="${field}"]`)).toContainText(files[field]?.name ?? "");
  }
  await expect(page.getByRole("button", { name: /^Replace/ })).toHaveCount(15);
  await expectAccessible(page);
  // A double click submits once.
  await page.getByRole("button", { name: "Submit application" }).dblclick();
  await expect(page.getByText("Successfully applied")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-applications\/[0-9a-f-]{36}$/);
  const applicationUrl = new URL(page.url()).pathname;
  const id = applicationUrl.split("/").pop() as string;
  await expect(page.locator("[data-status]")).toHaveAttribute("data-status", "submitted");
  await expectAccessible(page);
  await page.goto(app.url("/dashboard/my-applications"));
  const cards = page.getByRole("list", { name: "Applications" }).getByRole("listitem");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Technical University of Munich");
  await expect(cards.first().locator("[data-status]")).toHaveAttribute("data-status", "submitted");

  // The consultant finds it, opens a document and sets Processing, then Completed, each after the question.
  const staff = await signedIn(browser, consultant);
  await staff.page.goto(app.url("/dashboard/applications?q=Nusrat"));
  await staff.page
    .getByRole("link", { name: /View application/ })
    .first()
    .click();
  await expect(staff.page).toHaveURL(app.url(`/dashboard/applications/${id}`));
  await expectAccessible(staff.page);
  // The document's own link (its card also has a Review link).
  const documentLink = staff.page
    .locator("#document-bankStatement")
    .getByRole("link", { name: /Bank statement/ })
    .first();
  await expect(documentLink).toHaveAttribute("href", `/dashboard/applications/${id}/documents/bankStatement`);
  const viewed = await staff.page.request.get(app.url(`/dashboard/applications/${id}/documents/bankStatement`));
  expect(viewed.status()).toBe(200);
  expect(viewed.headers()["content-type"]).toBe("application/pdf");
  expect((await viewed.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const questions: string[] = [];
  staff.page.on("dialog", (dialog) => {
    questions.push(dialog.message());
    return dialog.accept();
  });
  await staff.page.getByLabel(/Note for the timeline/).fill("We have sent your papers to the university.");
  await staff.page.getByRole("button", { name: "Process" }).click();
  await expect(staff.page.getByText("Application processed successfully")).toBeVisible();
  await expect(staff.page.locator("[data-status]")).toHaveAttribute("data-status", "processing");
  await staff.page.getByRole("button", { name: "Complete" }).click();
  await expect(staff.page.getByText("Application completed successfully")).toBeVisible();
  await expect(staff.page.locator("[data-status]")).toHaveAttribute("data-status", "completed");
  expect(questions).toEqual(["Are you sure you want to process this application?", "Are you sure you want to complete this application?"]);

  // The student sees both changes in the timeline, and two e-mails reached them.
  await page.goto(app.url(applicationUrl));
  const timeline = page.getByRole("list", { name: "Timeline" });
  await expect(timeline).toContainText("Submitted → Processing");
  await expect(timeline).toContainText("Processing → Completed");
  await expect(timeline).toContainText("We have sent your papers to the university.");
  await expect(page.locator("[data-status]")).toHaveAttribute("data-status", "completed");
  await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(student.email)).length, { timeout: 10_000 }).toBe(2);
  const subjects = smtp.received
    .filter((mail) => mail.to.includes(student.email))
    .map((mail) => /Subject: (.*)/.exec(mail.raw)?.[1]?.trim());
  expect(subjects.sort()).toEqual(["Your application is now Completed", "Your application is now Processing"]);

  // Another student: the same 404 on the application and on every document address.
  const stranger = await signedIn(browser, other);
  for (const path of [
    applicationUrl,
    `/dashboard/my-applications/${id}/documents/passport`,
    `/dashboard/applications/${id}/documents/passport`,
  ]) {
    const response = await stranger.page.goto(app.url(path));
    expect(response?.status(), path).toBe(404);
  }
  expect((await stranger.page.request.post(app.url(`/dashboard/applications/${id}`), { form: { status: "rejected" } })).status()).toBe(403);
  await stranger.context.close();
  await staff.context.close();
});

test("without JavaScript, the whole form is one post: a refused one keeps the valid documents in the draft, and the next post submits", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { page, context } = await signedIn(browser, offline, false);
  await page.goto(app.url("/apply?university=queens-university-belfast"));
  await expect(page.getByLabel("Destination country")).toHaveValue("UK");
  await expect(page.getByLabel("University", { exact: true })).toHaveValue("Queen's University Belfast");
  await page.getByLabel("Your full name").fill("Plain Student");
  await page.getByLabel("Address").fill("Sylhet");
  await page.getByLabel("Father's name").fill("A. Rahman");
  await page.getByLabel("Mother's name").fill("R. Begum");
  const files = await documentFiles();
  for (const { field, label } of applicationDocuments) {
    if (field === "currentBillCopy") continue;
    await page.getByLabel(label, { exact: true }).setInputFiles(files[field] as { name: string; mimeType: string; buffer: Buffer });
  }
  await page.getByRole("button", { name: "Submit application" }).click();
  await expect(page.getByRole("alert").first()).toHaveText("Please provide valid information");
  await expect(page.getByText("Choose a file", { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expect(page.getByLabel("Father's name")).toHaveValue("A. Rahman");
  // The 14 documents sent are kept: nothing has to be chosen twice.
  await expect(page.locator("[data-uploaded]")).toHaveCount(14);

  await page.getByLabel("Sponsor's name").fill("A. Rahman");
  await page
    .getByLabel("Current bill copy", { exact: true })
    .setInputFiles(files.currentBillCopy as { name: string; mimeType: string; buffer: Buffer });
  await page.getByRole("button", { name: "Submit application" }).click();
  await expect(page.getByText("Successfully applied")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-applications\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("list", { name: "Documents" }).getByRole("link")).toHaveCount(15);
  await context.close();
});
