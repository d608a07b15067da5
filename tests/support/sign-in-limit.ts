import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { INVALID_CREDENTIALS, signIn } from "~/.server/auth/accounts";
import { db } from "~/.server/db";
import { auditEvents } from "~/.server/db/schema";
import { createUser } from "./accounts";

/** An address of its own per call, so a per-address count kept in Redis between runs never gets in the way. */
export const freshIp = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

const wrong = "not the password at all";

/**
 * Sends `count` wrong passwords for one verified account at once, through the domain's signIn,
 * and says how many reached the password check (the "Invalid email or password" answers, and
 * the sign-in.failed audit events that only a checked password writes) and how many were refused.
 */
export async function parallelWrongSignIns(count: number) {
  const user = await createUser({ verified: true });
  const outcomes = await Promise.allSettled(
    Array.from({ length: count }, (_, index) =>
      signIn({ email: user.email, password: wrong, ip: freshIp(), headers: new Headers({ "x-n": String(index) }) }),
    ),
  );
  const reasons = outcomes.map((outcome) => (outcome.status === "rejected" ? (outcome.reason as Error) : undefined));
  const passwordChecked = reasons.filter((reason) => reason?.message === INVALID_CREDENTIALS).length;
  const refused = reasons.filter((reason) => reason && reason.message !== INVALID_CREDENTIALS);
  const audited = await db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "sign-in.failed"), eq(auditEvents.email, user.email)));
  return {
    passwordChecked,
    refusedMessages: refused.map((reason) => reason?.message ?? ""),
    succeeded: outcomes.filter((outcome) => outcome.status === "fulfilled").length,
    audited: audited.length,
  };
}

/** Nine failures, a success, then wrong passwords until refused: how many wrong ones the account still took. */
export async function failuresAllowedAfterASuccess() {
  const user = await createUser({ verified: true });
  const ip = freshIp();
  const attempt = (password: string) => signIn({ email: user.email, password, ip, headers: new Headers() });
  for (let i = 0; i < 9; i++) await attempt(wrong).catch(() => {});
  await attempt(user.password);
  let allowed = 0;
  for (;;) {
    const error = await attempt(wrong).then(
      () => undefined,
      (reason: Error) => reason,
    );
    if (error?.message !== INVALID_CREDENTIALS) return { allowed, refusal: error?.message ?? "" };
    allowed += 1;
  }
}
