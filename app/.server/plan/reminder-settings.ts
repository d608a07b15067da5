import { eq } from "drizzle-orm";
import { getConfig } from "../config";
import { db } from "../db";
import { planSettings, users } from "../db/schema";
import { AppError } from "../errors";
import { signLinkToken, verifyLinkToken } from "./signed-link";

/** The purpose an unsubscribe link's token is signed for: it can do nothing else. */
const UNSUBSCRIBE_PURPOSE = "deadline-reminders-off";
/** An e-mail's unsubscribe link works this long after the e-mail was sent. */
const UNSUBSCRIBE_LINK_DAYS = 90;

export const UNSUBSCRIBE_LINK_INVALID =
  "This link is not valid or has expired. Sign in and turn deadline reminders off in your profile instead.";

/** Whether deadline reminders are sent to this person (on unless they turned them off). */
export async function deadlineRemindersOn(userId: string): Promise<boolean> {
  const [row] = await db().select({ on: planSettings.deadlineReminders }).from(planSettings).where(eq(planSettings.userId, userId));
  return row?.on ?? true;
}

/** Turns this person's deadline reminders on or off. */
export async function setDeadlineReminders(userId: string, on: boolean): Promise<void> {
  await db()
    .insert(planSettings)
    .values({ userId, deadlineReminders: on })
    .onConflictDoUpdate({ target: planSettings.userId, set: { deadlineReminders: on, updatedAt: new Date() } });
}

/** The link a reminder e-mail carries: it turns this person's reminders off, without signing in, for 90 days. */
export function unsubscribeUrl(userId: string, now: Date = new Date()): string {
  const token = signLinkToken(UNSUBSCRIBE_PURPOSE, userId, new Date(now.getTime() + UNSUBSCRIBE_LINK_DAYS * 86_400_000));
  const url = new URL("/reminders/unsubscribe", getConfig().appUrl);
  url.searchParams.set("token", token);
  return url.href;
}

/** Whether an unsubscribe token is one we signed and still valid (the page asks before acting). */
export function unsubscribeTokenValid(token: string): boolean {
  return verifyLinkToken(UNSUBSCRIBE_PURPOSE, token) !== null;
}

/**
 * Turns off the reminders of the person an unsubscribe token was signed for, whoever follows the
 * link. Throws AppError INVALID for an altered, expired or foreign token (nothing changes).
 */
export async function unsubscribeWithToken(token: string): Promise<void> {
  const userId = verifyLinkToken(UNSUBSCRIBE_PURPOSE, token);
  if (!userId) throw new AppError("INVALID", UNSUBSCRIBE_LINK_INVALID);
  // An account deleted since the e-mail was sent has nothing to turn off.
  const [account] = await db().select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (account) await setDeadlineReminders(userId, false);
}
