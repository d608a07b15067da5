import { afterAll, expect, test, vi } from "vitest";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { connectLocalRedis } from "../../../tests/support/local-redis";
import { failuresAllowedAfterASuccess, parallelWrongSignIns } from "../../../tests/support/sign-in-limit";
import { closeSharedRedis, sharedRedis } from "../redis";

// Runs before the imports above read the configuration: the limits live in the local Redis.
vi.hoisted(() => {
  process.env.REDIS_URL = "redis://127.0.0.1:6379";
});

const probe = await connectLocalRedis();
const available = probe !== undefined;
probe?.disconnect();
afterAll(() => closeSharedRedis());

withTestDatabase();

test.runIf(available)("with REDIS_URL, 60 parallel wrong passwords for one account: exactly 10 reach the password check", async () => {
  expect(sharedRedis()).toBeDefined();
  const result = await parallelWrongSignIns(60);
  expect(result.passwordChecked).toBe(10);
  expect(result.audited).toBe(10);
  expect(result.succeeded).toBe(0);
  expect(result.refusedMessages).toHaveLength(50);
  for (const message of result.refusedMessages) expect(message).toMatch(/^Too many attempts/);
});

test.runIf(available)("with REDIS_URL, a successful sign-in gives its count back", async () => {
  const { allowed, refusal } = await failuresAllowedAfterASuccess();
  expect(allowed).toBe(1);
  expect(refusal).toMatch(/^Too many attempts/);
});
