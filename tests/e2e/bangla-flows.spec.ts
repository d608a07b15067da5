import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import ICAL from "ical.js";
import { applicationDocuments } from "~/lib/applications";
import { tinyPdf, tinyPng } from "../support/applications";
import { firstLink } from "../support/smtp";
import { type SeedUser, setUpAppWithMail } from "./app";
import { axeViolations, expectAccessible } from "./axe";
import { bengali, bengaliShare } from "./bangla-text";
import { consultantWithSlots } from "./consultants";

// A student's whole way through the Bangla site, in order: each step builds on the one before.
const manager: SeedUser = { email: "bn.manager@onward.test", password: "bangla flows manager", name: "Mahmud Manager", role: "manager" };
const consultant: SeedUser = {
  email: "bn.consultant@onward.test",
  password: "bangla flows consultant",
  name: "Rumana Akter",
  role: "student",
};
const student = { name: "Nusrat Jahan", email: "nusrat.bn@example.com", password: "rickshaw monsoon tea" };

const { app, smtp } = setUpAppWithMail({ users: [manager, consultant] });
test.describe.configure({ mode: "serial" });

/** The student's browser, kept from the sign-up to the booking: they never sign in again. */
let context: BrowserContext;
let page: Page;
test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
});
test.afterAll(async () => {
  await context.close();
});

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

test("a student signs up on /bn/signup, confirms from the Bangla e-mail and lands signed in on a Bangla page", async () => {
  await page.goto(app.url("/bn/signup"));
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expectAccessible(page);
  await page.getByLabel("নাম").fill(student.name);
  await page.getByLabel("ই-মেইল").fill(student.email);
  // The server's refusal comes in Bangla, beside its field, and what was typed stays.
  await page.getByLabel("পাসওয়ার্ড", { exact: true }).fill("onward123");
  await page.getByLabel("পাসওয়ার্ড আবার লিখুন").fill("onward123");
  await page.getByRole("button", { name: "সাইন আপ" }).click();
  await expect(page.getByText("পাসওয়ার্ডে “Onward” শব্দটি থাকতে পারবে না")).toBeVisible();
  await expect(page.getByLabel("ই-মেইল")).toHaveValue(student.email);
  await page.getByLabel("পাসওয়ার্ড", { exact: true }).fill(student.password);
  await page.getByLabel("পাসওয়ার্ড আবার লিখুন").fill(student.password);
  await page.getByRole("button", { name: "সাইন আপ" }).click();
  await expect(page).toHaveURL(app.url("/bn/signup/check-email"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("আপনার ই-মেইল দেখুন");
  await expectAccessible(page);

  const mail = decodeMail((await smtp.waitFor(student.email, 10_000)).raw);
  expectBangla(mail);
  await page.goto(firstLink(mail.raw, "/bn/verify-email?token="));
  await expect(page.getByTestId("toast")).toHaveText(/অ্যাকাউন্ট সফলভাবে খোলা হয়েছে/);
  await expect(page).toHaveURL(app.url("/bn"));
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(bengali);
  // Signed in: the dashboard opens, in Bangla.
  await page.goto(app.url("/bn/dashboard"));
  await expect(page).toHaveURL(app.url("/bn/dashboard"));
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expectAccessible(page);
});

test("the student applies in Bangla with 15 documents, sees the Bangla confirmation, and the application is on their Bangla dashboard", async () => {
  await page.goto(app.url("/bn/apply"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("আবেদন");
  await page.getByLabel("যে দেশে পড়তে চান").selectOption("Germany");
  await page.getByLabel("বিশ্ববিদ্যালয়", { exact: true }).fill("Technical University of Munich");
  await page.getByLabel("আপনার পুরো নাম").fill(student.name);
  await page.getByLabel("ঠিকানা").fill("বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা");
  await page.getByLabel("বাবার নাম").fill("আব্দুল করিম");
  await page.getByLabel("মায়ের নাম").fill("সালমা বেগম");
  await page.getByLabel("স্পনসরের নাম").fill("আব্দুল করিম");
  for (const [index, document] of applicationDocuments.entries()) {
    const file = ["bankStatement", "bachelorHonoursTranscript"].includes(document.field)
      ? { name: `${document.field}.pdf`, mimeType: "application/pdf", buffer: tinyPdf(document.field) }
      : { name: `${document.field}.png`, mimeType: "image/png", buffer: await tinyPng(`#${(0x223344 + index * 0x0a0a0a).toString(16)}`) };
    await page.getByLabel(document.labelIn("bn"), { exact: true }).setInputFiles(file);
    await expect(page.locator(`[data-uploaded="${document.field}"]`)).toContainText(`আপলোড হয়েছে: ${file.name}`);
  }
  await expect(page.getByRole("button", { name: /^বদলান/ })).toHaveCount(15);
  await expectAccessible(page);
  await page.getByRole("button", { name: "আবেদন জমা দিন" }).click();

  await expect(page.getByTestId("toast")).toHaveText(/আবেদন সফলভাবে জমা হয়েছে/);
  await expect(page).toHaveURL(/\/bn\/dashboard\/my-applications\/[0-9a-f-]{36}$/);
  await expect(page.locator("[data-status]")).toHaveAttribute("data-status", "submitted");
  await expect(page.locator("[data-status]")).toHaveText("জমা দেওয়া হয়েছে");
  await expect(page.getByRole("list", { name: "কাগজপত্র" }).getByRole("link")).toHaveCount(15);
  await expectAccessible(page);

  await page.goto(app.url("/bn/dashboard/my-applications"));
  const cards = page.getByRole("list", { name: "আবেদনসমূহ" }).getByRole("listitem");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Technical University of Munich");
  await expect(cards.first().locator("[data-status]")).toHaveText("জমা দেওয়া হয়েছে");
  await expectAccessible(page);
});

test("the student books a slot in Bangla, and the consultant's acceptance reaches them in Bangla with the invitation", async ({
  browser,
}) => {
  // A consultant with one free slot, two days ahead: the manager and the consultant post the dashboard's own forms.
  const staffPage = await consultantWithSlots(browser, app, { manager, consultant, daysAhead: 2, times: ["10:00"] });

  // The student finds the consultant for Finland and books in the dialog, everything in Bangla.
  await page.goto(app.url("/bn/book-appointment?country=Finland"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(bengali);
  await expect(page.getByRole("list", { name: "কনসালট্যান্টরা" })).toContainText("১টি খালি সময়");
  await expectAccessible(page);
  await page.getByRole("link", { name: `অ্যাপয়েন্টমেন্ট নিন (${consultant.name}-এর সঙ্গে)` }).click();
  const dialog = page.getByRole("dialog");
  const slots = dialog.getByLabel("সময়", { exact: true });
  await expect(slots.locator("option")).toHaveText(["একটি সময় বেছে নিন", /, ১০:০০ – ১০:৩০ \(Asia\/Dhaka\)$/]);
  expect(await axeViolations(page, { include: "dialog", tags: null })).toEqual([]);
  await slots.selectOption({ index: 1 });
  await dialog.getByLabel("ফোন").fill("+880 1711 000000");
  await dialog.getByLabel("ঠিকানা").fill("বাড়ি ১, রোড ২, ধানমন্ডি, ঢাকা");
  await dialog.getByRole("button", { name: "অ্যাপয়েন্টমেন্ট নিন" }).click();
  await expect(page.getByTestId("toast")).toHaveText(/অ্যাপয়েন্টমেন্ট বুক করা হয়েছে/);
  await expect(page).toHaveURL(/\/bn\/dashboard\/my-bookings\b/);
  const booking = page.locator("[data-booking]");
  await expect(booking).toHaveAttribute("data-status", "pending");
  await expect(booking).toContainText(/অপেক্ষমাণ .+, ১০:০০ – ১০:৩০ \(Asia\/Dhaka\)/);
  await expectAccessible(page);

  // The consultant accepts on their English page: the student's e-mail still comes in the student's language.
  await staffPage.goto(app.url("/dashboard/my-appointments"));
  staffPage.on("dialog", (question) => question.accept());
  const card = staffPage.locator("[data-booking]").filter({ hasText: student.name });
  await card.getByRole("button", { name: /^Accept/ }).click();
  await expect(card).toHaveAttribute("data-status", "accepted");
  await staffPage.context().close();

  await expect.poll(() => mailsTo(student.email).some((mail) => /method=REQUEST/i.test(mail.raw)), { timeout: 15_000 }).toBe(true);
  const invitation = decodeMail(mailsTo(student.email).find((mail) => /method=REQUEST/i.test(mail.raw))?.raw ?? "");
  expectBangla(invitation);
  expect(invitation.html).toContain('<html lang="bn">');
  expect(invitation.subject).toBe(`${consultant.name}-এর সঙ্গে আপনার অ্যাপয়েন্টমেন্ট নিশ্চিত হয়েছে`);
  expect(invitation.text).toMatch(/১০:০০ – ১০:৩০ \(Asia\/Dhaka\)/);
  // The invitation travels as a text/calendar part (which calendars act on) and as an attached invitation.ics.
  expect(invitation.raw).toMatch(/filename="?invitation\.ics"?/);
  const [vevent] = new ICAL.Component(ICAL.parse(invitation.calendar)).getAllSubcomponents("vevent");
  const event = new ICAL.Event(vevent);
  expect(event.summary).toBe(`${consultant.name}-এর সঙ্গে Onward পরামর্শ`);
  expect(event.description).toMatch(bengali);

  await page.reload();
  await expect(booking).toHaveAttribute("data-status", "accepted");
  await expect(booking).toContainText("গৃহীত");
});

type DecodedMail = { raw: string; subject: string; text: string; html: string; calendar: string };

/** Subject and parts of a message as nodemailer writes it: encoded words in the headers, base64 or quoted-printable bodies. */
function decodeMail(raw: string): DecodedMail {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, " ");
  const subject = (/^Subject: (.*)$/m.exec(unfolded)?.[1] ?? "")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : quotedPrintable(text.replace(/_/g, " ")),
    );
  const part = (type: string) => {
    const match = new RegExp(`Content-Type: ${type}[^]*?\\r?\\n\\r?\\n([^]*?)\\r?\\n--`, "i").exec(raw);
    if (!match) return "";
    const headers = match[0].slice(0, match[0].length - (match[1]?.length ?? 0));
    const body = match[1] ?? "";
    if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8");
    if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) return quotedPrintable(body.replace(/=\r?\n/g, ""));
    return body;
  };
  return { raw, subject, text: part("text/plain"), html: part("text/html"), calendar: part("text/calendar") };
}

function quotedPrintable(text: string): string {
  return Buffer.from(
    text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/** A mail's subject and text are in Bangla: most of their letters Bengali (names, links and Onward stay in Latin). */
function expectBangla(mail: DecodedMail) {
  expect(bengaliShare(mail.subject), `subject: ${mail.subject}`).toBeGreaterThan(0.5);
  const words = mail.text.replace(/https?:\/\/\S+/g, "");
  expect(bengaliShare(words), `text: ${words}`).toBeGreaterThan(0.5);
}
