import { expect, type Page, type Request, test } from "@playwright/test";
import sharp from "sharp";
import { phonePhoto, postedFiles, tinyPdf } from "../support/applications";
import { type SeedUser, setUpApp, signInAs } from "./app";

const student: SeedUser = {
  email: "phone.student@onward.test",
  password: "phone upload student pass",
  name: "Phone Student",
  role: "student",
};
const app = setUpApp({ users: [student] });

/** The one file a page's upload carried. */
function filePart(request: Request): { fileName: string; bytes: Buffer } {
  const [file] = postedFiles(request.postDataBuffer() as Buffer, request.headers()["content-type"] ?? "").values();
  if (!file) throw new Error(`no file in the post to ${request.url()}`);
  return file;
}

async function openForm(page: Page) {
  await signInAs(page, app.url("/login"), student);
  await page.goto(app.url("/apply"));
  // The form's script has taken over once the hint about uploading at once shows.
  await expect(page.getByText("Each file uploads as soon as you choose it")).toBeVisible();
}

test("a photo goes upright, at most 2,000 px and without its metadata; a PDF goes untouched; both stay in the draft when the student comes back", async ({
  page,
}) => {
  await openForm(page);
  const sent = new Map<string, { fileName: string; bytes: Buffer }>();
  await page.route("**/apply/documents/*", async (route) => {
    sent.set(route.request().url().split("/").pop() as string, filePart(route.request()));
    await route.continue();
  });
  const photo = await phonePhoto();
  const pdf = tinyPdf("Bank statement");
  await page.getByLabel("Passport", { exact: true }).setInputFiles({ name: "IMG_2041.JPG", mimeType: "image/jpeg", buffer: photo });
  await page
    .getByLabel("Bank statement", { exact: true })
    .setInputFiles({ name: "statement.pdf", mimeType: "application/pdf", buffer: pdf });
  await expect(page.locator('[data-uploaded="passport"]')).toContainText("IMG_2041.jpg");
  await expect(page.locator('[data-uploaded="bankStatement"]')).toContainText("statement.pdf");

  const passport = sent.get("passport");
  expect(passport?.fileName).toBe("IMG_2041.jpg");
  const metadata = await sharp(passport?.bytes).metadata();
  // 3000×2000 turned a quarter by its orientation, then fitted: 1333×2000, upright, nothing else kept.
  expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1333, 2000]);
  expect(metadata.orientation).toBeUndefined();
  expect(metadata.exif).toBeUndefined();
  expect(passport?.bytes.length).toBeLessThan(photo.length / 2);
  expect(sent.get("bankStatement")?.bytes.equals(pdf)).toBe(true);

  // Its thumbnail is the copy just sent, from the browser's memory: nothing downloaded again.
  await expect(page.getByRole("img", { name: "Passport", exact: true })).toHaveAttribute("src", /^blob:/);
  // Uploaded, the inputs are empty: the form's own post will not carry them again.
  expect(await page.locator('input[name="passport"]').evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);

  // Coming back later shows both from the draft, and nothing is sent again.
  await page.goto(app.url("/dashboard"));
  await page.goto(app.url("/apply"));
  await expect(page.locator('[data-uploaded="passport"]')).toContainText("IMG_2041.jpg");
  await expect(page.locator('[data-uploaded="bankStatement"]')).toContainText("statement.pdf");
  expect([...sent.keys()]).toEqual(["passport", "bankStatement"]);
});

test("a dropped upload is retried by itself, the next document waits its turn, and after the last retry Try again sends it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openForm(page);
  const attempts: string[] = [];
  let dropping = true;
  await page.route("**/apply/documents/*", async (route) => {
    const field = route.request().url().split("/").pop() as string;
    attempts.push(field);
    if (field === "nid" && dropping) await route.abort("connectionreset");
    else await route.continue();
  });
  const scan = { mimeType: "application/pdf", buffer: tinyPdf("NID") };
  await page.getByLabel("NID", { exact: true }).setInputFiles({ name: "nid.pdf", ...scan });
  await page.getByLabel("Police clearance", { exact: true }).setInputFiles({ name: "police.pdf", ...scan });
  await expect(page.getByText("The connection dropped. Trying again in 2 s…")).toBeVisible();
  // One at a time: the police clearance waits while the NID is still trying.
  await expect(page.getByText("Waiting its turn: one document goes at a time…")).toBeVisible();
  await expect(page.getByText("The connection dropped. Trying again in 5 s…")).toBeVisible();
  await expect(page.getByText("The connection dropped. Trying again in 10 s…")).toBeVisible();
  // Four tries in all, then the choice is the student's; the police clearance goes meanwhile.
  const tryAgain = page.getByRole("button", { name: "Try again to upload the NID" });
  await expect(tryAgain).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByRole("alert").filter({ hasText: "Error uploading the NID. Please try again: the connection was lost." }),
  ).toBeVisible();
  await expect(page.locator('[data-uploaded="policeClearance"]')).toContainText("police.pdf");
  expect(attempts).toEqual(["nid", "nid", "nid", "nid", "policeClearance"]);

  dropping = false;
  await tryAgain.click();
  await expect(page.locator('[data-uploaded="nid"]')).toContainText("nid.pdf");
  expect(attempts).toEqual(["nid", "nid", "nid", "nid", "policeClearance", "nid"]);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("a photo the browser cannot read goes as it is and the server's answer shows; a file over the limit is refused before sending; the others stay", async ({
  page,
}) => {
  await openForm(page);
  const attempts: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/apply/documents/")) attempts.push(request.url().split("/").pop() as string);
  });
  await page
    .getByLabel("SSC certificate", { exact: true })
    .setInputFiles({ name: "ssc.pdf", mimeType: "application/pdf", buffer: tinyPdf("SSC") });
  await expect(page.locator('[data-uploaded="sscCertificate"]')).toBeVisible();

  const heic = Buffer.concat([Buffer.from("\0\0\0\x18ftypheic\0\0\0\0mif1heic", "latin1"), Buffer.alloc(4096, 7)]);
  await page
    .getByLabel("Health certificate", { exact: true })
    .setInputFiles({ name: "IMG_0001.HEIC", mimeType: "image/heic", buffer: heic });
  await expect(page.getByRole("alert").filter({ hasText: "Error uploading the health certificate. Please try again:" })).toContainText(
    "The health certificate must be a JPEG, PNG or WebP image or a PDF file",
  );

  const huge = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(10 * 1024 * 1024 + 1, 32)]);
  await page
    .getByLabel("Current bill copy", { exact: true })
    .setInputFiles({ name: "bill.pdf", mimeType: "application/pdf", buffer: huge });
  await expect(page.getByRole("alert").filter({ hasText: "Error uploading the current bill copy" })).toContainText(
    "the file is larger than 10 MB, the most we accept.",
  );
  expect(attempts).toEqual(["sscCertificate", "healthCertificate"]);
  await expect(page.locator('[data-uploaded="sscCertificate"]')).toContainText("ssc.pdf");
});
