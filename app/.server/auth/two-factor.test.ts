import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { context, cookieHeader, createUser } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { totp } from "../../../tests/support/totp";
import { db } from "../db";
import { mailOutbox, users } from "../db/schema";
import { beginTwoFactorSetup, confirmTwoFactorSetup, requestMagicLink, signIn, verifyTwoFactorCode } from "./accounts";
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
  const done = await verifyTwoFactorCode({ code: totp(setup.secret), trustDevice: false, headers: new Headers({ Cookie: pending }) });
  const session = await getSessionUser(new Request("http://localhost:3000/", { headers: { Cookie: cookieHeader(done.cookies) } }));
  expect(session?.id).toBe(user.id);
});

test("no sign-in link is mailed to an account with two-factor sign-in, since it would skip the code", async () => {
  const user = await createUser({ verified: true });
  await db().update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
  await requestMagicLink({ email: user.email, ip, redirectTo: "/", headers: new Headers() });
  expect(await db().select().from(mailOutbox).where(eq(mailOutbox.subject, "Your Onward sign-in link"))).toHaveLength(0);
});
