import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ServerProcess, startServer } from "../support/server-process";
import { createServerEnvironment } from "../support/test-database";

/** Sign-up and sign-in through the real server, as a browser (or an attacker) would post them. */
describe("accounts over HTTP", () => {
  let server: ServerProcess;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const environment = await createServerEnvironment();
    cleanup = environment.cleanup;
    server = await startServer({ ...environment.env, LOG_LEVEL: "warn" });
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(form),
    });

  test("a sign-up answers with a redirect and a session cookie, and the navigation then shows LOG OUT", async () => {
    const response = await post("/signup", {
      name: "Karim",
      email: "karim@example.com",
      password: "mango season 2026",
      confirmPassword: "mango season 2026",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((cookie) => /^[^=]*session[^=]*=/.test(cookie));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const cookieHeader = cookies.map((cookie) => cookie.split(";")[0]).join("; ");
    const home = await (await fetch(`${server.url}/`, { headers: { Cookie: cookieHeader } })).text();
    expect(home).toContain("LOG OUT");
    expect(home).toContain('href="/dashboard/profile"');
    expect(home).toContain("Account created successfully");
  });

  test("the password confirmation must match and nothing is created otherwise", async () => {
    const response = await post("/signup", {
      name: "Mismatch",
      email: "mismatch@example.com",
      password: "mango season 2026",
      confirmPassword: "mango season 2025",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Password did not match");
    const signIn = await post("/login", { email: "mismatch@example.com", password: "mango season 2026" });
    expect(signIn.status).toBe(400);
  });

  test("a sign-in answers with a redirect to the page the person came from (same-site paths only)", async () => {
    await post("/signup", { name: "Back", email: "back@example.com", password: "mango season 2026", confirmPassword: "mango season 2026" });
    const ok = await post("/login", { email: "back@example.com", password: "mango season 2026", redirectTo: "/apply" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/apply");
    expect(ok.headers.getSetCookie().some((cookie) => cookie.startsWith("onward.session_token="))).toBe(true);
    const offsite = await post("/login", { email: "back@example.com", password: "mango season 2026", redirectTo: "//evil.example/steal" });
    expect(offsite.headers.get("location")).toBe("/");
  });

  test("after 10 failed sign-ins for one e-mail the 11th answers 429, whatever X-Forwarded-For says", async () => {
    await post("/signup", {
      name: "Target",
      email: "target@example.com",
      password: "mango season 2026",
      confirmPassword: "mango season 2026",
    });
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await post(
        "/login",
        { email: "target@example.com", password: "wrong guess" },
        { "X-Forwarded-For": `203.0.113.${attempt}` },
      );
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Invalid email or password");
    }
    const blocked = await post(
      "/login",
      { email: "target@example.com", password: "mango season 2026" },
      { "X-Forwarded-For": "198.51.100.1" },
    );
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many attempts");
  });

  test("cross-site posts are refused, resource routes included; same-site and non-browser posts are not", async () => {
    const form = { email: "nobody@example.com", password: "whatever it is" };
    expect((await post("/login", form, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await post("/login", form, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await post("/api/auth/sign-in/email", form, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await post("/logout", {}, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await post("/login", form, { Origin: server.url })).status).toBe(400);
    expect((await post("/login", form)).status).toBe(400);
  });

  test("an unknown or expired verification link lands on a page that says so and offers a new one", async () => {
    const response = await fetch(`${server.url}/api/auth/verify-email?token=not-a-real-token&callbackURL=%2Fverify-email`, {
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/\/verify-email\?error=/);
    const page = await (await fetch(new URL(location, server.url))).text();
    expect(page).toContain("This link does not work");
    expect(page).toContain("Send a new link");
    const reset = await (await fetch(`${server.url}/reset-password?error=INVALID_TOKEN`)).text();
    expect(reset).toContain("The password reset link has expired or was already used.");
  });

  test("better-auth's own sign-in endpoints are not reachable over HTTP", async () => {
    const response = await post("/api/auth/sign-in/email", { email: "karim@example.com", password: "mango season 2026" });
    expect([404, 405]).toContain(response.status);
    expect(response.headers.getSetCookie()).toHaveLength(0);
  });
});

describe("Google sign-in while the provider is unreachable", () => {
  test("the login page says so instead of failing", async () => {
    const environment = await createServerEnvironment();
    const server = await startServer({
      ...environment.env,
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      GOOGLE_DISCOVERY_URL: "http://127.0.0.1:1/.well-known/openid-configuration",
      LOG_LEVEL: "warn",
    });
    try {
      const response = await fetch(`${server.url}/login`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ intent: "google" }),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Google sign-in is not available right now");
    } finally {
      await server.stop();
      await environment.cleanup();
    }
  });
});

describe("over https", () => {
  test("session cookies are Secure and __Secure- prefixed, and HSTS is sent", async () => {
    const environment = await createServerEnvironment();
    const server = await startServer({ ...environment.env, APP_URL: "https://onward.test", LOG_LEVEL: "warn" });
    try {
      const response = await fetch(`${server.url}/signup`, {
        method: "POST",
        redirect: "manual",
        // No Origin: the test talks to 127.0.0.1, not the https host a proxy would forward.
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          name: "Secure",
          email: "secure@example.com",
          password: "mango season 2026",
          confirmPassword: "mango season 2026",
        }),
      });
      expect(response.status).toBe(302);
      const session = response.headers.getSetCookie().find((cookie) => cookie.includes("session_token="));
      expect(session).toMatch(/^__Secure-onward\.session_token=/);
      expect(session).toMatch(/; Secure/i);
      expect(response.headers.get("strict-transport-security")).toContain("max-age=");
    } finally {
      await server.stop();
      await environment.cleanup();
    }
  });
});
