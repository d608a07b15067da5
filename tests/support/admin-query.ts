import pg from "pg";

/** Runs one statement on the server's maintenance database (create/drop database cannot run in the target). */
export async function adminQuery(databaseUrl: string, sql: string) {
  const url = new URL(databaseUrl);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
