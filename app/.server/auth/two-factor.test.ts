import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { context, cookieHeader, createUser } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { totp } from "../../../tests/support/totp";
import { db } from "../db";
import { mailOutbox, sessions, users } from "../db/schema";
import { isAppError } from "../errors";
import { beginTwoFactorSetup, CODE_ALREADY_USED, confirmTwoFactorSetup, requestMagicLink, signIn, verifyTwoFactorCode } from "./accounts";
import { getSessionUser } from "./session";

withTestDatabase();

const ip = context().clientIp;

test("with two-factor sign-in on, a password alone is not enough: the code from the app completes it", async () => {
  const user = await createUser({ verified: true });
  const setup = await beginTwoFactorSetup({ password: user.password, headers: new Headers({ Cookie: user.cookie }) });
  expect(setup.backupCodes.length).toBeGreaterThan(0);
  await expect(confirmTwoFactorSetup({ userId: user.id, code: "000000", headers: new Headers({ Cookie: user.cookie }) })).rejects.toThrow(
    "not right",
  );
  await confirmTwoFactorSetup({ userId: user.id, code: totp(setup.secret), headers: new Headers({ Cookie: user.cookie }) });
  const [row] = await db().select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, user.id));
  expect(row?.twoFactorEnabled).toBe(true);

  const first = await signIn({ email: user.email, password: user.password, ip, headers: new Headers() });
  expect(first.twoFactorRequired).toBe(true);
  const pending = cookieHeader(first.cookies);
  expect(await getSessionUser(new Request("http://localhost:3000/", { headers: { Cookie: pending } }))).toBeNull();

  await expect(verifyTwoFactorCode({ code: "123456", trustDevice: false, headers: new Headers({ Cookie: pending }) })).rejects.toThrow(
    "not right",
  );
  // The next code: the one that turned two-factor on is spent (RFC 6238 §5.2).
  const done = await verifyTwoFactorCode({
    code: totp(setup.secret, Date.now() + 30_000),
    trustDevice: false,
    headers: new Headers({ Cookie: pending }),
  });
  const session = await getSessionUser(new Request("http://localhost:3000/", { headers: { Cookie: cookieHeader(done.cookies) } }));
  expect(session?.id).toBe(user.id);
});

test("no sign-in link is mailed to an account with two-factor sign-in, since it would skip the code", async () => {
  const user = await createUser({ verified: true });
  await db().update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
  await requestMagicLink({ email: user.email, ip, redirectTo: "/", headers: new Headers() });
  expect(await db().select().from(mailOutbox).where(eq(mailOutbox.subject, "Your Onward sign-in link"))).toHaveLength(0);
});

/** A verified user with two-factor sign-in turned on (with the code of the current 30 s step), and its secret. */
async function userWithTwoFactor() {
  const user = await createUser({ verified: true });
  const setup = await beginTwoFactorSetup({ password: user.password, headers: new Headers({ Cookie: user.cookie }) });
  await confirmTwoFactorSetup({ userId: user.id, code: totp(setup.secret), headers: new Headers({ Cookie: user.cookie }) });
  return { user, secret: setup.secret };
}

async function pendingSignIn(user: { email: string; password: string }) {
  const first = await signIn({ email: user.email, password: user.password, ip, headers: new Headers() });
  expect(first.twoFactorRequired).toBe(true);
  return new Headers({ Cookie: cookieHeader(first.cookies) });
}

const sessionsOf = async (userId: string) => (await db().select().from(sessions).where(eq(sessions.userId, userId))).length;

test("a code that was accepted is refused a second time within its window, and the second sign-in gets no session", async () => {
  const { user, secret } = await userWithTwoFactor();
  const code = totp(secret, Date.now() + 30_000);
  await verifyTwoFactorCode({ code, trustDevice: false, headers: await pendingSignIn(user) });
  const before = await sessionsOf(user.id);

  // Someone who saw the code typed, with the password too.
  const replay = await verifyTwoFactorCode({ code, trustDevice: false, headers: await pendingSignIn(user) }).catch(
    (error: unknown) => error,
  );
  expect(isAppError(replay, "INVALID")).toBe(true);
  expect((replay as Error).message).toBe(CODE_ALREADY_USED);
  expect(await sessionsOf(user.id)).toBe(before);

  // The code that turned two-factor on is spent as well.
  const setupCode = await verifyTwoFactorCode({ code: totp(secret), trustDevice: false, headers: await pendingSignIn(user) }).catch(
    (error: unknown) => error,
  );
  expect((setupCode as Error).message).toBe(CODE_ALREADY_USED);
});

test("after five wrong codes the sixth attempt asks to sign in again, as a refusal and not a fault", async () => {
  const { user, secret } = await userWithTwoFactor();
  const headers = await pendingSignIn(user);
  for (let attempt = 0; attempt < 5; attempt++) {
    await expect(verifyTwoFactorCode({ code: "000000", trustDevice: false, headers })).rejects.toThrow("not right");
  }
  const sixth = await verifyTwoFactorCode({ code: totp(secret, Date.now() + 30_000), trustDevice: false, headers }).catch(
    (error: unknown) => error,
  );
  expect(isAppError(sixth, "INVALID")).toBe(true);
  expect((sixth as Error).message).toContain("too many wrong codes");
});
