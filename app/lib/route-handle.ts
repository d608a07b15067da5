/**
 * What a route module's `handle` may tell the HTTP server (server/route-rules.ts), which reads
 * it before the request body: the server refuses an over-long body before any action runs.
 */
export type ServerRouteHandle = {
  /** The largest request body this route's action accepts, in bytes, when more than the server's MAX_BODY_KB (uploads). */
  maxBodyBytes?: number;
  /**
   * For document uploads, whose size the server's configuration sets (UPLOAD_MAX_MB): the body may
   * carry this many files of at most that size each, plus 64 kB of fields. Takes precedence over `maxBodyBytes`.
   */
  maxUploadFiles?: number;
  /** The rate limit (by its name in app/.server/security/rate-limit.ts `limits`) that a refused body counts against. */
  refusedBodyLimit?: "contactPerIp" | "signUpPerIp";
};
