import { beforeAll, describe, expect, test } from "vitest";
import { getAcademicProfile } from "~/.server/users/academic-profile";
import { emptyAcademicProfile } from "~/lib/academic-profile";
import { createUser, type TestUser } from "../../../tests/support/accounts";
import { auditEventsWhere } from "../../../tests/support/audit-log";
import { callRoute } from "../../../tests/support/call-route";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { toastOf } from "../../../tests/support/members";
import * as academicProfile from "./academic-profile";
import * as profilePage from "./profile";

withTestDatabase();

const path = "/dashboard/academic-profile";
type Values = Record<string, string | string[] | undefined>;
type Page = { values: Values };
type Reply = { result: { error?: Record<string, string[] | null>; initialValue?: Values } };

const open = (user: TestUser | null) => callRoute<Page>(academicProfile, { path, headers: user ? { Cookie: user.cookie } : {} });

/** Posts the form as a browser does: every field, the countries repeated, empty fields as "". */
async function save(user: TestUser | null, fields: Record<string, string | string[]>) {
  const form = new URLSearchParams();
  for (const name of ["sscGpa", "hscGpa", "bachelorCgpa", "ieltsOverall", "englishTest", "englishScore", "level", "subject"]) {
    form.set(name, String(fields[name] ?? ""));
  }
  for (const country of [fields.preferredCountries ?? []].flat()) form.append("preferredCountries", country);
  form.set("yearlyBudgetBdt", String(fields.yearlyBudgetBdt ?? ""));
  const answer = await callRoute<Reply>(academicProfile, { path, form, headers: user ? { Cookie: user.cookie } : {} });
  return { ...answer, fieldError: (name: string) => answer.data?.result.error?.[name]?.[0] };
}

const filled = {
  sscGpa: "5",
  hscGpa: "4.83",
  bachelorCgpa: "3.6",
  ieltsOverall: "6.5",
  englishTest: "",
  englishScore: "",
  level: "masters",
  subject: "Computer Science",
  preferredCountries: ["United Kingdom", "Germany"],
  yearlyBudgetBdt: "25,00,000",
};

describe("who may open and save it", () => {
  test("signed out, the page and the post send the person to sign in, and nothing is saved", async () => {
    const page = await open(null);
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
    const post = await save(null, filled);
    expect(post.status).toBe(302);
    expect(post.location).toMatch(/^\/login\?/);
  });

  test.each(["consultant", "manager", "admin", "networking"] as const)(
    "a %s is refused with 403, opening or saving, and the refusal is recorded",
    async (role) => {
      const person = await createUser({ role });
      expect((await open(person)).status).toBe(403);
      const post = await save(person, filled);
      expect(post.status).toBe(403);
      expect(await getAcademicProfile(person.id)).toEqual(emptyAcademicProfile);
      expect(await auditEventsWhere({ action: "access.refused", actorId: person.id })).toHaveLength(2);
    },
  );
});

describe("a student", () => {
  let student: TestUser;
  beforeAll(async () => {
    student = await createUser({ role: "student" });
  });

  test("starts with an empty form", async () => {
    const page = await open(student);
    expect(page.status).toBe(200);
    expect(page.data.values).toEqual({ preferredCountries: [] });
  });

  test("saves it with the toast, and the form then shows what was saved, the budget grouped in lakh", async () => {
    const saved = await save(student, filled);
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(path);
    expect(await toastOf(new Response(null, { headers: saved.headers }))).toBe("Successfully updated");
    expect(await getAcademicProfile(student.id)).toEqual({
      sscGpa: 5,
      hscGpa: 4.83,
      bachelorCgpa: 3.6,
      ieltsOverall: 6.5,
      englishTest: null,
      englishScore: null,
      level: "masters",
      subject: "Computer Science",
      preferredCountries: ["Germany", "United Kingdom"],
      yearlyBudgetBdt: 2_500_000,
    });
    expect((await open(student)).data.values).toEqual({
      sscGpa: "5.00",
      hscGpa: "4.83",
      bachelorCgpa: "3.60",
      ieltsOverall: "6.5",
      level: "masters",
      subject: "Computer Science",
      preferredCountries: ["Germany", "United Kingdom"],
      yearlyBudgetBdt: "25,00,000",
    });
  });

  test.each([
    ["2500000", 2_500_000],
    ["2,500,000", 2_500_000],
    ["৳ 25,00,000", 2_500_000],
    ["Tk 1,20,000", 120_000],
    ["২৫,০০,০০০", 2_500_000],
  ])("a budget typed as %s is %d taka", async (typed, taka) => {
    expect((await save(student, { ...filled, yearlyBudgetBdt: typed })).status).toBe(303);
    expect((await getAcademicProfile(student.id)).yearlyBudgetBdt).toBe(taka);
  });

  test("another English test and its score are saved; one country alone is a list of one", async () => {
    const saved = await save(student, {
      ...filled,
      ieltsOverall: "",
      englishTest: "Duolingo English Test",
      englishScore: "120",
      preferredCountries: "Canada",
    });
    expect(saved.status).toBe(303);
    expect(await getAcademicProfile(student.id)).toMatchObject({
      ieltsOverall: null,
      englishTest: "Duolingo English Test",
      englishScore: 120,
      preferredCountries: ["Canada"],
    });
  });

  test("clearing the fields clears the profile", async () => {
    await save(student, filled);
    expect((await save(student, {})).status).toBe(303);
    expect(await getAcademicProfile(student.id)).toEqual(emptyAcademicProfile);
  });

  test.each<[string, Record<string, string | string[]>, string, string]>([
    ["SSC GPA 5.5", { sscGpa: "5.5" }, "sscGpa", "Enter your SSC GPA between 0.00 and 5.00"],
    ["SSC GPA 6", { sscGpa: "6" }, "sscGpa", "Enter your SSC GPA between 0.00 and 5.00"],
    ["HSC GPA -1", { hscGpa: "-1" }, "hscGpa", "Enter your HSC GPA between 0.00 and 5.00"],
    ["HSC GPA 'A+'", { hscGpa: "A+" }, "hscGpa", "Enter your HSC GPA between 0.00 and 5.00"],
    ["CGPA 4.2", { bachelorCgpa: "4.2" }, "bachelorCgpa", "Enter your CGPA between 0.00 and 4.00"],
    ["IELTS 9.5", { ieltsOverall: "9.5" }, "ieltsOverall", "Choose an IELTS overall band from 0 to 9, in steps of 0.5"],
    ["IELTS 6.25", { ieltsOverall: "6.25" }, "ieltsOverall", "Choose an IELTS overall band from 0 to 9, in steps of 0.5"],
    ["an unknown test", { englishTest: "IELTS General", englishScore: "7" }, "englishTest", "Choose a test from the list"],
    ["a score that is not a number", { englishTest: "TOEFL iBT", englishScore: "ninety" }, "englishScore", "Enter your score as a number"],
    ["PTE 95", { englishTest: "PTE Academic", englishScore: "95" }, "englishScore", "Enter a PTE Academic score from 10 to 90"],
    ["a score without its test", { englishScore: "100" }, "englishTest", "Choose the test this score is from"],
    ["an unknown level", { level: "phd" }, "level", "Choose Bachelor's or Master's"],
    ["an unknown country", { preferredCountries: ["Canada", "Atlantis"] }, "preferredCountries", "Choose countries from the list"],
    [
      "a negative budget",
      { yearlyBudgetBdt: "-25,00,000" },
      "yearlyBudgetBdt",
      "Enter the yearly budget in whole taka, for example 25,00,000",
    ],
    [
      "a budget in words",
      { yearlyBudgetBdt: "25 lakh" },
      "yearlyBudgetBdt",
      "Enter the yearly budget in whole taka, for example 25,00,000",
    ],
    [
      "a budget with paisa",
      { yearlyBudgetBdt: "2500000.50" },
      "yearlyBudgetBdt",
      "Enter the yearly budget in whole taka, for example 25,00,000",
    ],
    ["a budget of nothing", { yearlyBudgetBdt: "0" }, "yearlyBudgetBdt", "Enter the yearly budget in whole taka, for example 25,00,000"],
    [
      "a budget over ৳100 crore",
      { yearlyBudgetBdt: "99,99,99,99,999" },
      "yearlyBudgetBdt",
      "Enter a yearly budget of at most BDT 1,00,00,00,000 (100 crore)",
    ],
    ["a subject of 101 characters", { subject: "s".repeat(101) }, "subject", "Use at most 100 characters"],
  ])("%s is a 400 with the message beside the field, what was typed kept, and nothing saved", async (_, change, field, message) => {
    await save(student, filled);
    const before = await getAcademicProfile(student.id);
    const refused = await save(student, { ...filled, ...change });
    expect(refused.status).toBe(400);
    expect(refused.fieldError(field)).toBe(message);
    expect(Object.keys(refused.data.result.error ?? {}).filter((name) => refused.data.result.error?.[name]?.length)).toEqual([field]);
    // What the person typed comes back (a value past its field's limit excepted).
    const typed: Record<string, string | string[]> = { ...filled, ...change };
    if (field !== "subject") expect(refused.data.result.initialValue?.[field]).toEqual(typed[field] || undefined);
    expect(refused.data.result.initialValue?.preferredCountries).toEqual(typed.preferredCountries);
    expect(refused.data.result.initialValue?.subject).toBe(field === "subject" ? undefined : "Computer Science");
    expect(await getAcademicProfile(student.id)).toEqual(before);
  });

  test("the profile page shows the saved profile with a link to edit it", async () => {
    await save(student, filled);
    const page = await callRoute<{ academicProfile: unknown }>(profilePage, {
      path: "/dashboard/profile",
      headers: { Cookie: student.cookie },
    });
    expect(page.data.academicProfile).toMatchObject({ sscGpa: 5, yearlyBudgetBdt: 2_500_000 });
    const consultant = await createUser({ role: "consultant" });
    const staffPage = await callRoute<{ academicProfile: unknown }>(profilePage, {
      path: "/dashboard/profile",
      headers: { Cookie: consultant.cookie },
    });
    expect(staffPage.data.academicProfile).toBeNull();
  });
});
