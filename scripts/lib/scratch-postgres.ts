// A PostgreSQL database of a script's own on an existing server, made for one run and dropped after it.
import { randomBytes } from "node:crypto";
import pg from "pg";

export type ScratchDatabase = {
  name: string;
  /** The server's URL with this database's name in it. */
  url: string;
  /** Ends every session connected to it (pg_terminate_backend), as a database restart or a failover would; the count ended. */
  terminateBackends(): Promise<number>;
  /** Drops it, ending whatever is still connected. */
  drop(): Promise<void>;
};

/** Makes a new database on the server `serverUrl` names (its maintenance database `postgres` runs the statements). */
export async function createScratchDatabase(serverUrl: string, prefix = "onward_scratch"): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const maintenance = new URL(serverUrl);
  maintenance.pathname = "/postgres";
  async function run(statement: string, params: unknown[] = []) {
    const client = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      return await client.query(statement, params);
    } finally {
      await client.end();
    }
  }
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async terminateBackends() {
      const result = await run("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [
        name,
      ]);
      return result.rowCount ?? 0;
    },
    async drop() {
      await run(`drop database if exists ${name} with (force)`);
    },
  };
}
