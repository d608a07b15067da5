import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TestUser } from "../support/accounts";
import { rawRequest } from "../support/raw-request";
import { type ServerProcess, startServer } from "../support/server-process";
import { seedUsers, signInOverHttp as signIn } from "../support/server-users";
import { createTcpProxy } from "../support/tcp-proxy";
import { createServerEnvironment, databaseKind } from "../support/test-database";

const SESSION_SECRET = randomBytes(24).toString("hex");

const get = (server: ServerProcess, path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });

/** An API token for the person, from that instance. */
const login = (server: ServerProcess, user: TestUser) =>
  fetch(`${server.url}/api/v1/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  }).then(async (response) => ((await response.json()) as { data: { token: string } }).data.token);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the request path of one server", () => {
  let server: ServerProcess;
  let cleanup: () => Promise<void>;
  let student: TestUser;
  let manager: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    const environment = await createServerEnvironment();
    cleanup = environment.cleanup;
    [student, manager, other] = (await seedUsers(environment.env, ["student", "manager", "student"])) as [TestUser, TestUser, TestUser];
    // Alone on its database (INSTANCES=1): on PostgreSQL without Redis its caches are on, as on PGlite.
    server = await startServer({ ...environment.env, SESSION_SECRET, LOG_LEVEL: "warn", INSTANCES: "1" });
  });
  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  test("refused bodies count towards the contact form's limit", async () => {
    // The limit is per client address: every request here comes from 127.0.0.1, and no other test posts a form.
    for (let index = 0; index < 5; index++) {
      const refused = await rawRequest(server.url, {
        method: "POST",
        path: "/ielts-details",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": 2 * 1024 * 1024 },
        body: Buffer.alloc(2 * 1024 * 1024, "c"),
      });
      expect(refused.status).toBe(413);
    }
    const form = await fetch(`${server.url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Rina", phone: "01712345678", email: "rina@example.com", message: "Hello" }),
    });
    expect(form.status).toBe(429);
  });

  test("public pages say what the page cache did; signed-in answers are private and never stored", async () => {
    // The first visit to a path, before the cache knows which parameters its route reads, is
    // rendered for its visitor only (it might show `utm_source`); from then on they are left out.
    const first = await get(server, "/countries/usa?utm_source=one");
    expect(first.headers.get("cache-status")).toMatch(/^onward; (fwd=miss|fwd=miss; stored|hit)$/);
    const known = await get(server, "/countries/usa?utm_source=two");
    expect(known.headers.get("cache-status")).toMatch(/^onward; (fwd=miss; stored|hit)$/);
    const second = await get(server, "/countries/usa?utm_source=three&gclid=abc");
    expect(second.headers.get("cache-status")).toBe("onward; hit");
    expect(second.headers.get("x-onward-shared-page")).toBeNull();

    const cookie = await signIn(server, student);
    for (const path of ["/", "/countries/usa", "/dashboard", "/dashboard/profile"]) {
      const response = await get(server, path, cookie);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      expect(response.headers.get("cache-status"), path).toBe("onward; fwd=bypass; detail=personal");
    }
    // A page that did not opt in is rendered for every visitor, even signed out.
    const login = await get(server, "/login");
    expect(login.headers.get("cache-status")).toBe("onward; fwd=miss");
    expect((await get(server, "/login")).headers.get("cache-status")).toBe("onward; fwd=miss");
  });

  test("a session is refused on its very next request after sign-out, though it was just served from the session cache", async () => {
    const cookie = await signIn(server, other);
    expect((await get(server, "/dashboard", cookie)).status).toBe(200);
    expect((await get(server, "/dashboard", cookie)).status).toBe(200);
    const logout = await fetch(`${server.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect([302, 303]).toContain(logout.status);
    const after = await get(server, "/dashboard", cookie);
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toContain("/login");
  });

  test("a role change applies on the person's next request", async () => {
    const studentCookie = await signIn(server, student);
    expect((await get(server, "/dashboard/my-appointments", studentCookie)).status).toBe(403);
    const managerCookie = await signIn(server, manager);
    const change = await fetch(`${server.url}/dashboard/user-management/${student.id}/role`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: managerCookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ role: "consultant" }),
    });
    expect([302, 303]).toContain(change.status);
    expect((await get(server, "/dashboard/my-appointments", studentCookie)).status).toBe(200);
  });
});

const redis = new Redis("redis://127.0.0.1:6379", { lazyConnect: true, maxRetriesPerRequest: 1 });
const redisAvailable = await redis.connect().then(
  () => true,
  () => false,
);
afterAll(() => redis.disconnect());

describe.runIf(databaseKind() === "postgres" && redisAvailable)("two instances sharing PostgreSQL and Redis", () => {
  let first: ServerProcess;
  let second: ServerProcess;
  let cleanup: () => Promise<void>;
  let person: TestUser;
  let manager: TestUser;
  let databaseEnv: Record<string, string>;

  beforeAll(async () => {
    const environment = await createServerEnvironment();
    cleanup = environment.cleanup;
    databaseEnv = environment.env;
    [person, manager] = (await seedUsers(environment.env, ["student", "manager"])) as [TestUser, TestUser];
    const env = { ...environment.env, SESSION_SECRET, LOG_LEVEL: "warn", REDIS_URL: "redis://127.0.0.1:6379" };
    [first, second] = await Promise.all([startServer(env), startServer(env)]);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await cleanup?.();
  });

  test("a session signed out on one instance is refused on the other's next request", async () => {
    const cookie = await signIn(first, person);
    expect((await get(second, "/dashboard", cookie)).status).toBe(200);
    expect((await get(second, "/dashboard", cookie)).status).toBe(200);
    await fetch(`${first.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect((await get(second, "/dashboard", cookie)).status).toBe(302);
  });

  test("an API token logged out, or whose role changed, on one instance is refused on the other's next call", async () => {
    const me = (server: ServerProcess, token: string) =>
      fetch(`${server.url}/api/v1/me`, { headers: { Authorization: `Bearer ${token}` } }).then((response) => response.status);

    const token = await login(first, person);
    expect([await me(second, token), await me(second, token)]).toEqual([200, 200]);
    await fetch(`${first.url}/api/v1/auth/logout`, { method: "POST", headers: { Authorization: `Bearer ${token}` } });
    expect(await me(second, token)).toBe(401);

    // A role change applies to the person's tokens on the very next call, even one the other instance has cached.
    const again = await login(second, person);
    expect(await me(second, again)).toBe(200);
    const managerToken = await login(first, manager);
    const changed = await fetch(`${first.url}/api/v1/users/${person.id}/role`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${managerToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ role: "consultant" }),
    });
    expect(changed.status).toBe(200);
    const after = await fetch(`${second.url}/api/v1/me`, { headers: { Authorization: `Bearer ${again}` } });
    expect([after.status, ((await after.json()) as { data: { role: string } }).data.role]).toEqual([200, "consultant"]);
  });

  test("a setting changed on one instance shows on the other's next anonymous page within a second, though it had the page cached", async () => {
    await get(second, "/contact");
    expect((await get(second, "/contact")).headers.get("cache-status")).toBe("onward; hit");
    const phone = `+88017${String(Date.now()).slice(-8)}`;
    const changed = await fetch(`${first.url}/api/v1/settings`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${await login(first, manager)}`, "Content-Type": "application/json" },
      body: JSON.stringify({ contactPhone: phone }),
    });
    expect(changed.status).toBe(200);
    const answered = performance.now();
    let shown = false;
    while (!shown && performance.now() - answered < 1_000) {
      shown = (await (await get(second, "/contact")).text()).includes(phone);
      if (!shown) await sleep(50);
    }
    expect(shown, "the other instance still showed the old phone a second after the change").toBe(true);
  });

  test("the token of an account an operator deleted is refused (401), not a fault", async () => {
    // PostgreSQL takes a second connection while the servers run.
    const [gone] = (await seedUsers(databaseEnv, ["student"])) as [TestUser];
    const response = await fetch(`${first.url}/api/v1/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: gone.email, password: gone.password }),
    });
    const { token } = ((await response.json()) as { data: { token: string } }).data;
    const client = new pg.Client({ connectionString: databaseEnv.DATABASE_URL });
    await client.connect();
    await client.query("delete from users where id = $1", [gone.id]);
    await client.end();
    const after = await fetch(`${second.url}/api/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect([after.status, ((await after.json()) as { error: { code: string } }).error.code]).toEqual([401, "UNAUTHENTICATED"]);
  });
});

describe.runIf(databaseKind() === "postgres" && redisAvailable)("caches another instance's change could make stale", () => {
  let cleanup: () => Promise<void>;
  let env: Record<string, string>;

  beforeAll(async () => {
    const environment = await createServerEnvironment();
    cleanup = environment.cleanup;
    env = { ...environment.env, SESSION_SECRET, LOG_LEVEL: "error" };
  });
  afterAll(async () => {
    await cleanup?.();
  });

  /** What the page cache did for the second of two anonymous visits to /contact. */
  async function secondVisit(server: ServerProcess): Promise<string | null> {
    await get(server, "/contact");
    return (await get(server, "/contact")).headers.get("cache-status");
  }

  test("on PostgreSQL without Redis the page cache is off (siblings' changes would go unheard), unless INSTANCES=1", async () => {
    const shared = await startServer(env);
    try {
      expect(await secondVisit(shared)).toBe("onward; fwd=bypass; detail=off");
    } finally {
      await shared.stop();
    }
    const alone = await startServer({ ...env, INSTANCES: "1" });
    try {
      expect(await secondVisit(alone)).toBe("onward; hit");
    } finally {
      await alone.stop();
    }
  });

  test("a Redis that goes away turns the page cache off (never a stale page), and it comes back with Redis", async () => {
    const proxy = await createTcpProxy({ host: "127.0.0.1", port: 6379 });
    const server = await startServer({ ...env, REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
    try {
      await expect.poll(() => secondVisit(server), { timeout: 5_000 }).toBe("onward; hit");
      await proxy.cut();
      await expect.poll(() => secondVisit(server), { timeout: 5_000 }).toBe("onward; fwd=bypass; detail=off");
      await proxy.restore();
      await expect.poll(() => secondVisit(server), { timeout: 15_000 }).toBe("onward; hit");
    } finally {
      await server.stop();
      await proxy.close();
    }
  });
});
