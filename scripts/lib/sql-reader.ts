// Reads a database with plain SQL from a script, whichever kind the server uses: an embedded
// database's folder (opened only while no server has it) or a PostgreSQL URL.
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteExtensions } from "~/.server/db/client";

export type SqlReader = {
  query<Row = Record<string, unknown>>(statement: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
};

/** The PGlite database in `folder` (DATA_DIR/db): opening it runs its recovery after a crash, as the server's start would. */
export async function openPgliteReader(folder: string): Promise<SqlReader> {
  const client = await PGlite.create(folder, { extensions: pgliteExtensions });
  return {
    async query<Row>(statement: string, params: unknown[] = []) {
      return (await client.query<Row>(statement, params)).rows;
    },
    close: () => client.close(),
  };
}

export async function openPostgresReader(url: string): Promise<SqlReader> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  return {
    async query<Row>(statement: string, params: unknown[] = []) {
      return (await client.query(statement, params)).rows as Row[];
    },
    close: () => client.end(),
  };
}
