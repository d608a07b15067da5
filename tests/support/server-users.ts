import { afterAll, beforeAll } from "vitest";
import { openDatabase } from "~/.server/db/client";
import { setDatabase } from "~/.server/db/index";
import { createUser, type TestUser } from "./accounts";
import { type ServerProcess, startServer } from "./server-process";
import { createServerEnvironment } from "./test-database";

/**
 * Runs `work` on a server's database while that server is stopped (the embedded database has
 * one owner at a time). `env` is what createServerEnvironment gave the server.
 */
export async function onServerDatabase<T>(env: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? "" });
  setDatabase(database);
  try {
    return await work();
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}

/** Makes verified users in a server's database before the server starts. */
export async function seedUsers(env: Record<string, string>, roles: TestUser["role"][]): Promise<TestUser[]> {
  return onServerDatabase(env, async () => {
    const users: TestUser[] = [];
    for (const role of roles) users.push(await createUser({ role, verified: true }));
    return users;
  });
}

/** Signs in through a running server's login form; the session cookie as a Cookie header. */
export async function signInOverHttp(server: { url: string }, user: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${server.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: user.email, password: user.password, intent: "password" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0] ?? "")
    .find((pair) => pair.includes("session_token="));
  if (!cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie;
}

/**
 * For a test file or describe block: the built server on a database of its own (PGlite, or
 * PostgreSQL under TEST_DATABASE_URL) holding verified users with `roles`, started before the
 * tests (LOG_LEVEL=warn) and stopped after. Read `server` and `users` inside the tests.
 */
export function withRunningServer(roles: TestUser["role"][] = []) {
  const running = { server: undefined as unknown as ServerProcess, users: [] as TestUser[] };
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const environment = await createServerEnvironment();
    cleanup = environment.cleanup;
    running.users = await seedUsers(environment.env, roles);
    // The one server on its database: on PostgreSQL too it keeps its caches (ADR 036).
    running.server = await startServer({ ...environment.env, LOG_LEVEL: "warn", INSTANCES: "1" });
  });
  afterAll(async () => {
    await running.server?.stop();
    await cleanup?.();
  });
  return running;
}
