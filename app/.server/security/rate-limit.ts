import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { getConfig } from "../config";
import { logger } from "../logger";

export type Limit = { name: string; points: number; durationSeconds: number };

/** Over a limit: the caller answers HTTP 429 with a readable message. */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts. Please wait ${formatWait(retryAfterSeconds)} and try again.`);
    this.name = "RateLimitedError";
  }
}

export type Limiter = {
  /** Throws RateLimitedError if `key` has already used up the limit; counts nothing. */
  check(key: string): Promise<void>;
  /** Counts one use for `key`; throws RateLimitedError if that goes over the limit. */
  hit(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

/** The limits, in one place. Keys are e-mails (lower-cased) or client addresses. */
export const limits = {
  signInFailuresPerAccount: { name: "signin-account", points: 10, durationSeconds: 60 },
  signInFailuresPerIp: { name: "signin-ip", points: 100, durationSeconds: 15 * 60 },
  signUpPerIp: { name: "signup-ip", points: 30, durationSeconds: 60 * 60 },
  signUpPerAccount: { name: "signup-account", points: 5, durationSeconds: 60 * 60 },
  passwordResetPerAccount: { name: "reset-account", points: 3, durationSeconds: 60 * 60 },
  passwordResetPerIp: { name: "reset-ip", points: 20, durationSeconds: 60 * 60 },
  verificationPerAccount: { name: "verify-account", points: 3, durationSeconds: 60 * 60 },
  verificationPerIp: { name: "verify-ip", points: 20, durationSeconds: 60 * 60 },
  magicLinkPerAccount: { name: "magic-account", points: 3, durationSeconds: 15 * 60 },
  magicLinkPerIp: { name: "magic-ip", points: 20, durationSeconds: 60 * 60 },
  contactPerIp: { name: "contact-ip", points: 5, durationSeconds: 10 * 60 },
} satisfies Record<string, Limit>;

let redis: Redis | undefined;
const limiters = new Map<string, Limiter>();

/**
 * A limiter over the in-process store, or Redis when REDIS_URL is set so that every
 * instance shares the counts (falling back to memory while Redis is unreachable).
 */
export function limiter(limit: Limit): Limiter {
  const existing = limiters.get(limit.name);
  if (existing) return existing;
  const options = { keyPrefix: `onward-${limit.name}`, points: limit.points, duration: limit.durationSeconds };
  const { redisUrl } = getConfig();
  let store: RateLimiterMemory | RateLimiterRedis;
  if (redisUrl) {
    // Commands wait for the connection at start-up; once Redis is gone they fail fast to the in-memory insurance.
    redis ??= new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    redis.on("error", (error) => logger.warn({ err: error }, "the rate-limit store (Redis) is unreachable"));
    store = new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) });
  } else {
    store = new RateLimiterMemory(options);
  }

  const created: Limiter = {
    async check(key) {
      const state = await store.get(key);
      if (state && state.consumedPoints >= limit.points) throw new RateLimitedError(Math.ceil(state.msBeforeNext / 1000));
    },
    async hit(key) {
      try {
        await store.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw new RateLimitedError(Math.ceil(rejection.msBeforeNext / 1000));
        throw rejection;
      }
    },
    async reset(key) {
      await store.delete(key);
    },
  };
  limiters.set(limit.name, created);
  return created;
}

/** Forgets every in-process count (tests start each file from zero). */
export function resetLimiters() {
  limiters.clear();
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, seconds)} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
