import { expect, test } from "vitest";
import { CONTROL_CHARACTERS_REMOVED } from "~/lib/form-text";
import { ShortlistHeartSchema } from "~/lib/schemas/universities";
import { AppError } from "./errors";
import { readForm } from "./read-form";
import { parseButtons } from "./submission";

const posted = (fields: Record<string, string>) =>
  readForm(
    new Request("http://localhost/dashboard/shortlist", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
  );

/** What parseButtons refused with, or null when it did not. */
const refusal = (run: () => unknown) => {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
};

test("a button's values are read by their schema", async () => {
  const form = await posted({ university: " oxford ", intent: "add", returnTo: "/find-university?page=2" });
  expect(parseButtons(form, ShortlistHeartSchema)).toEqual({ university: "oxford", intent: "add", returnTo: "/find-university?page=2" });
});

test("an unknown or missing intent is refused (INVALID, 400) with the schema's message, never a fault", () => {
  const forms: Record<string, string>[] = [{ university: "oxford", intent: "steal" }, { university: "oxford" }, { intent: "add" }, {}];
  for (const fields of forms) {
    const refused = refusal(() => parseButtons(new URLSearchParams(fields), ShortlistHeartSchema));
    expect(refused, JSON.stringify(fields)).toMatchObject({
      code: "INVALID",
      status: 400,
      message: "Choose a university to add or remove.",
    });
  }
});

test("a control character in a button's value is refused with its message; the form's other fields are not the buttons' to judge", async () => {
  const withNul = await posted({ university: "ox\0ford", intent: "add" });
  expect(refusal(() => parseButtons(withNul, ShortlistHeartSchema))?.message).toBe(CONTROL_CHARACTERS_REMOVED);
  const otherField = await posted({ university: "oxford", intent: "remove", note: "a\0b" });
  expect(parseButtons(otherField, ShortlistHeartSchema)).toMatchObject({ university: "oxford", intent: "remove" });
});
