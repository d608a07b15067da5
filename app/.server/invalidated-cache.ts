import { getConfig } from "./config";
import { logger } from "./logger";
import { sharedRedis } from "./redis";

const DEFAULT_MAX_ENTRIES = 10_000;

type Entry<T> = { value: T; until: number };

/** What a lookup finds, and (for a session) when it stops being true whatever happens. */
export type Found<T> = { value: T; expiresAt?: Date };

export type CacheOptions = {
  /** What the entries are, for the log ("sessions", "member lists"). */
  what: string;
  /** The Redis key of the shared change counter. */
  epochKey: string;
  /** How long an entry is trusted at most. */
  ttlMs: number;
  maxEntries?: number;
};

/**
 * Answers read from the database, kept for a few seconds so that a page view does not repeat
 * them: signed-in people by session token, the networking directory's pages. Every change to
 * what they were read from empties the cache (`invalidate`) before the change's request answers,
 * so the next read after a change sees it (a revoked session is refused on its very next request).
 *
 * Only where every instance hears of those changes: on the embedded database (one process owns
 * it) or with REDIS_URL, where every change bumps a shared counter that each lookup compares
 * with the one its entries were made under. On PostgreSQL without Redis nothing is cached.
 */
export class InvalidatedCache<T> {
  private entries = new Map<string, Entry<T>>();
  /** Bumped by every local invalidation; an answer read under an older epoch is not stored. */
  private epoch = 0;
  /** The shared counter the entries were made under (Redis only). */
  private sharedEpoch: string | null | undefined;

  constructor(
    private readonly mode: () => "local" | "shared" | "off",
    private readonly options: CacheOptions,
  ) {}

  /**
   * The cached value for `token`, or what `load` finds (then kept). `load` runs for every
   * request when caching is off or the shared store cannot be asked.
   */
  async get(token: string, load: () => Promise<Found<T> | null>): Promise<T | null> {
    const mode = this.mode();
    if (mode === "off" || !(await this.sharedEpochIsCurrent(mode))) return (await load())?.value ?? null;
    const now = Date.now();
    const entry = this.entries.get(token);
    if (entry && entry.until > now) return entry.value;
    if (entry) this.entries.delete(token);
    const epoch = this.epoch;
    const found = await load();
    if (!found) return null;
    if (epoch === this.epoch) {
      if (this.entries.size >= (this.options.maxEntries ?? DEFAULT_MAX_ENTRIES))
        this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(token, {
        value: found.value,
        until: Math.min(now + this.options.ttlMs, found.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY),
      });
    }
    return found.value;
  }

  /** Forgets every entry (of everyone: changes are rare, page views are not), here and on every instance. */
  async invalidate() {
    this.epoch += 1;
    this.entries.clear();
    if (this.mode() !== "shared") return;
    try {
      await sharedRedis()?.incr(this.options.epochKey);
    } catch (error) {
      // The other instances cannot be told: they stop trusting their entries once Redis is back (the counter read fails meanwhile).
      logger.warn({ err: error, what: this.options.what }, "could not announce a change to other instances");
    }
  }

  /** With Redis: whether our entries were made under the shared counter's current value (emptying them if not). */
  private async sharedEpochIsCurrent(mode: "local" | "shared"): Promise<boolean> {
    if (mode === "local") return true;
    const redis = sharedRedis();
    if (redis?.status !== "ready") {
      this.entries.clear();
      this.sharedEpoch = undefined;
      return false;
    }
    try {
      const current = await redis.get(this.options.epochKey);
      if (current !== this.sharedEpoch) {
        this.entries.clear();
        this.epoch += 1;
        this.sharedEpoch = current;
      }
      return true;
    } catch {
      this.entries.clear();
      this.sharedEpoch = undefined;
      return false;
    }
  }

  get size() {
    return this.entries.size;
  }
}

/**
 * Where the process's caches may be used: see InvalidatedCache. In-process tests write rows
 * directly between requests, so they run without them; the tests that start the built server
 * (production mode) run with them. On PostgreSQL without Redis an instance assumes it has
 * siblings whose changes it would not hear of, unless INSTANCES=1 says it runs alone.
 */
export function cacheMode(): "local" | "shared" | "off" {
  const { redisUrl, databaseUrl, env, runsAlone } = getConfig();
  if (env === "test") return "off";
  if (redisUrl) return "shared";
  return databaseUrl && !runsAlone ? "off" : "local";
}

/**
 * A cache of whole reads (a page of a list, a detail page) by their query, for the few seconds of
 * `options.ttlMs`: `read(key, load)` answers what `load` reads, or the same read made moments ago
 * under the same `key`; `changed()` forgets every read, and whatever changes what they were read
 * from must call it once it has committed (on every instance: see InvalidatedCache).
 */
export function cachedReads(options: CacheOptions) {
  const cache = new InvalidatedCache<unknown>(cacheMode, options);
  return {
    read: async <T>(key: string, load: () => Promise<T>): Promise<T> => (await cache.get(key, async () => ({ value: await load() }))) as T,
    changed: (): Promise<void> => cache.invalidate(),
  };
}
