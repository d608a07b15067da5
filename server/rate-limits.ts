import type { ServerRouteHandle } from "../app/lib/route-handle";

/** A rate limit a route names for its refused bodies (app/lib/route-handle.ts). */
export type RefusedBodyLimit = NonNullable<ServerRouteHandle["refusedBodyLimit"]>;

/**
 * Counts one use of the named limit for a client, throwing when that goes over it: the app's
 * limiter (app/.server/security/rate-limit.ts), passed in by server/start.ts.
 */
export type CountRateLimit = (limit: RefusedBodyLimit, clientIp: string) => Promise<void>;

/** A refused body counts against the route's rate limit (contact and sign-up), as a submission would. */
export async function countRefusedBody(count: CountRateLimit, limit: RefusedBodyLimit | undefined, clientIp: string) {
  if (!limit) return;
  try {
    await count(limit, clientIp);
  } catch {
    // Already over the limit: the refusal stands either way.
  }
}
