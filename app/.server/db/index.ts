import type { Database, DatabaseHandle } from "./client";

let current: DatabaseHandle | undefined;

/** Installs the process-wide database (the server at start-up, tests per file). */
export function setDatabase(handle: DatabaseHandle | undefined) {
  current = handle;
}

export function getDatabaseHandle(): DatabaseHandle {
  if (!current) throw new Error("The database is not open yet (setDatabase was not called)");
  return current;
}

/** The query builder for domain modules. */
export function db(): Database {
  return getDatabaseHandle().db;
}

export type { Database, DatabaseHandle };
