import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteExtensions } from "~/.server/db/client";
import { acquireDataDirLock } from "~/.server/db/data-dir-lock";
import { projectPath } from "~/.server/project-path";
import { BackupRefusal, type MigrationLevel } from "./backup-manifest";

/** A query runner: PGlite and a pg client answer `{ rows }` alike. */
type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

export const PGLITE_DUMP = "database.tar.gz";
export const POSTGRES_DUMP = "database.pgdump";

/**
 * Copies the embedded database while holding DATA_DIR's lock, so a running server makes this
 * refuse (DataDirLockedError names its process) and nothing writes during the copy. PGlite's own
 * dump is a tarball of its data folder, which `loadDataDir` opens again.
 */
export async function dumpPglite(dataDir: string, outFile: string): Promise<MigrationLevel> {
  assertPgliteExists(dataDir);
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, "db"), { extensions: pgliteExtensions });
    try {
      const level = await migrationLevel((sql) => client.query(sql));
      const tarball = await client.dumpDataDir("gzip");
      await writeFile(outFile, Buffer.from(await tarball.arrayBuffer()), { flag: "wx", mode: 0o600 });
      return level;
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** Refuses a DATA_DIR without a database before taking its lock: PGlite (and the lock) would otherwise create one. */
function assertPgliteExists(dataDir: string) {
  if (!existsSync(path.join(dataDir, "db", "PG_VERSION"))) {
    throw new BackupRefusal(`no embedded database in ${path.join(dataDir, "db")} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
  }
}

/** Loads a dump into a new DATA_DIR/db under the lock; the caller checked that DATA_DIR is empty. */
export async function restorePglite(dataDir: string, dumpFile: string): Promise<void> {
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(path.join(dataDir, "db"), {
      loadDataDir: new Blob([await readFile(dumpFile)]),
      extensions: pgliteExtensions,
    });
    await client.query("select 1");
    await client.close();
  } finally {
    release();
  }
}

/** `pg_dump -Fc`: one consistent snapshot (a single transaction) of the database, in the format pg_restore reads. */
export async function dumpPostgres(databaseUrl: string, outFile: string): Promise<MigrationLevel> {
  const level = await withPostgres(databaseUrl, migrationLevel);
  // Made first, readable by its owner only: pg_dump writes into it and keeps the mode.
  await writeFile(outFile, "", { flag: "wx", mode: 0o600 });
  await runPostgresTool("pg_dump", ["--format=custom", `--file=${outFile}`], databaseUrl);
  return level;
}

/** `pg_restore --no-owner` in one transaction, stopping at the first error: a failed restore leaves the database empty. */
export async function restorePostgres(databaseUrl: string, dumpFile: string): Promise<void> {
  await runPostgresTool("pg_restore", ["--no-owner", "--single-transaction", "--exit-on-error", dumpFile], databaseUrl);
}

/** The first table a PostgreSQL database holds outside the system schemas, or null when it has none. */
export async function firstPostgresTable(databaseUrl: string): Promise<string | null> {
  return withPostgres(databaseUrl, async (query) => {
    const { rows } = await query(
      "select table_schema || '.' || table_name as name from information_schema.tables " +
        "where table_schema not in ('pg_catalog', 'information_schema') order by 1 limit 1",
    );
    return rows[0] ? String(rows[0].name) : null;
  });
}

/** Runs `work` on one connection to the database, closed afterwards. */
async function withPostgres<T>(databaseUrl: string, work: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new BackupRefusal(`cannot connect to the database at ${redact(databaseUrl)}: ${(error as Error).message}`);
  }
  try {
    return await work((sql) => client.query(sql));
  } finally {
    await client.end();
  }
}

/**
 * The latest migration drizzle recorded as applied, named by its tag in drizzle/meta/_journal.json
 * (drizzle stores each migration's journal time as created_at): a restore onto an older app shows.
 */
async function migrationLevel(query: Query): Promise<MigrationLevel> {
  let rows: Record<string, unknown>[];
  try {
    ({ rows } = await query("select count(*)::int as count, max(created_at)::text as latest from drizzle.__drizzle_migrations"));
  } catch {
    throw new BackupRefusal("the database has no Onward migrations table (drizzle.__drizzle_migrations): is it an Onward database?");
  }
  const latest = String(rows[0]?.latest ?? "");
  const journal = JSON.parse(readFileSync(projectPath("drizzle", "meta", "_journal.json"), "utf8")) as {
    entries: { when: number; tag: string }[];
  };
  const tag = journal.entries.find((entry) => String(entry.when) === latest)?.tag ?? null;
  return { tag, appliedAt: latest ? new Date(Number(latest)).toISOString() : "", count: Number(rows[0]?.count ?? 0) };
}

/**
 * Runs pg_dump or pg_restore against the URL. The password travels in PGPASSWORD, not on the
 * command line where other users of the machine could read it; a failure becomes one line.
 */
function runPostgresTool(tool: "pg_dump" | "pg_restore", args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${url.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk) => {
      errors += chunk;
    });
    child.on("error", (error) =>
      reject(new BackupRefusal(`${tool} could not start (${error.message}): install PostgreSQL's client tools`)),
    );
    child.on("exit", (code) => {
      if (code === 0) return resolve();
      const lastLine = errors.trim().split("\n").at(-1) ?? "";
      reject(new BackupRefusal(`${tool} failed (exit ${code}): ${lastLine}`));
    });
  });
}

/** The URL without its password, for messages. */
function redact(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = "***";
  return url.toString();
}
