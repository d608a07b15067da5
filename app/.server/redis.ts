import { Redis } from "ioredis";
import { getConfig } from "./config";
import { logger } from "./logger";

let client: Redis | undefined;

/**
 * The one Redis connection of this process when REDIS_URL is set (rate limits and the session
 * cache's invalidations share it), or undefined. Commands fail fast once Redis is gone; callers
 * fall back to what they can do alone.
 */
export function sharedRedis(): Redis | undefined {
  const { redisUrl } = getConfig();
  if (!redisUrl) return undefined;
  if (!client) {
    client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    client.on("error", (error) => logger.warn({ err: error }, "Redis is unreachable"));
  }
  return client;
}

/** Closes the connection (shutdown and tests). */
export async function closeSharedRedis() {
  const closing = client;
  client = undefined;
  await closing?.quit().catch(() => closing.disconnect());
}
