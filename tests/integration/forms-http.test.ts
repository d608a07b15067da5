import { describe, expect, test } from "vitest";
import type { TestUser } from "../support/accounts";
import { loggedErrors } from "../support/server-process";
import { withRunningServer } from "../support/server-users";

/**
 * The forms as a browser without JavaScript uses them: a refused post answers the page
 * again (400) with the spec's messages and what was typed, never a secret, never a value
 * longer than its field allows, and a client's mistake is never a 5xx or an `error` log line.
 */
describe("forms over HTTP, without JavaScript", () => {
  const app = withRunningServer(["student"]);
  const student = () => app.users[0] as TestUser;

  const post = async (path: string, fields: Record<string, string>) => {
    const response = await fetch(`${app.server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };

  test("an empty contact form answers 400 with 'All fields are required' beside 'This field is required'", async () => {
    const answer = await post("/contact", { name: "Ayesha", phone: "", email: "", message: "", website: "" });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("All fields are required");
    expect(answer.body).toContain("This field is required");
    expect(answer.body).toContain('value="Ayesha"');
  });

  test("100 kB in the contact form's name and message: 400, and the page does not carry them back", async () => {
    const huge = "n".repeat(100_000);
    const answer = await post("/contact", {
      name: huge,
      phone: "+880 1712 345678",
      email: "big@example.com",
      message: huge,
      website: "",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.length).toBeLessThan(50_000);
    expect(answer.body).not.toContain("n".repeat(300));
    expect(answer.body).toContain("Please keep the name under 200 characters");
    expect(answer.body).toContain('value="big@example.com"');
  });

  test.each([129, 1_024])("a sign-in password of %i characters answers 400 with a plain message on the form", async (length) => {
    const answer = await post("/login", { intent: "password", email: student().email, password: "p".repeat(length) });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Use at most 128 characters");
    expect(answer.body).not.toContain("p".repeat(129));
  });

  test("a wrong password keeps the e-mail but never sends the password back", async () => {
    const answer = await post("/login", { intent: "password", email: student().email, password: "secret-wrong-password" });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Invalid email or password");
    expect(answer.body).toContain(`value="${student().email}"`);
    expect(answer.body).not.toContain("secret-wrong-password");
  });

  test("sign-up with mismatched passwords says 'Password did not match' and keeps name and e-mail", async () => {
    const answer = await post("/signup", {
      name: "New Person",
      email: "new.person@example.com",
      password: "a long enough passphrase",
      confirmPassword: "another passphrase",
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Password did not match");
    expect(answer.body).toContain('value="New Person"');
    expect(answer.body).not.toContain("a long enough passphrase");
  });

  test("forgot-password, verify-email and two-factor refuse an empty e-mail or code with 400 and a message", async () => {
    const reset = await post("/forgot-password", { email: "" });
    expect(reset.status).toBe(400);
    expect(reset.body).toContain("Enter your e-mail address");
    const verify = await post("/verify-email", { email: "not-an-address" });
    expect(verify.status).toBe(400);
    expect(verify.body).toContain("Enter a valid e-mail address");
  });

  test("nothing above was a server error", () => {
    expect(loggedErrors(app.server)).toEqual([]);
  });
});
