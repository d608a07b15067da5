import { readdir } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { m } from "~/paraglide/messages";
import * as logoRoute from "~/routes/api/university-logo";
import * as addRoute from "~/routes/dashboard/add-university";
import * as universitiesRoute from "~/routes/dashboard/universities";
import * as editRoute from "~/routes/dashboard/university-edit";
import { catalogueUniversities } from "../../../content/universities";
import { context, createUser, outcome, type TestUser } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { toastOf } from "../../../tests/support/members";
import { getConfig } from "../config";
import { db } from "../db";
import { universities } from "../db/schema";
import { slugify } from "./add-university";

withTestDatabase();

const logo = () =>
  sharp({ create: { width: 300, height: 120, channels: 3, background: "#7c2d12" } })
    .png()
    .toBuffer();

/** The contract's fields, as the original product named them. */
const fields = (overrides: Record<string, string> = {}) => ({
  universityName: "Northern Lights University",
  countryName: "Finland",
  universityLocation: "Rovaniemi",
  universityType: "Public",
  coursesOffered: "120",
  examsAccepted: "IELTS, TOEFL iBT",
  firstYearTuitionFees: "12000",
  tuitionCurrency: "EUR",
  noOfScholarship: "4",
  ielts: "6.5",
  ...overrides,
});

async function post(user: TestUser, values: Record<string, string>, file: { bytes: Buffer; name: string; type: string } | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  if (file) form.set("universityLogo", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const request = new Request("http://localhost:3000/dashboard/add-university", {
    method: "POST",
    body: form,
    headers: { Cookie: user.cookie },
  });
  return outcome(() => addRoute.action({ request, params: {}, context: context() } as never));
}

async function logoFiles(): Promise<string[]> {
  return readdir(path.join(getConfig().dataDir, "uploads", "university-logos")).catch(() => []);
}

type Reply = { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };

describe("adding a university", () => {
  test("a manager adds one with its logo: the toast, a new empty form, the finder's data and a logo served for a year", async () => {
    const manager = await createUser({ role: "manager" });
    const added = await post(manager, fields(), { bytes: await logo(), name: "logo.png", type: "image/png" });
    expect(added).toMatchObject({ status: 303, location: "/dashboard/add-university" });
    expect(await toastOf(added.response)).toBe("Successfully added new university data");
    const [row] = await db().select().from(universities).where(eq(universities.slug, "northern-lights-university"));
    expect(row).toMatchObject({
      name: "Northern Lights University",
      country: "Finland",
      city: "Rovaniemi",
      type: "Public",
      coursesOffered: 120,
      tuitionAmount: 12_000,
      tuitionCurrency: "EUR",
      scholarships: 4,
      minimumIelts: 6.5,
      createdBy: manager.id,
    });
    expect(row?.logo).toMatch(/^university-logos\/[a-f0-9]{32}\.webp$/);

    const file = (row?.logo ?? "").split("/")[1] ?? "";
    const served = await logoRoute.loader({
      request: new Request(`http://localhost:3000/${row?.logo}`),
      params: { file },
      context: context(),
    } as never);
    expect(served.status).toBe(200);
    expect(served.headers.get("Cache-Control")).toContain("immutable");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("webp");
    const missing = await logoRoute.loader({
      request: new Request("http://localhost:3000/x"),
      params: { file: "../../secret" },
      context: context(),
    } as never);
    expect(missing.status).toBe(404);
  });

  test("refuses a student (403), and changes nothing", async () => {
    const student = await createUser();
    const refused = await post(student, fields({ universityName: "Student Made University" }), {
      bytes: await logo(),
      name: "l.png",
      type: "image/png",
    });
    expect(refused.status).toBe(403);
    expect(await db().select().from(universities).where(eq(universities.name, "Student Made University"))).toHaveLength(0);
  });

  test("names each bad field, keeps every value, and leaves no row and no logo file behind", async () => {
    const consultant = await createUser({ role: "consultant" });
    const before = await logoFiles();
    const php = Buffer.from("<?php system($_GET['c']); ?>");
    const fake = await post(consultant, fields({ universityName: "Fake Logo University" }), {
      bytes: php,
      name: "logo.jpg",
      type: "image/jpeg",
    });
    expect(fake.status).toBe(400);
    expect((fake.value as Reply).result.error.universityLogo?.[0]).toBe("The logo must be a JPEG, PNG or WebP image");
    expect((fake.value as Reply).result.initialValue.universityName).toBe("Fake Logo University");

    const huge = await sharp({
      create: { width: 3000, height: 3000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    expect(huge.length).toBeGreaterThan(2 * 1024 * 1024);
    const tooBig = await post(consultant, fields({ universityName: "Huge Logo University" }), {
      bytes: huge,
      name: "big.png",
      type: "image/png",
    });
    expect(tooBig.status).toBeGreaterThanOrEqual(400);

    const words = await post(consultant, fields({ coursesOffered: "many", noOfScholarship: "1.5", ielts: "10" }), {
      bytes: await logo(),
      name: "l.png",
      type: "image/png",
    });
    expect(words.status).toBe(400);
    const reply = words.value as Reply;
    expect(reply.result.error.coursesOffered?.[0]).toBe("Enter a whole number, 0 or more");
    expect(reply.result.error.noOfScholarship?.[0]).toBe("Enter a whole number, 0 or more");
    expect(reply.result.error.ielts?.[0]).toBe("Choose a band from 2.5 to 9");
    expect(reply.result.initialValue.coursesOffered).toBe("many");

    const noLogo = await post(consultant, fields({ universityName: "No Logo University" }), null);
    expect(noLogo.status).toBe(400);
    expect((noLogo.value as Reply).result.error.universityLogo?.[0]).toBe("Choose a logo");

    const names = (await db().select({ name: universities.name }).from(universities)).map((row) => row.name);
    for (const name of ["Fake Logo University", "Huge Logo University", "No Logo University"]) expect(names).not.toContain(name);
    expect(await logoFiles()).toEqual(before);
  });

  test("a second university with the same name in the same country (any case) is refused; in another country it gets its own address", async () => {
    const manager = await createUser({ role: "manager" });
    const duplicate = await post(manager, fields({ universityName: "queen's university belfast", countryName: "United Kingdom" }), {
      bytes: await logo(),
      name: "l.png",
      type: "image/png",
    });
    expect(duplicate.status).toBe(409);
    expect((duplicate.value as Reply).result.error.universityName?.[0]).toBe(m.server_duplicate_university({}, { locale: "en" }));

    const elsewhere = await post(manager, fields({ universityName: "Queen's University Belfast", countryName: "Canada" }), {
      bytes: await logo(),
      name: "l.png",
      type: "image/png",
    });
    expect(elsewhere.status).toBe(303);
    const [row] = await db()
      .select()
      .from(universities)
      .where(and(eq(universities.country, "Canada"), eq(universities.name, "Queen's University Belfast")));
    expect(row?.slug).toBe("queens-university-belfast-canada");
  });

  test("slugs are plain ASCII", () => {
    expect(slugify("Queen's University Belfast")).toBe("queens-university-belfast");
    expect(slugify("Universität Heidelberg")).toBe("universitat-heidelberg");
    expect(slugify("  ---  ")).toBe("university");
  });
});

describe("the staff list and deleting", () => {
  const list = (user: TestUser, search = "") =>
    outcome(() =>
      universitiesRoute.loader({
        request: new Request(`http://localhost:3000/dashboard/universities${search}`, { headers: { Cookie: user.cookie } }),
        params: {},
        context: context(),
      } as never),
    );
  const remove = (user: TestUser, id: string) =>
    outcome(() =>
      universitiesRoute.action({
        request: new Request("http://localhost:3000/dashboard/universities?q=&page=1", {
          method: "POST",
          body: new URLSearchParams({ id, intent: "delete" }),
          headers: { Cookie: user.cookie },
        }),
        params: {},
        context: context(),
      } as never),
    );

  test("staff search the catalogue a page at a time; a student is refused", async () => {
    const consultant = await createUser({ role: "consultant" });
    const found = await list(consultant, "?q=belfast");
    expect(found.status).toBe(200);
    const items = (found.value as { items: { name: string }[] }).items.map((item) => item.name);
    expect(items).toContain("Queen's University Belfast");
    const all = (await list(consultant)).value as { total: number; items: unknown[]; pageCount: number };
    expect(all.items).toHaveLength(20);
    expect(all.total).toBeGreaterThanOrEqual(72);
    expect((await list(await createUser())).status).toBe(403);
  });

  test("a manager deletes a university with its logo; deleting it again is a 404; a student may not", async () => {
    const manager = await createUser({ role: "manager" });
    // A logo of its own: a file shared with another university stays.
    const own = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#14532d" } })
      .png()
      .toBuffer();
    expect(
      (await post(manager, fields({ universityName: "Short Lived University" }), { bytes: own, name: "l.png", type: "image/png" })).status,
    ).toBe(303);
    const [row] = await db().select().from(universities).where(eq(universities.name, "Short Lived University"));
    if (!row) throw new Error("not added");
    const filesBefore = await logoFiles();
    expect(filesBefore).toContain((row.logo ?? "").split("/")[1]);

    expect((await remove(await createUser(), row.id)).status).toBe(403);
    const deleted = await remove(manager, row.id);
    expect(deleted).toMatchObject({ status: 302, location: "/dashboard/universities?q=" });
    expect(await toastOf(deleted.response)).toBe("Short Lived University was deleted");
    expect(await db().select().from(universities).where(eq(universities.id, row.id))).toHaveLength(0);
    expect(await logoFiles()).not.toContain((row.logo ?? "").split("/")[1]);
    expect((await remove(manager, row.id)).status).toBe(404);
  });
});

describe("editing a university", () => {
  async function edit(
    user: TestUser,
    id: string,
    values: Record<string, string>,
    file: { bytes: Buffer; name: string; type: string } | null,
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    if (file) form.set("universityLogo", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    const request = new Request(`http://localhost:3000/dashboard/universities/${id}`, {
      method: "POST",
      body: form,
      headers: { Cookie: user.cookie },
    });
    return outcome(() => editRoute.action({ request, params: { id }, context: context() } as never));
  }
  const open = (user: TestUser, id: string) =>
    outcome(() =>
      editRoute.loader({
        request: new Request(`http://localhost:3000/dashboard/universities/${id}`, { headers: { Cookie: user.cookie } }),
        params: { id },
        context: context(),
      } as never),
    );
  const bySlug = async (slug: string) => {
    const [row] = await db().select().from(universities).where(eq(universities.slug, slug));
    if (!row) throw new Error(`no ${slug}`);
    return row;
  };

  test("a researched figure keeps its source while staff leave it as it is, and loses it once they change it", async () => {
    const consultant = await createUser({ role: "consultant" });
    const entry = catalogueUniversities.find((university) => university.tuition?.source && university.ieltsSource);
    const university = await bySlug(entry?.slug ?? "");
    expect(university.tuitionSource).toBe(entry?.tuition?.source);
    const { values } = (await open(consultant, university.id)).value as { values: Record<string, string> };

    expect(await edit(consultant, university.id, { ...values, about: "Checked by staff." }, null)).toMatchObject({ status: 303 });
    expect(await bySlug(university.slug)).toMatchObject({ tuitionSource: entry?.tuition?.source, ieltsSource: entry?.ieltsSource?.source });

    const otherBand = values.ielts === "7" ? "7.5" : "7";
    expect(await edit(consultant, university.id, { ...values, firstYearTuitionFees: "12345", ielts: otherBand }, null)).toMatchObject({
      status: 303,
    });
    expect(await bySlug(university.slug)).toMatchObject({
      tuitionAmount: 12_345,
      tuitionYear: new Date().getFullYear(),
      tuitionSource: null,
      minimumIelts: Number(otherBand),
      ieltsYear: null,
      ieltsSource: null,
    });

    // With the new figure, the year and page staff type are kept; a page that is not a full address, or a year that is not one, is refused.
    const page = "https://www.example.edu/fees/international";
    const refused = await edit(consultant, university.id, { ...values, tuitionSource: "www.example.edu/fees", ieltsYear: "25" }, null);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.value)).toContain("Enter a full address starting with https://");
    expect(JSON.stringify(refused.value)).toContain("Enter the year it starts in, for example 2025");
    const bandAbove = await edit(consultant, university.id, { ...values, ielts: "6", ieltsBand: "6.5" }, null);
    expect(bandAbove.status).toBe(400);
    expect(JSON.stringify(bandAbove.value)).toContain(m.server_band_above_overall({}, { locale: "en" }));
    expect(
      await edit(consultant, university.id, { ...values, firstYearTuitionFees: "23456", tuitionYear: "2025", tuitionSource: page }, null),
    ).toMatchObject({ status: 303 });
    expect(await bySlug(university.slug)).toMatchObject({ tuitionAmount: 23_456, tuitionYear: 2025, tuitionSource: page });

    // A master's tuition and an application fee: typed with their year and page; a fee without a year is dated this year.
    // A year other than the stored one: the stored year backed the old figure, so typed again it would be dropped.
    const mastersYear = university.mastersTuitionYear === 2025 ? 2024 : 2025;
    const fees = {
      mastersTuitionFees: "30000",
      mastersTuitionCurrency: "GBP",
      mastersTuitionYear: String(mastersYear),
      mastersTuitionSource: page,
    };
    expect(
      await edit(consultant, university.id, { ...values, ...fees, applicationFee: "0", applicationFeeCurrency: "GBP" }, null),
    ).toMatchObject({
      status: 303,
    });
    expect(await bySlug(university.slug)).toMatchObject({
      mastersTuitionAmount: 30_000,
      mastersTuitionCurrency: "GBP",
      mastersTuitionYear: mastersYear,
      mastersTuitionSource: page,
      applicationFeeAmount: 0,
      applicationFeeYear: new Date().getFullYear(),
      applicationFeeSource: null,
    });
  });

  test("the form comes filled in; a built-in university keeps its unknown figures empty and its address when renamed", async () => {
    const consultant = await createUser({ role: "consultant" });
    // Harvard publishes no figure we could source (content/catalogue/us-canada.json).
    const harvard = await bySlug("harvard-university");
    const opened = await open(consultant, harvard.id);
    expect(opened.status).toBe(200);
    const { values } = opened.value as { values: Record<string, string> };
    expect(values).toMatchObject({
      universityName: harvard.name,
      countryName: "United States",
      firstYearTuitionFees: "",
      ielts: "",
      worldRanking: "4",
    });

    const saved = await edit(
      consultant,
      harvard.id,
      { ...values, universityName: "Harvard University (Cambridge, MA)", coursesOffered: "" },
      null,
    );
    expect(saved).toMatchObject({ status: 303, location: "/dashboard/universities" });
    expect(await toastOf(saved.response)).toBe("University updated successfully");
    const row = await bySlug("harvard-university");
    expect(row).toMatchObject({
      name: "Harvard University (Cambridge, MA)",
      tuitionAmount: null,
      tuitionCurrency: null,
      tuitionYear: null,
      minimumIelts: null,
      coursesOffered: null,
      worldRanking: 4,
      logo: null,
      updatedBy: consultant.id,
    });
    expect(row.facilities).toEqual(harvard.facilities);
  });

  test("a new logo replaces the old file; no logo keeps it; a new tuition figure is dated this year", async () => {
    const manager = await createUser({ role: "manager" });
    const first = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#1e3a8a" } })
      .png()
      .toBuffer();
    expect(
      (await post(manager, fields({ universityName: "Edited Logo University" }), { bytes: first, name: "a.png", type: "image/png" }))
        .status,
    ).toBe(303);
    const added = await bySlug("edited-logo-university");
    const kept = await edit(manager, added.id, fields({ universityName: "Edited Logo University", firstYearTuitionFees: "15000" }), null);
    expect(kept.status).toBe(303);
    expect(await bySlug("edited-logo-university")).toMatchObject({
      logo: added.logo,
      tuitionAmount: 15_000,
      tuitionYear: new Date().getFullYear(),
    });

    const second = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#831843" } })
      .png()
      .toBuffer();
    const replaced = await edit(manager, added.id, fields({ universityName: "Edited Logo University" }), {
      bytes: second,
      name: "b.png",
      type: "image/png",
    });
    expect(replaced.status).toBe(303);
    const after = await bySlug("edited-logo-university");
    expect(after.logo).not.toBe(added.logo);
    const files = await logoFiles();
    expect(files).toContain((after.logo ?? "").split("/")[1]);
    expect(files).not.toContain((added.logo ?? "").split("/")[1]);
  });

  test("refuses a taken name, a bad field and a bad logo with the form kept, changing nothing; a student gets 403; an unknown id is a 404", async () => {
    const manager = await createUser({ role: "manager" });
    const qub = await bySlug("queens-university-belfast");
    const before = await logoFiles();
    const values = (await open(manager, qub.id)).value as { values: Record<string, string> };

    const taken = await edit(manager, qub.id, { ...values.values, universityName: "University of Oxford" }, null);
    expect(taken.status).toBe(409);
    expect((taken.value as Reply).result.error.universityName?.[0]).toBe(m.server_duplicate_university({}, { locale: "en" }));

    const bad = await edit(manager, qub.id, { ...values.values, noOfScholarship: "some", universityLocation: "" }, null);
    expect(bad.status).toBe(400);
    const reply = bad.value as Reply;
    expect(reply.result.error.noOfScholarship?.[0]).toBe("Enter a whole number, 0 or more");
    expect(reply.result.error.universityLocation?.[0]).toBeTruthy();
    expect(reply.result.initialValue.noOfScholarship).toBe("some");

    const php = await edit(manager, qub.id, values.values, { bytes: Buffer.from("<?php ?>"), name: "x.jpg", type: "image/jpeg" });
    expect(php.status).toBe(400);
    expect((php.value as Reply).result.error.universityLogo?.[0]).toBe("The logo must be a JPEG, PNG or WebP image");

    const student = await createUser();
    expect((await edit(student, qub.id, { ...values.values, universityName: "Hacked" }, null)).status).toBe(403);
    expect((await open(student, qub.id)).status).toBe(403);

    expect(await bySlug("queens-university-belfast")).toEqual(qub);
    expect(await logoFiles()).toEqual(before);
    expect((await open(manager, "no-such-id")).status).toBe(404);
    expect((await edit(manager, "no-such-id", values.values, null)).status).toBe(404);
  });
});

describe("yearly fees, other English tests, intakes and named scholarships", () => {
  const page = "https://www.example.edu/international";
  const open = (user: TestUser, id: string) =>
    outcome(() =>
      editRoute.loader({
        request: new Request(`http://localhost:3000/dashboard/universities/${id}`, { headers: { Cookie: user.cookie } }),
        params: { id },
        context: context(),
      } as never),
    );
  async function edit(user: TestUser, id: string, values: Record<string, string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    const request = new Request(`http://localhost:3000/dashboard/universities/${id}`, {
      method: "POST",
      body: form,
      headers: { Cookie: user.cookie },
    });
    return outcome(() => editRoute.action({ request, params: { id }, context: context() } as never));
  }
  const byName = async (name: string) => {
    const [row] = await db().select().from(universities).where(eq(universities.name, name));
    if (!row) throw new Error(`no ${name}`);
    return row;
  };
  const lists = {
    yearlyFees: "310",
    yearlyFeesCurrency: "EUR",
    yearlyFeesYear: "2025",
    yearlyFeesSource: page,
    yearlyFeesLabel: "Semester contribution (2 semesters)",
    otherTests: "TOEFL iBT: 90 (at least 20 in each part)\n\nPTE Academic:62",
    otherTestsSource: page,
    intakes: "september: 15 January\nFeb: March 1st\nMay",
    intakesYear: "2025",
    intakesSource: page,
    scholarshipList: "Arctic Excellence Scholarship: EUR 5,000 off the first year\nEarly Bird Award: 10% of tuition: paid in two parts",
    scholarshipsYear: "2025",
    scholarshipsSource: page,
    noOfScholarship: "7",
  };

  test("a manager adds them with a university: stored as lists, shown again as lines, and the scholarship count follows the list", async () => {
    const manager = await createUser({ role: "manager" });
    const added = await post(manager, fields({ universityName: "Arctic Lists University", countryName: "finland", ...lists }), {
      bytes: await logo(),
      name: "l.png",
      type: "image/png",
    });
    expect(added.status).toBe(303);
    const row = await byName("Arctic Lists University");
    expect(row).toMatchObject({
      country: "Finland",
      yearlyFeesAmount: 310,
      yearlyFeesCurrency: "EUR",
      yearlyFeesYear: 2025,
      yearlyFeesSource: page,
      yearlyFeesLabel: "Semester contribution (2 semesters)",
      otherTests: [
        { test: "TOEFL iBT", score: "90 (at least 20 in each part)" },
        { test: "PTE Academic", score: "62" },
      ],
      otherTestsSource: page,
      intakes: [
        { month: 9, deadline: { month: 1, day: 15 } },
        { month: 2, deadline: { month: 3, day: 1 } },
        { month: 5, deadline: null },
      ],
      intakesYear: 2025,
      intakesSource: page,
      scholarshipList: [
        { name: "Arctic Excellence Scholarship", value: "EUR 5,000 off the first year", year: 2025, source: page },
        { name: "Early Bird Award", value: "10% of tuition: paid in two parts", year: 2025, source: page },
      ],
      // Two named scholarships: the finder's count is two, whatever was typed in the count.
      scholarships: 2,
    });

    const { values } = (await open(manager, row.id)).value as { values: Record<string, string> };
    expect(values).toMatchObject({
      yearlyFees: "310",
      yearlyFeesLabel: "Semester contribution (2 semesters)",
      otherTests: "TOEFL iBT: 90 (at least 20 in each part)\nPTE Academic: 62",
      intakes: "September: 15 January\nFebruary: 1 March\nMay",
      intakesYear: "2025",
      scholarshipList: "Arctic Excellence Scholarship: EUR 5,000 off the first year\nEarly Bird Award: 10% of tuition: paid in two parts",
      scholarshipsYear: "2025",
      scholarshipsSource: page,
    });
    // Saved again as the form came, nothing changes (nor the sources that back each figure).
    expect(await edit(manager, row.id, values)).toMatchObject({ status: 303 });
    const again = await byName("Arctic Lists University");
    expect({ ...again, updatedAt: null }).toEqual({ ...row, updatedAt: null });

    // Intakes changed without their source: the page that backed the old ones goes (as every figure's does).
    expect(await edit(manager, row.id, { ...values, intakes: "January" })).toMatchObject({ status: 303 });
    expect(await byName("Arctic Lists University")).toMatchObject({
      intakes: [{ month: 1, deadline: null }],
      intakesYear: null,
      intakesSource: null,
      otherTestsSource: page,
    });
  });

  test("scholarships with a year and page each keep them through the form, one line each", async () => {
    const manager = await createUser({ role: "manager" });
    const own = "https://www.example.edu/scholarships/merit";
    expect(
      (
        await post(
          manager,
          fields({
            universityName: "Own Pages University",
            scholarshipList: `Merit Award: EUR 2,000 | 2024 | ${own}\nNeed Grant: EUR 1,000`,
            scholarshipsYear: "2025",
            scholarshipsSource: page,
          }),
          { bytes: await logo(), name: "l.png", type: "image/png" },
        )
      ).status,
    ).toBe(303);
    const row = await byName("Own Pages University");
    expect(row.scholarshipList).toEqual([
      { name: "Merit Award", value: "EUR 2,000", year: 2024, source: own },
      { name: "Need Grant", value: "EUR 1,000", year: 2025, source: page },
    ]);
    const { values } = (await open(manager, row.id)).value as { values: Record<string, string> };
    expect(values.scholarshipList).toBe(`Merit Award: EUR 2,000 | 2024 | ${own}\nNeed Grant: EUR 1,000 | 2025 | ${page}`);
    expect(values.scholarshipsYear).toBe("");
    expect(await edit(manager, row.id, values)).toMatchObject({ status: 303 });
    expect((await byName("Own Pages University")).scholarshipList).toEqual(row.scholarshipList);
  });

  test("refuses an unknown month, a day the month lacks, a scholarship without a name, a test without its minimum and an unknown country, each beside its field, changing nothing", async () => {
    const consultant = await createUser({ role: "consultant" });
    const qub = await db()
      .select()
      .from(universities)
      .where(eq(universities.slug, "queens-university-belfast"))
      .then((rows) => rows[0]);
    if (!qub) throw new Error("no QUB");
    const { values } = (await open(consultant, qub.id)).value as { values: Record<string, string> };
    const cases: [Record<string, string>, string, string][] = [
      [{ intakes: "Septembre: 15 January" }, "intakes", "Line 1: “Septembre” is not a month: write it in English, for example September"],
      [{ intakes: "September\nJanuary: 31 February" }, "intakes", "Line 2: February has no day 31"],
      [{ intakes: "September: soon" }, "intakes", "Line 1: Give the deadline as a day and a month, for example September: 15 January"],
      [{ intakes: "September\nSept: 1 May" }, "intakes", "Line 2: September is listed twice"],
      [{ scholarshipList: ": GBP 2,000" }, "scholarshipList", "Line 1: Give the scholarship's name before the colon"],
      [{ scholarshipList: "Vice-Chancellor's Award" }, "scholarshipList", "Line 1: Write it as Name: value"],
      [{ scholarshipList: "Award: GBP 1 | 25" }, "scholarshipList", "Line 1: Its year is the year the academic year starts in"],
      [{ otherTests: "TOEFL iBT:" }, "otherTests", "Line 1: Give TOEFL iBT's minimum after the colon"],
      [{ otherTests: '[{"test": "TOEFL iBT"}]' }, "otherTests", "Entry 1: Write it as Test: minimum"],
      [{ countryName: "France" }, "countryName", "Choose one of our countries: Australia, Canada"],
      [{ yearlyFees: "-5" }, "yearlyFees", "Enter a whole number, 0 or more"],
    ];
    for (const [change, field, message] of cases) {
      const refused = await edit(consultant, qub.id, { ...values, ...change });
      expect(refused.status, JSON.stringify(change)).toBe(400);
      const reply = refused.value as Reply;
      expect(reply.result.error[field]?.[0], JSON.stringify(change)).toContain(message);
      // What was typed comes back as it was.
      expect(reply.result.initialValue[field]?.replace(/\r\n/g, "\n")).toBe(Object.values(change)[0]);
    }
    const after = await db().select().from(universities).where(eq(universities.id, qub.id));
    expect(after[0]).toEqual(qub);
  });
});
