import { eq, lt, sql } from "drizzle-orm";
import { db } from "../db";
import { sessions, usedTotpCodes } from "../db/schema";
import { sessionsChanged } from "./session";

/** Longer than any code stays valid: 30-second steps, accepted one step either side (90 s in all). */
const REMEMBERED_FOR = sql`interval '3 minutes'`;

/**
 * Claims a two-factor code just accepted for `userId`; false when the same code was accepted for
 * them within the last few minutes (RFC 6238 §5.2: a second use is refused). Atomic: of two
 * requests with one code at the same moment, one claims it.
 */
export async function claimTotpCode(userId: string, code: string): Promise<boolean> {
  await db()
    .delete(usedTotpCodes)
    .where(lt(usedTotpCodes.usedAt, sql`now() - ${REMEMBERED_FOR}`));
  const claimed = await db().insert(usedTotpCodes).values({ userId, code }).onConflictDoNothing().returning({ code: usedTotpCodes.code });
  return claimed.length > 0;
}

/** Ends a session that was opened with a reused code, before its cookie ever reaches the browser. */
export async function endSession(token: string): Promise<void> {
  await db().delete(sessions).where(eq(sessions.token, token));
  await sessionsChanged();
}
