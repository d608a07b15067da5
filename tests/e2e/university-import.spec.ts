import { expect, type Page, test } from "@playwright/test";
import { type SeedUser, setUpApp, signInAs } from "./app";

const manager: SeedUser = { email: "import.manager@onward.test", password: "import manager pass", name: "Import Manager", role: "manager" };
const app = setUpApp({ users: [manager] });

const cardNames = (page: Page) => page.getByRole("list", { name: "Universities" }).getByRole("heading", { level: 2 });

/** Three partner universities from the template's example row: its header, then one row each. */
function partnersCsv(template: string, ielts: { third: string }): Buffer {
  const [header = "", example = ""] = template.split("\r\n");
  const row = (slug: string, name: string, country: string, minimumIelts = "6.5") =>
    example
      .replace("example-university,Example University,United Kingdom", `${slug},${name},${country}`)
      .replace(",6.5,6,2025,", `,${minimumIelts},6,2025,`);
  return Buffer.from(
    [
      header,
      row("quillfield-university", "Quillfield University", "United Kingdom"),
      row("", "Tarnwood Institute of Technology", "Canada"),
      row("marlow-bay-university", "Marlow Bay University", "Australia", ielts.third),
      "",
    ].join("\r\n"),
  );
}

test("a manager imports a CSV of three universities: a bad row is named by its line and nothing is written; fixed, all three are in the finder", async ({
  page,
}) => {
  test.slow();
  // Read (and cached) before the import: the import must refresh the finder.
  await page.goto(app.url("/find-university?q=Quillfield"));
  await expect(page.getByText("No university matches these filters.")).toBeVisible();

  await signInAs(page, app.url("/login?redirectTo=/dashboard/universities"), manager);
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import universities" })).toBeVisible();
  const template = await (await page.request.get(app.url("/dashboard/universities/import/template.csv"))).text();
  expect(template.split("\r\n")[0]).toMatch(/^slug,name,country,city,type,/);

  // The third row's IELTS minimum is out of range: the import says where, and writes nothing.
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "partners.csv", mimeType: "text/csv", buffer: partnersCsv(template, { third: "9.5" }) });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("heading", { name: "partners.csv was not imported" })).toBeVisible();
  const problems = page.getByTestId("import-problems").getByRole("listitem");
  await expect(problems).toHaveCount(1);
  await expect(problems.first()).toHaveText("Line 4, column minimumIelts: Choose a band from 2.5 to 9");
  await expect(page.getByText("nothing was written.")).toBeVisible();

  // Fixed: the preview lists what would happen, then the import writes it.
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "partners.csv", mimeType: "text/csv", buffer: partnersCsv(template, { third: "7" }) });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: "Preview of partners.csv" })).toBeVisible();
  await expect(page.getByText("3 rows: 3 to add, 0 to update, 0 unchanged.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Rows without problems" }).getByRole("listitem")).toHaveCount(3);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("Imported partners.csv: 3 added, 0 updated, 0 unchanged");

  for (const [search, name] of [
    ["Quillfield", "Quillfield University"],
    ["Tarnwood", "Tarnwood Institute of Technology"],
    ["Marlow Bay", "Marlow Bay University"],
  ] as const) {
    await page.goto(app.url(`/find-university?q=${encodeURIComponent(search)}`));
    await expect(cardNames(page)).toHaveText([name]);
  }
  await page.goto(app.url("/university/tarnwood-institute-of-technology"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tarnwood Institute of Technology");
});
