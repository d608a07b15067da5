// Seeds verified accounts into a stopped app's DATA_DIR (or DATABASE_URL), all of an app's accounts
// in one process: `ONWARD_SEED_ACCOUNTS='[{"email":…,"password":…,"name":…,"role":…}]' tsx
// tests/support/seed-accounts.ts`. The browser tests start it once per app instead of running
// `create-user` once per account (each run pays for Node, tsx and the database's start-up).
import { getConfig } from "~/.server/config";
import { openDatabase } from "~/.server/db/client";
import { setDatabase } from "~/.server/db/index";
import { prepareDatabase } from "~/.server/prepare-database";
import { provisionAccount } from "~/.server/users/provision-account";
import type { Role } from "~/lib/roles";

const accounts = JSON.parse(process.env.ONWARD_SEED_ACCOUNTS ?? "[]") as { email: string; password: string; name: string; role: Role }[];
const config = getConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await prepareDatabase(database);
  setDatabase(database);
  for (const account of accounts) await provisionAccount(account);
} finally {
  await database.close();
}
