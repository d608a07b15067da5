/**
 * Whether an error means the database could not be reached or dropped the connection (PostgreSQL
 * restarting, a failover, `pg_terminate_backend`, the pool unable to connect), as opposed to a
 * fault in our code or a query the database refused. Such a request is answered 503 with
 * Retry-After: nothing is wrong with it, and the same request will likely work in a few seconds.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error as its `cause`; walk the chain a few links deep.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === "string" && (unreachableCodes.has(code) || code.startsWith("08"))) return true;
    if (droppedConnectionMessages.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * Socket errors, and PostgreSQL's: admin_shutdown, crash_shutdown, cannot_connect_now,
 * too_many_connections (class 08, connection exceptions, is matched by its prefix).
 */
const unreachableCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "57P01", "57P02", "57P03", "53300"]);

/** node-postgres's own words for a connection that ended or never came. */
const droppedConnectionMessages =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable/;
