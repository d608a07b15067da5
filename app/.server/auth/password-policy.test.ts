import { describe, expect, test } from "vitest";
import { PASSWORD_MESSAGES, passwordProblem } from "./password-policy";
import { newPasswordField, signUpSchema } from "./schemas";

describe("passwordProblem", () => {
  test.each([
    ["        ", undefined, PASSWORD_MESSAGES.blank],
    ["\t \t \t \t ", undefined, PASSWORD_MESSAGES.blank],
    ["aaaaaaaa", undefined, PASSWORD_MESSAGES.repeated],
    ["%%%%%%%%%%", undefined, PASSWORD_MESSAGES.repeated],
    ["onward123", undefined, PASSWORD_MESSAGES.siteName],
    ["Onward2026!", undefined, PASSWORD_MESSAGES.siteName],
    ["my ONWARD journey", undefined, PASSWORD_MESSAGES.siteName],
    ["rahim1234", "rahim@x.com", PASSWORD_MESSAGES.emailName],
    ["Big RAHIM energy", "rahim@x.com", PASSWORD_MESSAGES.emailName],
    ["password1", undefined, PASSWORD_MESSAGES.common],
    ["Password1", undefined, PASSWORD_MESSAGES.common],
    ["iloveyou", undefined, PASSWORD_MESSAGES.common],
    // Deep in the list: not among the first 10,000 entries the old list held.
    ["qwerty123456789", undefined, PASSWORD_MESSAGES.common],
  ])("refuses %j (e-mail %s)", (password, email, message) => {
    expect(passwordProblem({ password, email })).toBe(message);
  });

  test.each([
    ["rickshaw monsoon tea", "rahim@x.com"],
    ["correct horse battery staple", undefined],
    // A local part under 4 characters is not a rule: "ali" is in too many words.
    ["alibaba river crossing", "ali@x.com"],
  ])("accepts %j", (password, email) => {
    expect(passwordProblem({ password, email })).toBeNull();
  });

  test("the list holds at least 49,000 passwords, and entries past the old 10,000 are refused", async () => {
    const { readFileSync } = await import("node:fs");
    const { projectPath } = await import("../project-path");
    const lines = readFileSync(projectPath("app", ".server", "auth", "common-passwords.txt"), "utf8")
      .split("\n")
      .filter((line) => line !== "" && !line.startsWith("# "));
    expect(lines.length).toBeGreaterThanOrEqual(49_000);
    const late = lines.slice(10_000).filter((entry) => entry.length >= 8 && new Set(entry).size > 1 && !entry.includes("onward"));
    for (const entry of late.slice(-5)) expect(passwordProblem({ password: entry })).toBe(PASSWORD_MESSAGES.common);
  });

  test("the forms use the same rules: new-password fields and the sign-up's e-mail rule", () => {
    expect(newPasswordField.safeParse("onward123").error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.siteName);
    const signUp = signUpSchema.safeParse({ name: "R", email: "rahim@x.com", password: "rahim1234", confirmPassword: "rahim1234" });
    expect(signUp.error?.issues.find((issue) => issue.path[0] === "password")?.message).toBe(PASSWORD_MESSAGES.emailName);
  });
});
