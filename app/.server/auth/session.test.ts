import { expect, test, vi } from "vitest";
import { createUser, request } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { type CacheMode, InvalidatedCache, sharedCounter } from "../invalidated-cache";
import { getSessionUser } from "./session";

withTestDatabase();

const options = { ttlMs: 30_000 };
/** A cache's freshness as on the embedded database ("local") or on PostgreSQL without Redis ("off"). */
const counter = (mode: CacheMode) => sharedCounter({ what: "test entries", epochKey: "onward:test:epoch" }, () => mode);

test("the signed session cookie finds its person; a forged signature or token finds no one", async () => {
  const user = await createUser();
  expect((await getSessionUser(request("/", { user })))?.email).toBe(user.email);

  const [name, value] = user.cookie.split(/=(.*)/s) as [string, string];
  const decoded = decodeURIComponent(value);
  const dot = decoded.lastIndexOf(".");
  const token = decoded.slice(0, dot);
  const signature = decoded.slice(dot + 1);
  const forgedSignature = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32, 7).toString("base64")}`)}`;
  // Another token under the same signature (its first character changed, whatever that was).
  const otherToken = `${name}=${encodeURIComponent(`${token.startsWith("x") ? "y" : "x"}${token.slice(1)}.${signature}`)}`;
  for (const cookie of [forgedSignature, otherToken, `${name}=${token}`, `${name}=%E0%A4%A`]) {
    expect(await getSessionUser(new Request("http://localhost:3000/", { headers: { Cookie: cookie } })), cookie).toBeNull();
  }
});

test("the session cache answers from memory until a change empties it", async () => {
  const cache = new InvalidatedCache<string>(counter("local"), options);
  let loads = 0;
  const load = async () => {
    loads += 1;
    return { value: `person ${loads}`, expiresAt: new Date(Date.now() + 60_000) };
  };
  expect(await cache.get("token", load)).toBe("person 1");
  expect(await cache.get("token", load)).toBe("person 1");
  await cache.invalidate();
  expect(await cache.get("token", load)).toBe("person 2");
  expect(loads).toBe(2);
});

test("a lookup that started before a change is not kept, and an expired session is not kept", async () => {
  const cache = new InvalidatedCache<string>(counter("local"), options);
  let release: () => void = () => {};
  let started: () => void = () => {};
  const loading = new Promise<void>((resolve) => {
    started = resolve;
  });
  const slow = cache.get("token", async () => {
    started();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return { value: "before the change", expiresAt: new Date(Date.now() + 60_000) };
  });
  await loading; // the database read is under way when the change lands
  await cache.invalidate();
  release();
  expect(await slow).toBe("before the change");
  expect(await cache.get("token", async () => ({ value: "after the change", expiresAt: new Date(Date.now() + 60_000) }))).toBe(
    "after the change",
  );

  const expiring = new InvalidatedCache<string>(counter("local"), options);
  await expiring.get("t", async () => ({ value: "old", expiresAt: new Date(Date.now() - 1) }));
  expect(await expiring.get("t", async () => ({ value: "fresh", expiresAt: new Date(Date.now() + 60_000) }))).toBe("fresh");
});

test("with caching off every lookup reads the database", async () => {
  const cache = new InvalidatedCache<string>(counter("off"), options);
  let loads = 0;
  const load = async () => ({ value: String(++loads), expiresAt: new Date(Date.now() + 60_000) });
  await cache.get("token", load);
  await cache.get("token", load);
  expect(loads).toBe(2);
  expect(cache.size).toBe(0);
});

test("entries read at the same moment expire over the last quarter of their TTL, not all at once", async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    const cache = new InvalidatedCache<string>(counter("local"), options);
    const keys = Array.from({ length: 200 }, (_, index) => `token ${index}`);
    for (const key of keys) await cache.get(key, async () => ({ value: "first" }));
    const stillKept = async () => {
      let kept = 0;
      for (const key of keys) if ((await cache.get(key, async () => ({ value: "again" }))) === "first") kept += 1;
      return kept;
    };
    vi.setSystemTime(Date.now() + options.ttlMs * 0.74);
    expect(await stillKept()).toBe(keys.length);
    vi.setSystemTime(Date.now() + options.ttlMs * 0.11); // 85% of the TTL: some expired, not all
    const kept = await stillKept();
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(keys.length);
  } finally {
    vi.useRealTimers();
  }
});
