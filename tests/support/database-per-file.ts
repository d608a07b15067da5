import { afterAll, beforeAll } from "vitest";
import { type DatabaseHandle, setDatabase } from "~/.server/db";
import { resetLimiters } from "~/.server/security/rate-limit";
import { createTestDatabase } from "./test-database";

/** Gives the calling test file its own fresh, migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
export function withTestDatabase(): { handle: () => DatabaseHandle } {
  let database: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    setDatabase(database);
    resetLimiters();
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database?.close();
  });
  return {
    handle() {
      if (!database) throw new Error("The test database is not open yet");
      return database;
    },
  };
}
