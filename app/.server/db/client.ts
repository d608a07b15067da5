import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock";
import * as schema from "./schema";

/** The query builder every domain module uses; the same code runs on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs `fn` with a database session that holds `pg_advisory_lock(key)` for its duration. */
  withAdvisoryLock<T>(key: number, fn: (db: Database) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` like withAdvisoryLock when `pg_try_advisory_lock(key)` gets the lock at once, and
   * answers undefined without running it when another session (another instance) holds it: for
   * the work one instance of a cluster does for all.
   */
  tryAdvisoryLock<T>(key: number, fn: (db: Database) => Promise<T>): Promise<{ value: T } | undefined>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** The connection pool's state, for the metrics: PostgreSQL only (PGlite is one connection in this process). */
  poolUse?(): PoolUse;
  close(): Promise<void>;
};

/** Connections open in the pool, those of them idle, and queries waiting for one. */
export type PoolUse = { total: number; idle: number; waiting: number };

export type OpenDatabaseOptions = {
  /** A postgres:// URL; without one, PGlite persisted in `${dataDir}/db`. */
  databaseUrl?: string;
  dataDir: string;
  /** Schema to put first on the search_path (tests isolate themselves this way). */
  searchPath?: string;
};

export class DatabaseUnavailableError extends Error {
  constructor(target: string, cause: unknown) {
    super(`Cannot connect to the database at ${target}: ${cause instanceof Error ? cause.message || cause.name : String(cause)}`);
    this.name = "DatabaseUnavailableError";
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.searchPath) : openPglite(options.dataDir);
}

/**
 * The extensions every embedded database loads (PostgreSQL has them in contrib): pg_trgm for
 * typo-tolerant search, btree_gist for the constraint that keeps a consultant's slots from
 * overlapping. Tests that open PGlite themselves pass the same.
 */
export const pgliteExtensions = { pg_trgm, btree_gist };

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const releaseLock = acquireDataDirLock(dataDir);
  let client: PGlite;
  try {
    // PostgreSQL's default 128 MB of shared buffers would live in this process's memory; the
    // embedded database's files are cached by the operating system as well.
    client = await PGlite.create(path.join(dataDir, "db"), { postgresqlconf: ["shared_buffers = 32MB"], extensions: pgliteExtensions });
  } catch (error) {
    releaseLock();
    throw error;
  }
  return wrapPglite(client, releaseLock);
}

/** Wraps an already open PGlite (tests load one from a template). */
export function wrapPglite(client: PGlite, onClose: () => void = () => {}): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  let closed = false;
  return {
    db,
    kind: "pglite",
    async withAdvisoryLock(_key, fn) {
      // One process owns a PGlite database, so there is no one to race with.
      return fn(db);
    },
    async tryAdvisoryLock(_key, fn) {
      return { value: await fn(db) };
    },
    async ping() {
      await client.query("select 1");
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        onClose();
      }
    },
  };
}

/**
 * Settings every pooled connection starts with. No parallel query (ADR 039): a page's query is a
 * few milliseconds of work, and starting its workers costs more than that (30–40 ms measured on a
 * two-core VM), while ten connections' workers would compete with the web server for the cores.
 */
function connectionOptions(searchPath?: string): string {
  const settings = ["-c max_parallel_workers_per_gather=0"];
  if (searchPath) settings.push(`-c search_path=${searchPath}`);
  return settings.join(" ");
}

async function openPostgres(databaseUrl: string, searchPath?: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    options: connectionOptions(searchPath),
  });
  // An idle client losing its connection (the server restarted) must not crash the process;
  // the pool replaces it on the next query.
  pool.on("error", () => {});
  // So must a client in use (a job's transaction between two queries): its query fails and is
  // answered as such, but an 'error' event with no listener would end the process.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseUnavailableError(redact(databaseUrl), error);
  }
  const db = drizzleNodePostgres(pool, { schema });
  let closed = false;
  return {
    db,
    kind: "postgres",
    async withAdvisoryLock(key, fn) {
      const held = await withLockedSession(pool, key, "wait", fn);
      if (!held) throw new Error(`pg_advisory_lock(${key}) returned without the lock`);
      return held.value;
    },
    tryAdvisoryLock: (key, fn) => withLockedSession(pool, key, "try", fn),
    async ping() {
      await pool.query("select 1");
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Runs `fn` on one pooled session holding the session-level advisory lock `key`: waiting for it,
 * or trying once (undefined when another session holds it). A session whose unlock failed is
 * closed rather than pooled, so that the lock cannot outlive the work on a reused connection.
 */
async function withLockedSession<T>(
  pool: pg.Pool,
  key: number,
  take: "wait" | "try",
  fn: (db: Database) => Promise<T>,
): Promise<{ value: T } | undefined> {
  const client = await pool.connect();
  let unlockFailure: Error | undefined;
  try {
    if (take === "wait") await client.query("select pg_advisory_lock($1)", [key]);
    else {
      const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [key]);
      if (!rows[0]?.locked) return undefined;
    }
    try {
      return { value: await fn(drizzleNodePostgres(client, { schema })) };
    } finally {
      await client.query("select pg_advisory_unlock($1)", [key]).catch((error: unknown) => {
        unlockFailure = error instanceof Error ? error : new Error(String(error));
      });
    }
  } finally {
    client.release(unlockFailure);
  }
}

/** The URL without its password, for messages. */
function redact(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = "***";
  return url.toString();
}
