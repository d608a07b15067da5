import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser, type TestUser } from "../support/accounts";
import { loggedErrors, type ServerProcess, startServer } from "../support/server-process";
import { onServerDatabase, seedUsers, signInOverHttp } from "../support/server-users";
import { createServerEnvironment } from "../support/test-database";

/** The set-up link's token from a server's start-up banner, or undefined when it printed none. */
function printedToken(server: ServerProcess): string | undefined {
  return server.output().match(/\/setup\?token=([A-Za-z0-9_-]{43}) /)?.[1];
}

function post(server: ServerProcess, path: string, fields: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

const phone = "+880 1711-000000";
const complete = {
  name: "Rahim Uddin",
  email: "rahim@agency.example",
  password: "tulip orbit canyon",
  confirmPassword: "tulip orbit canyon",
  contactEmail: "hello@agency.example",
  contactPhone: phone,
  city: "Chattogram",
  country: "Bangladesh",
  bookingUrl: "https://cal.example.com/agency",
  "rates.USD": "121.5",
};

async function cannotSignIn(server: ServerProcess, email: string, password: string) {
  await expect(signInOverHttp(server, { email, password })).rejects.toThrow(/sign-in failed/);
}

describe("first-run set-up on the running server", () => {
  let server: ServerProcess;
  let student: TestUser;
  let token: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const environment = await createServerEnvironment();
    cleanup = environment.cleanup;
    // A student does not end set-up; their e-mail cannot become the admin's.
    [student] = (await seedUsers(environment.env, ["student"])) as [TestUser];
    server = await startServer(environment.env);
    token = printedToken(server) ?? "";
    expect(token).not.toBe("");
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  test("/setup without the token, or with a wrong one, is the 404 page", async () => {
    for (const path of ["/setup", "/setup?token=", `/setup?token=${token.slice(1)}`, `/setup?token=${token}x`]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain("Page not found");
    }
    expect((await post(server, "/setup?token=wrong", complete)).status).toBe(404);
  });

  test("the printed link answers 200 with the form, kept by no cache and sending no Referer", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${server.url}/setup?token=${token}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toContain("no-store");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("cache-status")).not.toMatch(/hit|stored/);
      const html = await response.text();
      expect(html).toContain("Set up Onward");
      // The form posts to this same URL, and works without JavaScript.
      expect(html).toContain(`action="/setup?token=${token}"`);
      for (const name of ["name", "email", "password", "confirmPassword", "contactEmail", "contactPhone", "city", "country", "rates.USD"]) {
        expect(html).toContain(`name="${name}"`);
      }
    }
  });

  test("while set-up waits, every page works as before: nothing redirects to it", async () => {
    for (const path of ["/", "/contact", "/login", "/signup"]) {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(200);
    }
  });

  test("a refused form answers 400 with the messages, keeps what was typed, and creates nothing", async () => {
    const response = await post(server, `/setup?token=${token}`, { ...complete, email: "not-an-email", password: "short", city: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of ["Enter a valid e-mail address", "Use at least 8 characters", "Enter the city"]) expect(html).toContain(message);
    expect(html).toContain('value="Rahim Uddin"');
    expect(html).not.toContain("short");

    const taken = await post(server, `/setup?token=${token}`, { ...complete, email: student.email });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("An account with this e-mail exists already");

    await cannotSignIn(server, complete.email, complete.password);
    expect(await (await fetch(`${server.url}/contact`)).text()).not.toContain(phone);
    expect((await fetch(`${server.url}/setup?token=${token}`)).status).toBe(200);
  });

  test("an empty body, a broken one, or a NUL in a field is a 4xx with a message, and creates nothing", async () => {
    const empty = await fetch(`${server.url}/setup?token=${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "0" },
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Enter the contact e-mail address");
    const boundary = "----onward-broken";
    const broken = await fetch(`${server.url}/setup?token=${token}`, {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nhalf a val`,
    });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("could not be read");
    const nul = await post(server, `/setup?token=${token}`, { ...complete, city: "Chatto\u0000gram" });
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain("invisible control characters");
    await cannotSignIn(server, complete.email, complete.password);
    expect(loggedErrors(server)).toEqual([]);
  });

  test("a complete form signs the new admin in (303), shows the phone on /contact, and the link is 404 for good", async () => {
    const response = await post(server, `/setup?token=${token}`, complete);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/dashboard");
    const cookie = response.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    expect(cookie).toContain("onward.session_token=");
    const dashboard = await fetch(`${server.url}/dashboard/settings`, { headers: { Cookie: cookie } });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("121.5");

    await signInOverHttp(server, complete);
    const contact = await (await fetch(`${server.url}/contact`)).text();
    expect(contact).toContain(phone);
    expect(contact).toContain("hello@agency.example");

    expect((await fetch(`${server.url}/setup?token=${token}`)).status).toBe(404);
    expect((await post(server, `/setup?token=${token}`, { ...complete, email: "second@agency.example" })).status).toBe(404);
    await cannotSignIn(server, "second@agency.example", complete.password);
  });
});

describe("a restart while set-up waits, and a manager made by create-user", () => {
  test("prints the same link again; once a manager exists, no link is printed and the old one is 404", async () => {
    const { env, cleanup } = await createServerEnvironment();
    try {
      let server = await startServer(env);
      const token = printedToken(server);
      expect(token).toBeDefined();
      expect(await server.stop()).toBe(0);

      server = await startServer(env);
      expect(printedToken(server)).toBe(token);
      expect(await server.stop()).toBe(0);

      await onServerDatabase(env, () => createUser({ role: "manager", verified: true }));
      server = await startServer(env);
      try {
        expect(server.output()).toContain("Onward is starting on");
        expect(server.output()).not.toContain("set-up");
        expect((await fetch(`${server.url}/setup?token=${token}`)).status).toBe(404);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    } finally {
      await cleanup();
    }
  }, 120_000);
});
