import { randomBytes, timingSafeEqual } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { type Database, db } from "../db";
import { siteSetting, users } from "../db/schema";

/**
 * First-run set-up's state lives in site_setting (no settings key reads these): the one-time
 * token while set-up is pending, and when it was completed. Set-up is pending while nobody is a
 * manager or admin and it has not been completed; a manager made by `create-user` ends it too.
 */
export const SETUP_TOKEN_KEY = "setup.token";
export const SETUP_COMPLETED_KEY = "setup.completedAt";

/** Whether the site still waits for its first-run set-up. */
export async function setupPending(database: Database = db()): Promise<boolean> {
  const [completed] = await database.select({ key: siteSetting.key }).from(siteSetting).where(eq(siteSetting.key, SETUP_COMPLETED_KEY));
  if (completed) return false;
  const [manager] = await database
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, ["manager", "admin"]))
    .limit(1);
  return !manager;
}

/**
 * The set-up link's token while set-up is pending (else undefined): made once, 32 random bytes
 * in base64url, and kept in the database, so every instance and every restart prints the same link.
 */
export async function ensureSetupToken(database: Database = db()): Promise<string | undefined> {
  if (!(await setupPending(database))) return undefined;
  await database
    .insert(siteSetting)
    .values({ key: SETUP_TOKEN_KEY, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  return storedToken(database);
}

/** Whether `token` opens the set-up page: set-up is pending and the token is the stored one. */
export async function isSetupToken(token: string | null | undefined, database: Database = db()): Promise<boolean> {
  if (!token) return false;
  const stored = await storedToken(database);
  return stored !== undefined && sameToken(stored, token) && (await setupPending(database));
}

export async function storedToken(database: Database, options: { forUpdate?: boolean } = {}): Promise<string | undefined> {
  const query = database.select({ value: siteSetting.value }).from(siteSetting).where(eq(siteSetting.key, SETUP_TOKEN_KEY));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row?.value;
}

/** Compared in constant time: how long a refusal takes says nothing about how much of the token was right. */
export function sameToken(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
