import { describe, expect, test } from "vitest";
import type { TestUser } from "../support/accounts";
import { loggedErrors } from "../support/server-process";
import { withRunningServer } from "../support/server-users";

/**
 * Every 429 says when to come back (issue "Hardening" item 5, ADR 005): each rate-limited
 * form of the running server, posted until it refuses, answers 429 with `Retry-After` in
 * whole seconds and the refusal's message on the page.
 */
describe("rate limits over HTTP", () => {
  const app = withRunningServer(["student"]);
  const student = () => app.users[0] as TestUser;

  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${app.server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  /** Posts until the answer is a 429 (at most `attempts` times) and returns that answer. */
  async function postUntilRefused(path: string, fields: () => Record<string, string>, attempts: number) {
    for (let attempt = 0; attempt < attempts; attempt++) {
      const response = await post(path, fields());
      if (response.status === 429) return { response, attempt, body: await response.text() };
      expect(response.status, `attempt ${attempt + 1} to ${path}`).toBeLessThan(429);
      await response.body?.cancel();
    }
    throw new Error(`${path} never answered 429 in ${attempts} attempts`);
  }

  const expectRetryAfter = (response: Response) => {
    const value = response.headers.get("Retry-After");
    expect(value, "Retry-After").toMatch(/^\d+$/);
    expect(Number(value)).toBeGreaterThan(0);
    return Number(value);
  };

  const contact = { name: "Ayesha", phone: "+880 1712 345678", email: "ayesha@example.com", message: "Hello", website: "" };

  test("the contact form's sixth message in ten minutes: 429, Retry-After, and the form says why", async () => {
    const { response, attempt, body } = await postUntilRefused("/contact", () => contact, 8);
    expect(attempt).toBe(5);
    expect(expectRetryAfter(response)).toBeLessThanOrEqual(600);
    expect(body).toContain("You have sent several messages in a short time.");
    expect(response.headers.get("Content-Type")).toContain("text/html");
  });

  test("the IELTS enrolment form shares the contact limit and says so with Retry-After", async () => {
    const { response, attempt } = await postUntilRefused("/ielts-details", () => ({ ...contact, message: "" }), 2);
    expect(attempt).toBe(0);
    expectRetryAfter(response);
  });

  test("sign-in: the eleventh wrong password for one account within a minute", async () => {
    const { response, attempt, body } = await postUntilRefused(
      "/login",
      () => ({ intent: "password", email: student().email, password: "not-the-password" }),
      12,
    );
    expect(attempt).toBe(10);
    expect(expectRetryAfter(response)).toBeLessThanOrEqual(60);
    expect(body).toContain("Too many attempts.");
  });

  test("a sign-in link: the fourth request for one e-mail", async () => {
    const { response, attempt } = await postUntilRefused("/login", () => ({ intent: "magic-link", email: "link@example.com" }), 5);
    expect(attempt).toBe(3);
    expectRetryAfter(response);
  });

  test("password reset: the fourth request for one e-mail within an hour", async () => {
    const { response, attempt } = await postUntilRefused("/forgot-password", () => ({ email: "reset@example.com" }), 5);
    expect(attempt).toBe(3);
    expect(expectRetryAfter(response)).toBeLessThanOrEqual(3600);
  });

  test("a new verification link: the fourth request for one e-mail within an hour", async () => {
    const { response, attempt } = await postUntilRefused("/verify-email", () => ({ email: "verify@example.com" }), 5);
    expect(attempt).toBe(3);
    expectRetryAfter(response);
  });

  test("sign-up: the sixth try for one e-mail within an hour", async () => {
    let count = 0;
    const { response } = await postUntilRefused(
      "/signup",
      () => ({
        name: "Repeat Person",
        email: "repeat@example.com",
        password: `a long enough passphrase ${count++}`,
        confirmPassword: `a long enough passphrase ${count - 1}`,
      }),
      7,
    );
    expectRetryAfter(response);
  });

  test("no refusal above was logged as an error", () => {
    expect(loggedErrors(app.server)).toEqual([]);
  });
});
