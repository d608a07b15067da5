import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cookieHeader } from "../support/accounts";
import { type ServerProcess, startServer } from "../support/server-process";
import { firstLink, startSmtpServer } from "../support/smtp";
import { createServerEnvironment } from "../support/test-database";

/** Sign-up and sign-in through the real server, as a browser (or an attacker) would post them. */
describe("accounts over HTTP", () => {
  let server: ServerProcess;
  let cleanup: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const environment = await createServerEnvironment();
    cleanup = environment.cleanup;
    server = await startServer({ ...environment.env, LOG_LEVEL: "warn", SMTP_URL: smtp.url, MAIL_FROM: "Onward <no-reply@onward.test>" });
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
    await smtp?.stop();
  });

  const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(form),
    });

  const signUpForm = (name: string, email: string, password = "mango season 2026") => ({
    name,
    email,
    password,
    confirmPassword: password,
  });

  /** Signs up and follows the confirmation link from the e-mail; the session cookie it sets, as a Cookie header. */
  async function signUpAndConfirm(name: string, email: string, password = "mango season 2026"): Promise<string> {
    expect((await post("/signup", signUpForm(name, email, password))).status).toBe(303);
    const link = firstLink((await smtp.waitFor(email)).raw, "/verify-email?token=");
    const confirmed = await fetch(link.replace(/^https?:\/\/[^/]+/, server.url), { redirect: "manual" });
    return cookieHeader(confirmed.headers.getSetCookie());
  }

  const sessionCookieIn = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.includes("session_token="));

  test("a new e-mail and a taken one both get a 303 to the check-your-e-mail page, and neither signs in", async () => {
    await signUpAndConfirm("Owner", "owner@example.com");
    const fresh = await post("/signup", signUpForm("Karim", "karim@example.com"));
    const taken = await post("/signup", signUpForm("Impostor", "Owner@Example.com", "another mango season"));
    for (const response of [fresh, taken]) {
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/signup/check-email");
      expect(sessionCookieIn(response)).toBeUndefined();
    }
    const page = await (await fetch(`${server.url}/signup/check-email`)).text();
    expect(page).toContain("Check your e-mail");

    const newMail = await smtp.waitFor("karim@example.com");
    expect(newMail.raw).toContain("Confirm your e-mail address for Onward");
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes("owner@example.com")).length).toBe(2);
    const note = smtp.received.filter((mail) => mail.to.includes("owner@example.com"))[1];
    expect(note?.raw).toContain("Someone tried to create an Onward account with your e-mail");
  });

  test("a taken e-mail costs the server about as much as a new one (the password is hashed on both paths)", async () => {
    await signUpAndConfirm("Timing Owner", "timing@example.com");
    const timeOf = async (form: Record<string, string>) => {
      const started = performance.now();
      expect((await post("/signup", form)).status).toBe(303);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const fresh: number[] = [];
    const taken: number[] = [];
    for (let round = 0; round < 4; round++) {
      fresh.push(await timeOf(signUpForm("New", `timing-new-${round}@example.com`)));
      taken.push(await timeOf(signUpForm("Again", "timing@example.com", `another mango season ${round}`)));
    }
    // Lenient on a shared machine; without the hash the taken path would answer in a few ms.
    expect(median(taken)).toBeGreaterThan(median(fresh) / 3);
  });

  test("the link in the e-mail confirms the address, signs the person in and shows Account created successfully", async () => {
    expect((await post("/signup", signUpForm("Nadia", "nadia@example.com"))).status).toBe(303);
    const link = firstLink((await smtp.waitFor("nadia@example.com")).raw, "/verify-email?token=");
    const confirmed = await fetch(link.replace(/^https?:\/\/[^/]+/, server.url), { redirect: "manual" });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/");
    const session = sessionCookieIn(confirmed);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const home = await (await fetch(`${server.url}/`, { headers: { Cookie: cookieHeader(confirmed.headers.getSetCookie()) } })).text();
    expect(home).toContain("LOG OUT");
    expect(home).toContain("Account created successfully");
    // Followed again: nobody is signed in a second time, and the page says the address is confirmed.
    const again = await fetch(link.replace(/^https?:\/\/[^/]+/, server.url), { redirect: "manual" });
    expect(again.status).toBe(200);
    expect(sessionCookieIn(again)).toBeUndefined();
    expect(await again.text()).toContain("Your e-mail is confirmed");
  });

  test("the sign-up's redirectTo survives the confirmation link, and a hostile one does not", async () => {
    await post("/signup", { ...signUpForm("Applicant", "applicant@example.com"), redirectTo: "/apply" });
    const link = firstLink((await smtp.waitFor("applicant@example.com")).raw, "/verify-email?token=");
    const confirmed = await fetch(link.replace(/^https?:\/\/[^/]+/, server.url), { redirect: "manual" });
    expect(confirmed.headers.get("location")).toBe("/apply");
    await post("/signup", { ...signUpForm("Tabby", "tabby@example.com"), redirectTo: "/\t/evil.example" });
    const tabLink = firstLink((await smtp.waitFor("tabby@example.com")).raw, "/verify-email?token=");
    const tabConfirmed = await fetch(tabLink.replace(/^https?:\/\/[^/]+/, server.url), { redirect: "manual" });
    expect(tabConfirmed.headers.get("location")).toBe("/");
  });

  test("signing in before confirming asks to confirm the e-mail and sends a fresh link, at most one per 5 minutes", async () => {
    expect((await post("/signup", signUpForm("Early", "early@example.com"))).status).toBe(303);
    await smtp.waitFor("early@example.com");
    const first = await post("/login", { email: "early@example.com", password: "mango season 2026" });
    expect(first.status).toBe(403);
    expect(sessionCookieIn(first)).toBeUndefined();
    expect(await first.text()).toContain("Please confirm your e-mail address first");
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes("early@example.com")).length).toBe(2);
    expect((await post("/login", { email: "early@example.com", password: "mango season 2026" })).status).toBe(403);
    // The outbox sends in the order mail was queued: once a later message has arrived, a third link would have too.
    expect((await post("/signup", signUpForm("Later", "later@example.com"))).status).toBe(303);
    await smtp.waitFor("later@example.com");
    expect(smtp.received.filter((mail) => mail.to.includes("early@example.com"))).toHaveLength(2);
    // The wrong password still gets only the generic message.
    const wrong = await post("/login", { email: "early@example.com", password: "not the password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Invalid email or password");
  });

  test.each([
    ["        ", "only spaces"],
    ["aaaaaaaa", "one character repeated"],
    ["onward123", "Onward"],
    ["weakling2026", "first part of your e-mail"],
    ["password1", "too common"],
  ])("a weak password (%j) answers 400 with the form and the reason, and creates nothing", async (password, reason) => {
    const response = await post("/signup", signUpForm("Weak", "weakling@example.com", password));
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    const page = await response.text();
    expect(page).toContain("<form");
    expect(page).toContain(reason);
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
    await signUpAndConfirm("Back", "back@example.com");
    const ok = await post("/login", { email: "back@example.com", password: "mango season 2026", redirectTo: "/apply" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/apply");
    expect(ok.headers.getSetCookie().some((cookie) => cookie.startsWith("onward.session_token="))).toBe(true);
    const offsite = await post("/login", { email: "back@example.com", password: "mango season 2026", redirectTo: "//evil.example/steal" });
    expect(offsite.headers.get("location")).toBe("/");
  });

  test("GET /login?redirectTo=/%09/evil.example, then signing in from that page, lands on /", async () => {
    await signUpAndConfirm("Tab Target", "tab-target@example.com");
    const page = await (await fetch(`${server.url}/login?redirectTo=/%09/evil.example`)).text();
    const hidden = page.match(/name="redirectTo" value="([^"]*)"/)?.[1] ?? "";
    expect(hidden).toContain("evil.example");
    const signedIn = await post("/login", {
      email: "tab-target@example.com",
      password: "mango season 2026",
      redirectTo: hidden.replace(/&#9;|&#x9;/gi, "\t"),
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/");
    for (const redirectTo of ["/%09/evil.example", "/\t/evil.example", "/\r\n/evil.example", "/%0d%0aSet-Cookie:x", "/\u2028"]) {
      const response = await post("/login", { email: "tab-target@example.com", password: "mango season 2026", redirectTo });
      expect(response.headers.get("location"), redirectTo).toBe("/");
    }
  });

  test("CR/LF or characters outside Latin-1 in redirectTo never make a 500 (login page, sign-in, sign-up)", async () => {
    const cookie = await signUpAndConfirm("Unicode", "unicode@example.com");
    for (const value of ["/ü", "/\u2028", "/%0d%0aSet-Cookie:x", "/ধন্যবাদ?q=ক#খ"]) {
      const signedOut = await fetch(`${server.url}/login?redirectTo=${encodeURIComponent(value)}`, { redirect: "manual" });
      expect(signedOut.status, value).toBe(200);
      const signedInPage = await fetch(`${server.url}/login?redirectTo=${encodeURIComponent(value)}`, {
        redirect: "manual",
        headers: { Cookie: cookie },
      });
      expect(signedInPage.status, value).toBe(302);
      const signIn = await post("/login", { email: "unicode@example.com", password: "mango season 2026", redirectTo: value });
      expect(signIn.status, value).toBe(302);
      const signUp = await post("/signup", { ...signUpForm("Again", "unicode@example.com"), redirectTo: value });
      expect(signUp.status, value).toBe(303);
      for (const response of [signedInPage, signIn]) {
        expect(new URL(response.headers.get("location") ?? "", server.url).origin, value).toBe(new URL(server.url).origin);
      }
    }
  });

  test("after 10 failed sign-ins for one e-mail the 11th answers 429, whatever X-Forwarded-For says", async () => {
    await signUpAndConfirm("Target", "target@example.com");
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
    const response = await post("/api/auth/sign-in/email", { email: "back@example.com", password: "mango season 2026" });
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
    const smtp = await startSmtpServer();
    const server = await startServer({ ...environment.env, APP_URL: "https://onward.test", LOG_LEVEL: "warn", SMTP_URL: smtp.url });
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
      expect(response.status).toBe(303);
      expect(response.headers.get("strict-transport-security")).toContain("max-age=");
      const link = firstLink((await smtp.waitFor("secure@example.com")).raw, "/verify-email?token=");
      expect(link).toMatch(/^https:\/\/onward\.test\/verify-email\?token=/);
      const confirmed = await fetch(link.replace("https://onward.test", server.url), { redirect: "manual" });
      const session = confirmed.headers.getSetCookie().find((cookie) => cookie.includes("session_token="));
      expect(session).toMatch(/^__Secure-onward\.session_token=/);
      expect(session).toMatch(/; Secure/i);
    } finally {
      await server.stop();
      await environment.cleanup();
      await smtp.stop();
    }
  });
});
