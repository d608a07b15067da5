import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { rateLimited } from "../errors";
import { sharedRedis } from "../redis";

export type Limit = { name: string; points: number; durationSeconds: number };

export type Limiter = {
  /** Throws AppError("RATE_LIMITED") (HTTP 429 with Retry-After) if `key` has already used up the limit; counts nothing. */
  check(key: string): Promise<void>;
  /**
   * Counts one use for `key` (atomically, in memory or in Redis); throws AppError("RATE_LIMITED") if
   * that goes over the limit. Counting before the work is what holds a limit against parallel
   * requests: a check followed by a later count lets every request in flight through.
   */
  hit(key: string): Promise<void>;
  /** Gives back one use counted by `hit`, for an attempt that turned out not to count (a successful sign-in). */
  refund(key: string): Promise<void>;
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
  /** First-run set-up (/setup): posts with the right link, per client address. */
  setupPerIp: { name: "setup-ip", points: 10, durationSeconds: 15 * 60 },
  /** Messages on applications, per author: a conversation, not a flood of e-mails. */
  applicationMessagesPerAccount: { name: "application-message-account", points: 20, durationSeconds: 10 * 60 },
} satisfies Record<string, Limit>;

const limiters = new Map<string, Limiter>();

/**
 * A limiter over the in-process store, or Redis when REDIS_URL is set so that every
 * instance shares the counts (falling back to memory while Redis is unreachable).
 */
export function limiter(limit: Limit): Limiter {
  const existing = limiters.get(limit.name);
  if (existing) return existing;
  const options = { keyPrefix: `onward-${limit.name}`, points: limit.points, duration: limit.durationSeconds };
  const redis = sharedRedis();
  let store: RateLimiterMemory | RateLimiterRedis;
  if (redis) {
    // Commands wait for the connection at start-up; once Redis is gone they fail fast to the in-memory insurance.
    store = new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) });
  } else {
    store = new RateLimiterMemory(options);
  }

  const created: Limiter = {
    async check(key) {
      const state = await store.get(key);
      if (state && state.consumedPoints >= limit.points) throw rateLimited(state.msBeforeNext / 1000);
    },
    async hit(key) {
      try {
        await store.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw rateLimited(rejection.msBeforeNext / 1000);
        throw rejection;
      }
    },
    async refund(key) {
      await store.reward(key, 1);
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
