import { getConfig } from "./config";
import { logger } from "./logger";
import { sharedRedis } from "./redis";

const DEFAULT_MAX_ENTRIES = 10_000;

type Entry<T> = { value: T; until: number };

/** What a lookup finds, and (for a session) when it stops being true whatever happens. */
export type Found<T> = { value: T; expiresAt?: Date };

/**
 * How a cache learns that what it holds has changed, here or on another instance, and whether it
 * may answer from its entries at all. Every cache of the process takes one (ADR 036): the session,
 * read and shortlist caches a shared counter (`sharedCounter`, exact), the held site settings and
 * the page cache the content changes (content-changes.ts, announced within milliseconds).
 */
export interface Freshness {
  /** Whether a cache may answer from its entries now. When they may be stale, the change listeners run first. */
  check(): boolean | Promise<boolean>;
  /** Called once a change has committed: every listener's cache is emptied, here and on every instance. */
  changed(): Promise<void>;
  /** Calls `listener` on every change, here or on another instance; returns a function that stops listening. */
  onChange(listener: () => void): () => void;
}

export type CacheMode = "local" | "shared" | "off";

/**
 * Exact freshness: every change bumps a counter in Redis, and every lookup compares it with the
 * value this instance last saw, so the very next read after a change anywhere sees it (a revoked
 * session is refused on its very next request, whichever instance it reaches). Without Redis,
 * on the embedded database (one process sees every change), changes are only local; on
 * PostgreSQL without Redis nothing is cached (`cacheMode`).
 */
export function sharedCounter(options: { what: string; epochKey: string }, mode: () => CacheMode = cacheMode): Freshness {
  const listeners = new Set<() => void>();
  /** The counter's value this instance's entries were made under (Redis only). */
  let seen: string | null | undefined;
  const forget = () => {
    for (const listener of listeners) listener();
  };
  const unknown = () => {
    forget();
    seen = undefined;
    return false;
  };
  return {
    async check() {
      const current = mode();
      if (current !== "shared") return current === "local";
      const redis = sharedRedis();
      if (redis?.status !== "ready") return unknown();
      try {
        const value = await redis.get(options.epochKey);
        if (value !== seen) {
          forget();
          seen = value;
        }
        return true;
      } catch {
        return unknown();
      }
    },
    async changed() {
      forget();
      if (mode() !== "shared") return;
      try {
        await sharedRedis()?.incr(options.epochKey);
      } catch (error) {
        // The other instances cannot be told: they stop trusting their entries once Redis is back (the counter read fails meanwhile).
        logger.warn({ err: error, what: options.what }, "could not announce a change to other instances");
      }
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * An entry's life: between three quarters of the TTL and all of it, at random. Entries read at
 * the same moment (every one, just after a change emptied the cache) would otherwise all expire
 * together, and every reader would go to the database in the same instant, again and again.
 */
function jittered(ttlMs: number): number {
  return ttlMs * (1 - 0.25 * Math.random());
}

export type CacheOptions = {
  /** How long an entry is trusted at most. */
  ttlMs: number;
  maxEntries?: number;
};

/**
 * Answers read from the database, kept for a few seconds so that a page view does not repeat
 * them: signed-in people by session token, pages of lists, the site settings. Every change to
 * what they were read from empties the cache (`invalidate`, through its Freshness) before the
 * change's request answers; an answer whose reading began before a change is not kept.
 */
export class InvalidatedCache<T> {
  private entries = new Map<string, Entry<T>>();
  /** Bumped by every change; an answer read under an older generation is not stored. */
  private generation = 0;

  constructor(
    private readonly freshness: Freshness,
    private readonly options: CacheOptions,
  ) {
    freshness.onChange(() => {
      this.generation += 1;
      this.entries.clear();
    });
  }

  /**
   * The cached value for `key`, or what `load` finds (then kept). `load` runs for every
   * request while the cache may not be used (see Freshness.check).
   */
  async get(key: string, load: () => Promise<Found<T> | null>): Promise<T | null> {
    if (!(await this.freshness.check())) return (await load())?.value ?? null;
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.until > now) return entry.value;
    if (entry) this.entries.delete(key);
    const generation = this.generation;
    const found = await load();
    if (!found) return null;
    if (generation === this.generation) {
      if (this.entries.size >= (this.options.maxEntries ?? DEFAULT_MAX_ENTRIES))
        this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, {
        value: found.value,
        until: Math.min(now + jittered(this.options.ttlMs), found.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY),
      });
    }
    return found.value;
  }

  /** Forgets every entry (of everyone: changes are rare, page views are not), here and on every instance. */
  invalidate(): Promise<void> {
    return this.freshness.changed();
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
export function cacheMode(): CacheMode {
  const { redisUrl, databaseUrl, env, runsAlone } = getConfig();
  if (env === "test") return "off";
  if (redisUrl) return "shared";
  return databaseUrl && !runsAlone ? "off" : "local";
}

/**
 * A cache of whole reads (a page of a list, a detail page) by their query, for the few seconds of
 * `options.ttlMs`: `read(key, load)` answers what `load` reads, or the same read made moments ago
 * under the same `key`; `changed()` forgets every read, and whatever changes what they were read
 * from must call it once it has committed (on every instance: a shared counter).
 */
export function cachedReads(options: CacheOptions & { what: string; epochKey: string }) {
  const cache = new InvalidatedCache<unknown>(sharedCounter(options), options);
  return {
    read: async <T>(key: string, load: () => Promise<T>): Promise<T> => (await cache.get(key, async () => ({ value: await load() }))) as T,
    changed: (): Promise<void> => cache.invalidate(),
  };
}
