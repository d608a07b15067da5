import { expect, test } from "vitest";
import { parseCreateUserArgs } from "./create-user-args";

// The password policy's whole table is tested on the domain function (provision-account.test.ts,
// password-policy.test.ts); one refusal here shows the command applies it. Running the command itself is
// tested in tests/integration/create-user.test.ts.
test.each([
  [["--email", "not-an-email", "--password", "long enough pass", "--name", "N", "--role", "manager"], "--email"],
  [["--email", "a@onward.test", "--password", "short", "--name", "N", "--role", "manager"], "--password"],
  [["--email", "a@onward.test", "--password", "long enough pass", "--name", "N", "--role", "king"], "--role"],
  [
    ["--email", "a@onward.test", "--password", "Onward2026!", "--name", "N", "--role", "manager"],
    "--password: Your password cannot contain the word “Onward”",
  ],
  [["--email", "a@onward.test", "--bogus"], "usage"],
  [
    ["--email", "a@onward.test", "--password", "long enough pass", "--name", "N", "--role", "manager", "--university", "Aalto"],
    "--university describes a consultant",
  ],
  [
    ["--email", "a@onward.test", "--password", "long enough pass", "--name", "N", "--role", "consultant", "--country", "Narnia"],
    "--country: Choose a country from the list",
  ],
])("refuses %o with a clear message", (args, expected) => {
  const parsed = parseCreateUserArgs(args);
  expect(parsed.ok).toBe(false);
  expect(parsed.ok ? "" : parsed.message).toContain(expected);
});

test("takes a consultant's profile with --role consultant", () => {
  const parsed = parseCreateUserArgs([
    "--email",
    "Nadia@Onward.test",
    "--password",
    "river delta lantern",
    "--name",
    " Nadia Rahman ",
    "--role",
    "consultant",
    "--country",
    "Finland",
  ]);
  expect(parsed).toMatchObject({
    ok: true,
    input: { email: "nadia@onward.test", name: "Nadia Rahman", role: "consultant" },
    profile: { country: "Finland" },
  });
});
