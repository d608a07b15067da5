import { afterAll, beforeAll, expect, test } from "vitest";
import { type ServerProcess, startServer } from "../support/server-process";
import { seedUsers } from "../support/server-users";
import { createServerEnvironment } from "../support/test-database";

let server: ServerProcess;
let cleanup: () => Promise<void>;
let email: string;

beforeAll(async () => {
  const environment = await createServerEnvironment();
  cleanup = environment.cleanup;
  const [user] = await seedUsers(environment.env, ["student"]);
  email = user?.email ?? "";
  server = await startServer({ ...environment.env, LOG_LEVEL: "warn" });
});
afterAll(async () => {
  await server?.stop();
  await cleanup?.();
});

test("60 wrong passwords for one account posted to /login at once: 10 are checked, the other 50 answer 429", async () => {
  const statuses = await Promise.all(
    Array.from({ length: 60 }, async () => {
      const response = await fetch(`${server.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "password", email, password: "not the password at all" }),
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const count = (status: number) => statuses.filter((value) => value === status).length;
  expect(count(400)).toBe(10); // "Invalid email or password": these reached the password check
  expect(count(429)).toBe(50);
});
