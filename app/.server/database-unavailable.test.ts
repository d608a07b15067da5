import { describe, expect, test } from "vitest";
import { isDatabaseUnavailable } from "./database-unavailable";

/** An error as node-postgres makes them: a message and, from the server, a SQLSTATE code. */
function pgError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}

describe("isDatabaseUnavailable", () => {
  test("a connection refused, ended by the server or timed out is the database being unavailable, also wrapped as a cause", () => {
    expect(isDatabaseUnavailable(pgError("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("the database system is starting up", "57P03"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("connection failure", "08006"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("timeout exceeded when trying to connect"))).toBe(true);
    const wrapped = new Error("Failed query: select 1", { cause: pgError("Connection terminated unexpectedly") });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  test("a query the database refused, or a fault of ours, is not", () => {
    expect(isDatabaseUnavailable(pgError('duplicate key value violates unique constraint "user_email_key"', "23505"))).toBe(false);
    expect(isDatabaseUnavailable(pgError('relation "nope" does not exist', "42P01"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable("Connection terminated")).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
