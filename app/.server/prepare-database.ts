import type { DatabaseHandle } from "./db/client";
import { migrateDatabase } from "./db/migrate";
import { loadCatalogue } from "./universities/load-catalogue";

/** Any constant will do, as long as every instance of the app uses the same one (and not the migrations'). */
const CATALOGUE_LOCK_KEY = 727_002;

/**
 * What every start does to a database before using it (the server, create-user, the test
 * template, seed and benchmark scripts): applies the migrations, then loads the built-in university
 * catalogue they make room for, under a lock of its own so that instances starting together do not
 * race. The data layer only migrates: the catalogue is domain content, so it is loaded from here.
 */
export async function prepareDatabase(handle: DatabaseHandle) {
  await migrateDatabase(handle);
  await handle.withAdvisoryLock(CATALOGUE_LOCK_KEY, (db) => loadCatalogue(db));
}
