import { type Browser, expect, type Page, test } from "@playwright/test";
import { type SeedUser, setUpAppWithMail, signInAs } from "./app";
import { farhana, memberPhoto, type NetworkingMember } from "./members";

const manager: SeedUser = { email: "net.manager@onward.test", password: "networking manager pass", name: "Net Manager", role: "manager" };
const student: SeedUser = { email: "net.student@onward.test", password: "networking student pass", name: "Nusrat Jahan", role: "student" };

const { app, smtp } = setUpAppWithMail({ users: [manager, student] });
const url = (path: string) => app.url(path);

// One story, in order: each step builds on the members the one before left.
test.describe.configure({ mode: "serial" });

const imran = {
  ...farhana,
  name: "Imran Chowdhury",
  company: "Maple Kitchen",
  address: "Toronto",
  email: "imran.abroad@example.com",
  profession: "Chef",
  location: "Canada",
  category: "Chef",
};

async function addMember(page: Page, member: NetworkingMember) {
  await page.goto(url("/dashboard/add-new-networking-member"));
  for (const [label, value] of [
    ["Name", member.name],
    ["Company or university", member.company],
    ["City", member.address],
    ["Profession", member.profession],
    ["Email", member.email],
    ["Phone", member.phone],
    ["LinkedIn", "https://www.linkedin.com/in/someone"],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByLabel("Location").selectOption(member.location);
  await page.getByLabel("Job category").selectOption(member.category);
  const photo = await memberPhoto(200);
  await page.getByLabel("Photo", { exact: true }).setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByTestId("toast")).toContainText("Networking member added successfully");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
}

const directoryCards = (page: Page) =>
  page
    .getByTestId("directory")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading") });
const manageCard = (page: Page, name: string) =>
  page.getByRole("list", { name: "Networking members" }).getByRole("listitem").filter({ hasText: name });

async function asManager(browser: Browser) {
  const page = await browser.newPage();
  await signInAs(page, url("/login"), manager);
  return page;
}

test("a manager adds two members with photos and both appear in the directory", async ({ browser }) => {
  const page = await asManager(browser);
  await addMember(page, farhana);
  await addMember(page, imran);
  await page.goto(url("/networking"));
  await expect(directoryCards(page)).toHaveCount(2);
  const card = directoryCards(page).filter({ hasText: farhana.name });
  await expect(card).toContainText(farhana.company);
  await expect(card).toContainText("Espoo, Finland");
  await expect(page.locator("body")).not.toContainText(farhana.email);
  await expect(page.locator("body")).not.toContainText(farhana.phone);
  expect(await card.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await page.close();
});

test("search (with a typo) and both filters narrow the cards, in the URL, and survive a reload", async ({ browser }) => {
  const page = await asManager(browser);
  await page.goto(url("/networking"));
  await page.getByRole("searchbox", { name: "Search" }).fill("Farhna");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=Farhna/);
  await expect(directoryCards(page)).toHaveCount(1);
  await expect(directoryCards(page)).toContainText(farhana.name);

  await page.getByRole("searchbox", { name: "Search" }).fill("");
  await page.getByLabel("Location").selectOption("Canada");
  await page.getByLabel("Job category").selectOption("Chef");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/location=Canada&category=Chef/);
  await expect(directoryCards(page)).toHaveCount(1);
  await expect(directoryCards(page)).toContainText(imran.name);
  await page.reload();
  await expect(directoryCards(page)).toHaveCount(1);
  await expect(directoryCards(page)).toContainText(imran.name);
  await expect(page.getByLabel("Location")).toHaveValue("Canada");
  await expect(page.getByLabel("Job category")).toHaveValue("Chef");

  await page.getByLabel("Job category").selectOption("Barista");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No one matches this search yet.")).toBeVisible();
  await expect(directoryCards(page)).toHaveCount(0);
  await page.close();
});

test("deactivating takes the card out of the directory, reactivating brings it back; an edit without a photo keeps the photo", async ({
  browser,
}) => {
  const page = await asManager(browser);
  page.on("dialog", (dialog) => dialog.accept());
  await page.goto(url("/dashboard/manage-networking-member"));
  await manageCard(page, farhana.name)
    .getByRole("button", { name: `Inactive ${farhana.name}` })
    .click();
  await expect(page.getByTestId("toast")).toContainText("Networking member inactive successfully");
  await expect(manageCard(page, farhana.name)).toContainText("Inactive");
  await page.goto(url("/networking"));
  await expect(directoryCards(page)).toHaveCount(1);
  await expect(directoryCards(page)).not.toContainText(farhana.name);

  await page.goto(url("/dashboard/manage-networking-member"));
  await manageCard(page, farhana.name)
    .getByRole("button", { name: `Active ${farhana.name}` })
    .click();
  await expect(page.getByTestId("toast")).toContainText("Networking member activated successfully");
  await page.goto(url("/networking"));
  const photoBefore = await directoryCards(page).filter({ hasText: farhana.name }).locator("img").getAttribute("src");

  await page.goto(url("/dashboard/manage-networking-member"));
  await manageCard(page, farhana.name)
    .getByRole("link", { name: `Update ${farhana.name}` })
    .click();
  await expect(page.getByLabel("Profession", { exact: true })).toHaveValue(farhana.profession);
  await page.getByLabel("Profession", { exact: true }).fill("Senior Software Engineer");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("Networking member updated successfully");
  await page.goto(url("/networking"));
  const card = directoryCards(page).filter({ hasText: farhana.name });
  await expect(card).toContainText("Senior Software Engineer");
  expect(await card.locator("img").getAttribute("src")).toBe(photoBefore);
  expect(await card.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await page.close();
});

test("a student sends a Connect message; it reaches the member by e-mail with the student's address to reply to", async ({ browser }) => {
  const page = await browser.newPage();
  await signInAs(page, url("/login?redirectTo=/networking"), student);
  await directoryCards(page)
    .filter({ hasText: farhana.name })
    .getByRole("link", { name: `Connect with ${farhana.name}` })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Write to ${farhana.name}`);
  await expect(page.locator("body")).not.toContainText(farhana.email);
  await page
    .getByLabel("Your message")
    .fill("Hello! I hope to study computer science at Aalto next year. How did you find your first job in Finland?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/networking$/);
  await expect(page.getByTestId("toast")).toContainText(`Your message is on its way to ${farhana.name}`);
  const mail = await smtp.waitFor(farhana.email, 10_000);
  expect(mail.raw).toContain(`Reply-To: ${student.email}`);
  expect(mail.raw).toContain("How did you find your first job in Finland?");
  await page.close();
});

test("a student cannot reach the staff pages", async ({ browser }) => {
  const page = await browser.newPage();
  await signInAs(page, url("/login"), student);
  for (const path of ["/dashboard/add-new-networking-member", "/dashboard/manage-networking-member"]) {
    const response = await page.goto(url(path));
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
  }
  await page.close();
});

test("a manager deletes a member, after confirming, and the card leaves the directory", async ({ browser }) => {
  const page = await asManager(browser);
  const questions: string[] = [];
  page.on("dialog", (dialog) => {
    questions.push(dialog.message());
    return dialog.accept();
  });
  await page.goto(url("/dashboard/manage-networking-member"));
  await manageCard(page, imran.name)
    .getByRole("button", { name: `Delete ${imran.name}` })
    .click();
  await expect(page.getByTestId("toast")).toContainText("Networking member deleted successfully");
  expect(questions).toEqual(["Are you sure you want to delete this networking member?"]);
  await expect(manageCard(page, imran.name)).toHaveCount(0);
  await page.goto(url("/networking"));
  await expect(directoryCards(page)).toHaveCount(1);
  await expect(directoryCards(page)).toContainText(farhana.name);
  await page.close();
});
