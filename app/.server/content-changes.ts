import { EventEmitter } from "node:events";
import type { Redis } from "ioredis";
import { cacheMode, type Freshness } from "./invalidated-cache";
import { logger } from "./logger";
import { sharedRedis } from "./redis";

/**
 * Staff changes to what public pages show (site settings, the catalogue) announce themselves
 * here; the page cache and the site settings held in memory listen and empty themselves, on this
 * instance at once and, with REDIS_URL, on every other one through Redis pub/sub (within
 * milliseconds). Domain code knows nothing of caching, only that content changed.
 *
 * Those caches are kept only while they can be kept true (`contentCachesUsable`): on the embedded
 * database or with INSTANCES=1 (one process sees every change), or with Redis while this instance
 * is subscribed. While the subscription is down they are not used; when it comes back they are
 * emptied first, since a change may have been missed meanwhile. See ADR 036.
 */
const changes = new EventEmitter();
const CHANNEL = "onward:content-changed";

let subscriber: Redis | undefined;
let subscribed = false;

/** Empties this instance's content caches and tells the others (best effort: see contentCachesUsable). */
export function notifyContentChanged() {
  changes.emit("changed");
  if (cacheMode() !== "shared") return;
  sharedRedis()
    ?.publish(CHANNEL, String(Date.now()))
    .catch((error: unknown) => logger.warn({ err: error }, "could not announce a content change to other instances"));
}

/** Calls `listener` after every content change (here or on another instance); returns a function that stops listening. */
export function onContentChanged(listener: () => void): () => void {
  changes.on("changed", listener);
  return () => changes.off("changed", listener);
}

/** Whether the page cache and the held site settings may be used now. */
export function contentCachesUsable(): boolean {
  const mode = cacheMode();
  return mode === "local" || (mode === "shared" && subscribed);
}

/**
 * The content caches' Freshness (the page cache and the held site settings): used while
 * `contentCachesUsable`, emptied on every content change, here or on another instance.
 */
export const contentFreshness = {
  check: contentCachesUsable,
  changed: async () => notifyContentChanged(),
  onChange: onContentChanged,
} satisfies Freshness;

/**
 * With REDIS_URL, listens for other instances' content changes on a connection of its own (a
 * subscribed connection can do nothing else). Each time the subscription is (re)made, the caches
 * are emptied first, since a change may have gone unheard while it was down. Never waits for Redis.
 */
export function startContentChangeRelay() {
  const redis = cacheMode() === "shared" ? sharedRedis() : undefined;
  if (!redis || subscriber) return;
  const connection = redis.duplicate();
  subscriber = connection;
  connection.on("error", (error) => logger.warn({ err: error }, "Redis is unreachable: content caches are off until it returns"));
  connection.on("close", () => {
    subscribed = false;
  });
  connection.on("ready", () => {
    connection.subscribe(CHANNEL).then(
      () => {
        changes.emit("changed");
        subscribed = subscriber === connection;
      },
      (error: unknown) => logger.warn({ err: error }, "could not subscribe to content changes: content caches stay off"),
    );
  });
  connection.on("message", () => changes.emit("changed"));
}

/** Ends the subscription (shutdown and tests). */
export async function stopContentChangeRelay(): Promise<void> {
  const closing = subscriber;
  subscriber = undefined;
  subscribed = false;
  await closing?.quit().catch(() => closing.disconnect());
}
