import { Redis } from "ioredis";

/** The machine's Redis, which the Redis tests use (they set REDIS_URL to it in `vi.hoisted`, before any import reads it). */
export const LOCAL_REDIS_URL = "redis://127.0.0.1:6379";

/** A connection of the test's own to the local Redis, or undefined when none answers (the test is then skipped). */
export async function connectLocalRedis(): Promise<Redis | undefined> {
  const redis = new Redis(LOCAL_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  return redis.connect().then(
    () => redis,
    () => {
      redis.disconnect();
      return undefined;
    },
  );
}
