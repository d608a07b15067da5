import { type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { applicationDocuments } from "~/lib/applications";
import { phonePhoto, postedFiles, tinyPdf, tinyPng } from "../support/applications";
import { type SeedUser, setUpAppWithMail, signInAs } from "./app";
import { expectAccessible } from "./axe";

const student: SeedUser = { email: "case.student@onward.test", password: "casework student pass", name: "Case Student", role: "student" };
const consultant: SeedUser = {
  email: "case.consultant@onward.test",
  password: "casework consultant pass",
  name: "Case Consultant",
  role: "consultant",
};
const manager: SeedUser = { email: "case.manager@onward.test", password: "casework manager pass", name: "Case Manager", role: "manager" };

const { app, smtp } = setUpAppWithMail({ users: [student, consultant, manager] });

async function signedIn(browser: Browser, user: SeedUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, app.url("/login"), user);
  return page;
}

/** The subjects of the mail `address` received so far. */
function subjectsTo(address: string): string[] {
  return smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => /Subject: (.*)/.exec(mail.raw)?.[1]?.trim() ?? "");
}

async function expectMail(address: string, subject: string) {
  await expect.poll(() => subjectsTo(address), { timeout: 10_000, message: `${subject} to ${address}` }).toContain(subject);
}

/** Applies as the form does without JavaScript: the text and the 15 documents in one multipart post. */
async function apply(page: Page): Promise<string> {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    countryName: "Germany",
    universityName: "Technical University of Munich",
    name: "Farhana Akter",
    address: "House 3, Road 2, Mirpur, Dhaka",
    fatherName: "Abul Hossain",
    motherName: "Rokeya Begum",
    sponsorName: "Abul Hossain",
  };
  for (const [index, { field }] of applicationDocuments.entries()) {
    multipart[field] =
      field === "bankStatement"
        ? { name: "bank-statement.pdf", mimeType: "application/pdf", buffer: tinyPdf("blurred statement") }
        : { name: `${field}.png`, mimeType: "image/png", buffer: await tinyPng(`#${(0x335577 + index * 0x0a0a0a).toString(16)}`) };
  }
  const response = await page.request.post(app.url("/apply"), { multipart, maxRedirects: 0 });
  expect(response.status()).toBe(303);
  const location = response.headers().location ?? "";
  expect(location).toMatch(/^\/dashboard\/my-applications\/[0-9a-f-]{36}$/);
  return location.split("/").pop() as string;
}

test("casework: assigned by a manager, a document asked for again and replaced, two messages, completed, and reopened only by a manager", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const studentPage = await signedIn(browser, student);
  const id = await apply(studentPage);
  const staffPath = `/dashboard/applications/${id}`;
  const ownPath = `/dashboard/my-applications/${id}`;

  // A manager assigns it; the consultant is e-mailed, and finds it on "Assigned to me", their list's default.
  const managerPage = await signedIn(browser, manager);
  await managerPage.goto(app.url(staffPath));
  await managerPage.getByLabel("Assign to").selectOption({ label: consultant.name });
  await managerPage.getByRole("button", { name: "Assign" }).click();
  await expect(managerPage.getByTestId("toast")).toContainText("Application assigned");
  await expect(managerPage.getByRole("list", { name: "Timeline" })).toContainText(`Assigned to ${consultant.name}`);
  await expectMail(consultant.email, "An application was assigned to you: Farhana Akter");

  const consultantPage = await signedIn(browser, consultant);
  await consultantPage.goto(app.url("/dashboard/applications"));
  await expect(consultantPage.getByLabel("Whose")).toHaveValue("me");
  await consultantPage
    .getByRole("link", { name: /View application/ })
    .first()
    .click();
  await expect(consultantPage).toHaveURL(app.url(staffPath));

  // The consultant asks for a new copy of the bank statement, with the reason the student reads.
  const statement = consultantPage.locator("#document-bankStatement");
  await statement.getByRole("link", { name: "Review the Bank statement" }).click();
  await expectAccessible(consultantPage);
  await statement.getByLabel("Reason for a new copy").fill("The statement is blurred: please scan it again, all pages.");
  await statement.getByRole("button", { name: "Needs a new copy" }).click();
  await expect(consultantPage.getByTestId("toast")).toContainText("A new copy of the bank statement was asked for");
  await expect(consultantPage.locator("[data-status]")).toHaveAttribute("data-status", "documents-requested");
  await expectMail(student.email, "Please send a new copy of your bank statement");

  // The student sees which document and why, and sends only that one again.
  await studentPage.goto(app.url(ownPath));
  await expect(studentPage.locator("[data-status]")).toHaveAttribute("data-status", "documents-requested");
  const asked = studentPage.locator('[data-document-state="needs-new-copy"]');
  await expect(asked).toHaveCount(1);
  await expect(asked).toContainText("Bank statement");
  await expect(asked).toContainText("The statement is blurred");
  await expectAccessible(studentPage);
  // A photo of the statement this time: the page makes it smaller before the post carries it.
  await studentPage
    .getByLabel("Bank statement", { exact: true })
    .setInputFiles({ name: "bank-statement-clear.jpg", mimeType: "image/jpeg", buffer: await phonePhoto() });
  let copy: { fileName: string; bytes: Buffer } | undefined;
  await studentPage.route(`**${ownPath}*`, async (route) => {
    const request = route.request();
    if (request.method() === "POST")
      copy = postedFiles(request.postDataBuffer() as Buffer, request.headers()["content-type"] ?? "").get("bankStatement");
    await route.continue();
  });
  await studentPage.getByRole("button", { name: "Send the new copies" }).click();
  await expect(studentPage.getByTestId("toast")).toContainText("New copy sent");
  await studentPage.unroute(`**${ownPath}*`);
  const copySize = await sharp(copy?.bytes).metadata();
  expect([copy?.fileName, copySize.width, copySize.height]).toEqual(["bank-statement-clear.jpg", 1333, 2000]);
  await expect(studentPage.locator("[data-status]")).toHaveAttribute("data-status", "processing");
  await expect(studentPage.locator('[data-document-state="needs-new-copy"]')).toHaveCount(0);
  await expectMail(consultant.email, "Farhana Akter sent new copies of documents");

  // They exchange two messages; each side is e-mailed a link, never the text, and the reader's menu counts it.
  await studentPage.getByLabel("Write to our team").fill("I sent the clear copy. Is anything else missing? See https://example.org/notes.");
  await studentPage.getByRole("button", { name: "Send message" }).click();
  await expect(studentPage.getByTestId("toast")).toContainText("Message sent");
  await expectMail(consultant.email, "New message about an application");
  await consultantPage.goto(app.url("/dashboard"));
  await expect(consultantPage.getByTestId("dashboard-menu")).toContainText("1 unread message");
  await consultantPage.goto(app.url(staffPath));
  const thread = consultantPage.getByRole("list", { name: "Messages" });
  await expect(thread).toContainText("I sent the clear copy.");
  await expect(thread.getByRole("link", { name: "https://example.org/notes" })).toHaveAttribute("rel", /nofollow/);
  await expectAccessible(consultantPage);
  await consultantPage.getByLabel("Write to the student").fill("Thank you, everything is here now.");
  await consultantPage.getByRole("button", { name: "Send message" }).click();
  await expect(consultantPage.getByTestId("toast")).toContainText("Message sent");
  await expect(consultantPage.getByTestId("dashboard-menu")).not.toContainText("unread");
  await expectMail(student.email, "New message about an application");
  expect(subjectsTo(student.email).join("\n")).not.toContain("Thank you");

  // The old copy stays in the document's history for staff; the consultant completes the application.
  await expect(consultantPage.locator("#document-bankStatement")).toContainText("Earlier copies (1)");
  consultantPage.on("dialog", (dialog) => dialog.accept());
  await consultantPage.getByRole("button", { name: "Complete" }).click();
  await expect(consultantPage.getByTestId("toast")).toContainText("Application completed successfully");
  await expect(consultantPage.locator("[data-status]")).toHaveAttribute("data-status", "completed");
  await expectMail(student.email, "Your application is now Completed");

  // A consultant may not reopen it (409, nothing changes); a manager may, with a reason.
  await expect(consultantPage.getByRole("button", { name: "Reopen" })).toHaveCount(0);
  const refused = await consultantPage.request.post(app.url(staffPath), { form: { intent: "reopen", reason: "One more look" } });
  expect(refused.status()).toBe(409);
  await studentPage.goto(app.url(ownPath));
  await expect(studentPage.getByText("Thank you, everything is here now.")).toBeVisible();
  await expect(studentPage.locator("[data-status]")).toHaveAttribute("data-status", "completed");
  await managerPage.goto(app.url(staffPath));
  await managerPage.getByLabel("Why reopen it?").fill("The university asked for a newer bank statement.");
  await managerPage.getByRole("button", { name: "Reopen" }).click();
  await expect(managerPage.getByTestId("toast")).toContainText("Application reopened");
  await expect(managerPage.locator("[data-status]")).toHaveAttribute("data-status", "processing");
  await expectMail(student.email, "Your application is now Processing");
});
