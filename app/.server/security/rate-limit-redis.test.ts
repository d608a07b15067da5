import { randomBytes } from "node:crypto";
import { afterAll, expect, test, vi } from "vitest";
import { connectLocalRedis } from "../../../tests/support/local-redis";
import { AppError } from "../errors";
import { limiter, resetLimiters } from "./rate-limit";

// Runs before the imports above read the configuration: this file uses the local Redis.
vi.hoisted(() => {
  process.env.REDIS_URL = "redis://127.0.0.1:6379";
});

const redis = await connectLocalRedis();
const available = redis !== undefined;
afterAll(() => redis?.disconnect());

test.runIf(available)("with REDIS_URL, counts are shared: a fresh limiter (another instance) sees earlier hits", async () => {
  const limit = { name: `shared-${randomBytes(4).toString("hex")}`, points: 3, durationSeconds: 60 };
  const key = "someone@example.com";
  for (let i = 0; i < 3; i++) await limiter(limit).hit(key);
  resetLimiters(); // as if another process started with no memory of its own
  await expect(limiter(limit).check(key)).rejects.toBeInstanceOf(AppError);
  await expect(limiter(limit).check(key)).rejects.toMatchObject({ code: "RATE_LIMITED", status: 429 });
  expect(Number(await redis?.get(`onward-${limit.name}:${key}`))).toBe(3);
});
