import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, expect, test, vi } from "vitest";

// Each run starts Node and may create a PGlite cluster: slow on two cores.
vi.setConfig({ testTimeout: 120_000 });

import { bundleScripts, runScript } from "../support/bundled-scripts";
import { startServer, tempDir } from "../support/server-process";
import { signInOverHttp } from "../support/server-users";
import { createServerEnvironment, databaseKind } from "../support/test-database";

/**
 * The command bundled once for this file (tests/support/bundled-scripts.ts): a run starts in a second or two where tsx
 * took ten. The first run goes through tsx, as `npm run create-user` does; the bundle is the same code.
 */
let bundles: Awaited<ReturnType<typeof bundleScripts>> | undefined;
beforeAll(async () => {
  bundles = await bundleScripts(["scripts/create-user.ts"]);
});
afterAll(async () => {
  await bundles?.remove();
});

/** Runs `npm run create-user` (from its bundle unless told to go through tsx); a run still going after `timeoutMs` is killed. */
function createUser(args: string[], env: Record<string, string>, { timeoutMs = 100_000, through = "bundle" } = {}) {
  if (!bundles) throw new Error("The command was not bundled");
  return runScript("scripts/create-user.ts", args, env, { bundles: through === "tsx" ? undefined : bundles.scripts, timeoutMs });
}

const manager = ["--email", "Manager@Onward.test", "--password", "first staff account", "--name", "First Manager", "--role", "manager"];

test("creates a verified manager who can then sign in, and updates the role when run again", async () => {
  const { env, cleanup } = await createServerEnvironment();
  try {
    const created = await createUser(manager, env, { through: "tsx" });
    expect(created.output).toContain("Created manager manager@onward.test");
    expect(created.code).toBe(0);
    const again = await createUser([...manager.slice(0, 6), "--role", "admin"], env);
    expect(again.output).toContain("role manager → admin");

    const server = await startServer(env);
    try {
      const response = await fetch(`${server.url}/login`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ email: "manager@onward.test", password: "first staff account" }),
      });
      expect(response.status).toBe(302);
      const cookie = response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const page = await (await fetch(`${server.url}/dashboard/user-management`, { headers: { Cookie: cookie } })).text();
      expect(page).toContain("User Management");
      expect(page).toContain("manager@onward.test");

      if (databaseKind() === "pglite") {
        const refused = await createUser(
          ["--email", "x@onward.test", "--password", "another staff pass", "--name", "X", "--role", "consultant"],
          env,
        );
        expect(refused.code).toBe(1);
        expect(refused.output).toMatch(/in use by process \d+/);
      }
    } finally {
      await server.stop();
    }
  } finally {
    await cleanup();
  }
});

// A new DATA_DIR is the embedded database's: the same run whichever database the suite is on, so run once.
test.skipIf(databaseKind() === "postgres")(
  "creates and migrates a new DATA_DIR, and exits when its work is done with REDIS_URL set (its Redis connection closed)",
  async () => {
    const dataDir = await tempDir("onward-create-user-");
    const args = ["--email", "redis@onward.test", "--password", "shared cache account", "--name", "Redis", "--role", "manager"];
    const env = { DATA_DIR: dataDir, REDIS_URL: "redis://127.0.0.1:6379" };
    const created = await createUser(args, env, { timeoutMs: 60_000 });
    expect(created.output).toContain("Created manager redis@onward.test");
    expect(created.code).toBe(0);
    // Run again: the role change empties the session cache on every instance, through Redis.
    const updated = await createUser([...args.slice(0, -1), "admin"], env, { timeoutMs: 60_000 });
    expect(updated.output).toContain("role manager → admin");
    expect(updated.code).toBe(0);
  },
);

test("--role consultant makes a consultant a student can book once they add a slot", async () => {
  const { env, cleanup } = await createServerEnvironment();
  try {
    const consultant = { email: "nadia@onward.test", password: "river delta lantern" };
    const student = { email: "rafi@onward.test", password: "monsoon tea garden" };
    const created = await createUser(
      [
        "--email",
        consultant.email,
        "--password",
        consultant.password,
        "--name",
        "Nadia Rahman",
        "--role",
        "consultant",
        "--country",
        "Finland",
      ],
      env,
    );
    expect(created.output).toContain("Created consultant nadia@onward.test");
    expect(created.output).toContain("Added their consultant profile");
    expect(created.code).toBe(0);
    expect(
      (await createUser(["--email", student.email, "--password", student.password, "--name", "Rafi", "--role", "student"], env)).code,
    ).toBe(0);

    const server = await startServer({ ...env, LOG_LEVEL: "warn" });
    try {
      const post = (path: string, cookie: string, form: Record<string, string>) =>
        fetch(`${server.url}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: server.url },
          body: new URLSearchParams(form),
        });
      const page = async (path: string, cookie: string) => {
        const response = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } });
        expect(response.status, path).toBe(200);
        return response.text();
      };

      // Listed for students before any slot, without free times (and without a picture: initials).
      const studentCookie = await signInOverHttp(server, student);
      const list = await page("/book-appointment?country=Finland", studentCookie);
      expect(list).toContain("Nadia Rahman");
      expect(list).toContain("No free times yet");
      const consultantId = /data-consultant="([^"]+)"/.exec(list)?.[1];
      expect(consultantId).toBeTruthy();

      // The consultant adds a slot on Appointment Time, as the dashboard does.
      const consultantCookie = await signInOverHttp(server, consultant);
      const start = new Date(Date.now() + 3 * 24 * 3_600_000);
      const added = await post("/dashboard/appointment-time", consultantCookie, {
        date: start.toISOString().slice(0, 10),
        time: "10:30",
        duration: "30",
        timeZone: "Asia/Dhaka",
      });
      expect(added.status).toBe(303);

      // The student books it.
      const booking = await page(`/book-appointment/${consultantId}`, studentCookie);
      const slotId = /<option value="([^"]+)"/.exec(booking)?.[1];
      expect(slotId, "a free slot on the booking page").toBeTruthy();
      const booked = await post(`/book-appointment/${consultantId}`, studentCookie, {
        slot: slotId ?? "",
        name: "Rafi",
        email: student.email,
        phone: "+880 1711 000000",
        address: "House 1, Road 2, Dhanmondi, Dhaka",
      });
      expect(booked.status).toBe(303);
      expect(booked.headers.get("Location")).toMatch(/^\/dashboard\/my-bookings\?booking=/);
      expect(await page("/dashboard/my-appointments", consultantCookie)).toContain("Rafi");
    } finally {
      await server.stop();
    }
  } finally {
    await cleanup();
  }
});

// The arguments' refusals, each with its message, are tested in process (scripts/lib/create-user-args.test.ts);
// this run shows that the command prints one and exits non-zero.
test("a refused command says why on stderr and exits non-zero, before it opens any database", async () => {
  const dataDir = await tempDir();
  const result = await createUser(["--email", "a@onward.test", "--password", "short", "--name", "N", "--role", "manager"], {
    DATA_DIR: dataDir,
  });
  expect(result.code).toBe(1);
  expect(result.output).toMatch(/^create-user: --password: /m);
  expect(await readdir(dataDir)).toEqual([]);
});
