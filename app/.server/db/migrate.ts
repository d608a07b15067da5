import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { projectPath } from "../project-path";
import type { DatabaseHandle } from "./client";
import type * as schema from "./schema";

/** Any constant will do, as long as every instance of the app uses the same one. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies the committed SQL migrations in drizzle/. Idempotent, and serialised with an advisory
 * lock so that instances starting together do not race. Start-up loads the built-in content
 * afterwards (app/.server/prepare-database.ts): the data layer knows no rule.
 */
export async function migrateDatabase(handle: DatabaseHandle, options: { migrationsSchema?: string } = {}) {
  const config = { migrationsFolder: projectPath("drizzle"), migrationsSchema: options.migrationsSchema };
  await handle.withAdvisoryLock(MIGRATION_LOCK_KEY, async (db) => {
    if (handle.kind === "pglite") await migratePglite(db as unknown as PgliteDatabase<typeof schema>, config);
    else await migrateNodePostgres(db as unknown as NodePgDatabase<typeof schema>, config);
  });
}
