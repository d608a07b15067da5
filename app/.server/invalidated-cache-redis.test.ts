import { randomBytes } from "node:crypto";
import { afterAll, expect, test, vi } from "vitest";
import { connectLocalRedis } from "../../tests/support/local-redis";
import { InvalidatedCache, sharedCounter } from "./invalidated-cache";
import { closeSharedRedis, sharedRedis } from "./redis";

// Runs before the imports above read the configuration: this file uses the local Redis.
vi.hoisted(() => {
  process.env.REDIS_URL = "redis://127.0.0.1:6379";
});

const redis = await connectLocalRedis();
const available = redis !== undefined;
afterAll(async () => {
  redis?.disconnect();
  await closeSharedRedis();
});

/** Two instances' caches of one kind of entry: each its own memory, one counter in Redis. */
function twoInstances() {
  const counter = { what: "test entries", epochKey: `onward:test-${randomBytes(4).toString("hex")}:epoch` };
  const instance = () =>
    new InvalidatedCache<string>(
      sharedCounter(counter, () => "shared"),
      { ttlMs: 60_000 },
    );
  return { a: instance(), b: instance(), epochKey: counter.epochKey };
}

test.runIf(available)("with REDIS_URL, a change on one instance is seen by the other's very next lookup", async () => {
  await sharedRedis()?.ping(); // connected, as a running server's is
  const { a, b, epochKey } = twoInstances();
  let reads = 0;
  const read = async () => ({ value: `read ${++reads}` });
  expect(await a.get("key", read)).toBe("read 1");
  expect(await b.get("key", read)).toBe("read 2");
  expect(await b.get("key", read)).toBe("read 2"); // from B's memory
  await a.invalidate();
  expect(Number(await redis?.get(epochKey))).toBe(1);
  expect(await b.get("key", read)).toBe("read 3");
  expect(await a.get("key", read)).toBe("read 4");
  expect(reads).toBe(4);
});

test.runIf(available)(
  "a change made by another process straight in Redis empties the cache too; nothing is kept while Redis is gone",
  async () => {
    await sharedRedis()?.ping();
    const { a, epochKey } = twoInstances();
    let reads = 0;
    const read = async () => ({ value: `read ${++reads}` });
    expect(await a.get("key", read)).toBe("read 1");
    await redis?.incr(epochKey);
    expect(await a.get("key", read)).toBe("read 2");
    sharedRedis()?.disconnect();
    expect(await a.get("key", read)).toBe("read 3");
    expect(await a.get("key", read)).toBe("read 4");
    expect(a.size).toBe(0);
  },
);
