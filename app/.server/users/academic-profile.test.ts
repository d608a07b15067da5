import { expect, test } from "vitest";
import { type AcademicProfile, emptyAcademicProfile } from "~/lib/academic-profile";
import { createUser } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { AppError } from "../errors";
import { getAcademicProfile, saveAcademicProfile } from "./academic-profile";

withTestDatabase();

const full: AcademicProfile = {
  sscGpa: 5,
  hscGpa: 4.83,
  bachelorCgpa: 3.62,
  ieltsOverall: 6.5,
  englishTest: "Duolingo English Test",
  englishScore: 115,
  level: "masters",
  subject: "Public Health",
  preferredCountries: ["United Kingdom", "Canada"],
  yearlyBudgetBdt: 2_500_000,
};

/** The refusal a save ends in (or fails the test when it saves). */
async function refusal(userId: string, input: AcademicProfile): Promise<AppError> {
  try {
    await saveAcademicProfile(userId, input);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("the profile was saved");
}

test("a student without a profile reads an empty one", async () => {
  const student = await createUser();
  expect(await getAcademicProfile(student.id)).toEqual(emptyAcademicProfile);
});

test("a student saves a profile and reads it back; countries come back in the list's order, each once", async () => {
  const student = await createUser();
  const saved = await saveAcademicProfile(student.id, { ...full, preferredCountries: ["United Kingdom", "Canada", "Canada"] });
  const expected = { ...full, preferredCountries: ["Canada", "United Kingdom"] };
  expect(saved).toEqual(expected);
  expect(await getAcademicProfile(student.id)).toEqual(expected);
});

test("a second save replaces the first in full: an empty field clears what was saved", async () => {
  const student = await createUser();
  await saveAcademicProfile(student.id, full);
  await saveAcademicProfile(student.id, { ...emptyAcademicProfile, hscGpa: 4.5, subject: "  " });
  expect(await getAcademicProfile(student.id)).toEqual({ ...emptyAcademicProfile, hscGpa: 4.5 });
});

test("the edges are accepted: GPA 0 and 5, CGPA 4, IELTS 0 and 9, a budget of one taka", async () => {
  const student = await createUser();
  const edges = { ...emptyAcademicProfile, sscGpa: 0, hscGpa: 5, bachelorCgpa: 4, ieltsOverall: 9, yearlyBudgetBdt: 1 };
  expect(await saveAcademicProfile(student.id, edges)).toEqual(edges);
  expect(await saveAcademicProfile(student.id, { ...edges, ieltsOverall: 0 })).toMatchObject({ ieltsOverall: 0 });
});

test.each<[string, Partial<AcademicProfile>, string, string]>([
  ["an SSC GPA of 5.5", { sscGpa: 5.5 }, "sscGpa", "Enter your SSC GPA between 0.00 and 5.00"],
  ["a negative HSC GPA", { hscGpa: -1 }, "hscGpa", "Enter your HSC GPA between 0.00 and 5.00"],
  ["a CGPA of 4.2", { bachelorCgpa: 4.2 }, "bachelorCgpa", "Enter your CGPA between 0.00 and 4.00"],
  ["IELTS 9.5", { ieltsOverall: 9.5 }, "ieltsOverall", "Choose an IELTS overall band from 0 to 9, in steps of 0.5"],
  ["IELTS 6.3", { ieltsOverall: 6.3 }, "ieltsOverall", "Choose an IELTS overall band from 0 to 9, in steps of 0.5"],
  ["an unknown test", { englishTest: "Cambridge C1", englishScore: 180 }, "englishTest", "Choose a test from the list"],
  ["a score without its test", { englishScore: 100 }, "englishTest", "Choose the test this score is from"],
  ["a test without its score", { englishTest: "TOEFL iBT" }, "englishScore", "Enter your TOEFL iBT score"],
  ["TOEFL 121", { englishTest: "TOEFL iBT", englishScore: 121 }, "englishScore", "Enter a TOEFL iBT score from 0 to 120"],
  [
    "Duolingo 112",
    { englishTest: "Duolingo English Test", englishScore: 112 },
    "englishScore",
    "Enter a Duolingo English Test score from 10 to 160, in steps of 5",
  ],
  ["an unknown level", { level: "phd" as never }, "level", "Choose Bachelor's or Master's"],
  ["an unknown country", { preferredCountries: ["Canada", "Atlantis"] }, "preferredCountries", "Choose countries from the list"],
  ["a negative budget", { yearlyBudgetBdt: -2_500_000 }, "yearlyBudgetBdt", "Enter the yearly budget in whole taka, for example 25,00,000"],
  [
    "a budget in paisa",
    { yearlyBudgetBdt: 2_500_000.5 },
    "yearlyBudgetBdt",
    "Enter the yearly budget in whole taka, for example 25,00,000",
  ],
  [
    "a budget over ৳100 crore",
    { yearlyBudgetBdt: 1_000_000_001 },
    "yearlyBudgetBdt",
    "Enter a yearly budget of at most BDT 1,00,00,00,000 (100 crore)",
  ],
])("%s is refused with the field's message, and nothing is written", async (_, change, field, message) => {
  const student = await createUser();
  await saveAcademicProfile(student.id, full);
  const error = await refusal(student.id, { ...full, englishTest: null, englishScore: null, ...change });
  expect(error.code).toBe("INVALID");
  expect(error.message).toBe("Please provide valid information");
  expect(error.fieldErrors).toEqual({ [field]: message });
  expect(await getAcademicProfile(student.id)).toEqual({ ...full, preferredCountries: ["Canada", "United Kingdom"] });
});

test.each(["consultant", "manager", "admin", "networking"] as const)(
  "a %s has no academic profile: saving one is refused",
  async (role) => {
    const person = await createUser({ role });
    const error = await refusal(person.id, full);
    expect(error.code).toBe("FORBIDDEN");
    expect(await getAcademicProfile(person.id)).toEqual(emptyAcademicProfile);
  },
);

test("an unknown account is refused", async () => {
  expect((await refusal("no-such-user", full)).code).toBe("NOT_FOUND");
});
