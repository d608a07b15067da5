import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { catalogueUniversities } from "../../content/universities";
import { type SeedUser, setUpApp, signInAs } from "./app";

const consultant: SeedUser = {
  email: "uni.consultant@onward.test",
  password: "university consultant pass",
  name: "Uni Consultant",
  role: "consultant",
};
const student: SeedUser = { email: "uni.student@onward.test", password: "university student pass", name: "Uni Student", role: "student" };
const app = setUpApp({ users: [consultant, student] });

/** Japan's universities in the built-in catalogue, and its private ones as the finder lists them (none ranked: by name). */
const inJapan = catalogueUniversities.filter((university) => university.country === "Japan").length;
const privateInJapan = catalogueUniversities
  .filter((university) => university.country === "Japan" && university.type === "Private")
  .map((university) => university.name)
  .sort();
const cardNames = (page: Page) => page.getByRole("list", { name: "Universities" }).getByRole("heading", { level: 2 });

test("with JavaScript, each filter updates the results and the URL at once, and Back restores the earlier results", async ({ page }) => {
  await page.goto(app.url("/find-university"));
  await expect(cardNames(page)).toHaveCount(12);
  await page.getByLabel("Country").selectOption("Japan");
  await expect(page).toHaveURL(/country=Japan/);
  await expect(cardNames(page)).toHaveCount(Math.min(inJapan, 12));
  await page.getByLabel("Filter By Type").selectOption("Private");
  await expect(page).toHaveURL(/country=Japan&type=Private/);
  await expect(cardNames(page)).toHaveText(privateInJapan);
  await expect(page.getByText(`${privateInJapan.length} universities found.`)).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/country=Japan(&|$)(?!.*type=Private)/);
  await expect(cardNames(page)).toHaveCount(Math.min(inJapan, 12));
  await expect(page.getByLabel("Country")).toHaveValue("Japan");
  // The fields follow the URL back too, so the next change does not carry the later page's type.
  await expect(page.getByLabel("Filter By Type")).toHaveValue("");

  await page.getByLabel("University", { exact: true }).fill("Belfst");
  await page.getByLabel("Country").selectOption("");
  await expect(cardNames(page)).toContainText(["Queen's University Belfast"]);
  await cardNames(page)
    .filter({ hasText: "Queen's University Belfast" })
    .locator("xpath=ancestor::li")
    .getByRole("link", { name: /View Details/ })
    .click();
  await expect(page).toHaveURL(/\/university\/queens-university-belfast$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Queen's University Belfast");
  await expect(page.getByRole("link", { name: /Visit University Website/ })).toHaveAttribute("rel", "noopener noreferrer");
});

test("a country chosen while the page's JavaScript is still on its way (a slow phone) is acted on once it arrives, not undone", async ({
  page,
}) => {
  let release: () => void = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto(app.url("/find-university"), { waitUntil: "domcontentloaded" });
  await page.getByLabel("Country").selectOption("Japan");
  release();
  await expect(page).toHaveURL(/country=Japan/);
  await expect(cardNames(page)).toHaveCount(Math.min(inJapan, 12));
  await expect(page.getByLabel("Country")).toHaveValue("Japan");
});

test("without JavaScript, the same filters work through the Search button, and an empty result offers to clear them", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(app.url("/find-university"));
  await page.getByLabel("Country").selectOption("Japan");
  await page.getByLabel("Filter By Type").selectOption("Private");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/country=Japan&type=Private/);
  await expect(cardNames(page)).toHaveText(privateInJapan);

  await page.goto(app.url("/find-university?q=zzzz+qqqq&ielts=abc&page=-1&sort=drop+table"));
  await expect(page.getByText("No university matches these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Clear the filters" }).click();
  await expect(cardNames(page)).toHaveCount(12);
  await context.close();
});

test("an unknown university is the 404 page", async ({ page }) => {
  const response = await page.goto(app.url("/university/no-such-university"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

test("a consultant adds a university with a logo; it is in the finder and has its own page; edits it, then deletes it; a student is refused the form", async ({
  browser,
}) => {
  // Add, find, view, edit, delete and a refusal: a long journey on a busy two-core machine.
  test.slow();
  const page = await browser.newPage();
  // Read (and cached) before the university exists: the add must empty the finder's cache.
  await page.goto(app.url("/find-university?q=Aurora&country=Finland"));
  await expect(page.getByText("No university matches these filters.")).toBeVisible();
  await signInAs(page, app.url("/login?redirectTo=/dashboard/add-university"), consultant);
  for (const [label, value] of [
    ["University name", "Aurora Arctic University"],
    ["Country", "Finland"],
    ["Location", "Rovaniemi, Lapland"],
    ["Courses offered", "85"],
    ["Exams accepted", "IELTS, TOEFL iBT"],
    ["First-year tuition", "11000"],
    ["Scholarships", "3"],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByLabel("Type").selectOption("Public");
  await page.getByLabel("Tuition currency", { exact: true }).selectOption("EUR");
  await page.getByLabel("Minimum IELTS").selectOption("6.5");
  const logo = await sharp({ create: { width: 240, height: 240, channels: 3, background: "#0e7490" } })
    .png()
    .toBuffer();
  await page.getByLabel("Logo", { exact: true }).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await page.getByRole("button", { name: "Add university" }).click();
  await expect(page.getByTestId("toast")).toContainText("Successfully added new university data");
  await expect(page.getByLabel("University name", { exact: true })).toHaveValue("");

  await page.goto(app.url("/find-university?q=Aurora&country=Finland"));
  await expect(cardNames(page)).toHaveText(["Aurora Arctic University"]);
  await expect(page.getByRole("list", { name: "Universities" })).toContainText("EUR 11,000");
  await page.getByRole("link", { name: /View Details/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aurora Arctic University");
  const img = page.locator('img[src^="/university-logos/"]');
  expect(await img.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

  // Staff edit it from their list (the form comes filled in; the logo stays), and the finder shows the change.
  await page.goto(app.url("/dashboard/universities?q=Aurora"));
  await page.getByRole("link", { name: "Edit Aurora Arctic University" }).click();
  await expect(page.getByLabel("Location", { exact: true })).toHaveValue("Rovaniemi, Lapland");
  await page.getByLabel("First-year tuition", { exact: true }).fill("12500");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("University updated successfully");
  await expect(page).toHaveURL(/\/dashboard\/universities$/);
  await page.goto(app.url("/university/aurora-arctic-university"));
  // At a glance, and in the first year in taka.
  await expect(page.getByText(/^EUR 12,500 \(≈ BDT/)).toBeVisible();
  await expect(page.getByRole("table", { name: /First-year costs/ }).getByRole("row", { name: /Tuition/ })).toContainText("EUR 12,500");
  // The logo is the page's own request: it may still be arriving when the text is there.
  await expect.poll(() => img.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

  // Staff delete it after confirming, and the finder forgets it.
  const questions: string[] = [];
  page.on("dialog", (dialog) => {
    questions.push(dialog.message());
    return dialog.accept();
  });
  await page.goto(app.url("/dashboard/universities?q=Aurora"));
  await page.getByRole("button", { name: "Delete Aurora Arctic University" }).click();
  await expect(page.getByTestId("toast")).toContainText("Aurora Arctic University was deleted");
  expect(questions).toEqual(["Are you sure you want to delete Aurora Arctic University?"]);
  await page.goto(app.url("/find-university?q=Aurora&country=Finland"));
  await expect(page.getByText("No university matches these filters.")).toBeVisible();
  await page.close();

  const studentPage = await browser.newPage();
  await signInAs(studentPage, app.url("/login"), student);
  const response = await studentPage.goto(app.url("/dashboard/add-university"));
  expect(response?.status()).toBe(403);
  await studentPage.close();
});

test("a student shortlists two universities (a heart with JavaScript, one without) and compares them side by side", async ({ browser }) => {
  const page = await browser.newPage();
  await signInAs(page, app.url("/login?redirectTo=/find-university?country=Japan"), student);
  const keio = page.getByRole("button", { name: "Shortlist Keio University" });
  await expect(keio).toHaveAttribute("aria-pressed", "false");
  await keio.click();
  await expect(page.getByTestId("toast")).toContainText("Keio University is on your shortlist");
  await expect(keio).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/country=Japan/);

  // Without JavaScript the heart is a plain form post that comes back to the page.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await signInAs(plain, app.url("/login?redirectTo=/university/queens-university-belfast"), student);
  await plain.getByRole("button", { name: "Shortlist Queen's University Belfast" }).click();
  await expect(plain).toHaveURL(/\/university\/queens-university-belfast$/);
  await expect(plain.getByRole("button", { name: "Shortlist Queen's University Belfast" })).toHaveAttribute("aria-pressed", "true");
  await noScript.close();

  await page.goto(app.url("/dashboard"));
  await page.getByRole("navigation", { name: "Dashboard menu" }).getByRole("link", { name: "Shortlist" }).click();
  await expect(page).toHaveURL(/\/dashboard\/shortlist$/);
  const shortlisted = page.getByRole("list", { name: "Your shortlist" }).getByRole("heading", { level: 2 });
  // Keio's usual deadline comes first; Queen's publishes none.
  await expect(shortlisted).toHaveText(["Keio University", "Queen's University Belfast"]);
  await page.getByLabel("Compare Queen's University Belfast").check();
  await page.getByLabel("Compare Keio University").check();
  await page.getByRole("button", { name: "Compare the ticked" }).click();
  await expect(page).toHaveURL(/\/dashboard\/shortlist\/compare\?u=keio-university&u=queens-university-belfast$/);
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toContainText(["Keio University", "Queen's University Belfast"]);
  for (const row of ["Location", "Type", "First-year tuition", "Minimum IELTS", "World ranking", "Scholarships"]) {
    await expect(table.getByRole("rowheader", { name: row })).toBeVisible();
  }
  await expect(table.getByRole("row", { name: /^Location/ })).toContainText("Belfast, Northern Ireland, United Kingdom");
  await expect(table.getByRole("row", { name: /^Type/ })).toContainText("Private");

  // Taking one off from the shortlist page.
  await page.goto(app.url("/dashboard/shortlist"));
  await page.getByRole("button", { name: "Remove Keio University" }).click();
  await expect(page.getByTestId("toast")).toContainText("Keio University was taken off your shortlist");
  await expect(shortlisted).toHaveText(["Queen's University Belfast"]);
  await page.close();
});
