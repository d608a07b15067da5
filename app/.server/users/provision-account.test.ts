import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { context } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { signIn } from "../auth/accounts";
import { PASSWORD_MESSAGES } from "../auth/password-policy";
import { db } from "../db";
import { accounts, auditEvents, users } from "../db/schema";
import { AppError } from "../errors";
import { provisionAccount } from "./provision-account";

withTestDatabase();

describe("provisionAccount", () => {
  test("creates a verified account with a credential that signs in, and records it", async () => {
    const outcome = await provisionAccount({
      email: "staff@example.com",
      name: "Staff",
      password: "tea garden ledger",
      role: "consultant",
    });
    expect(outcome.status).toBe("created");
    const [user] = await db().select().from(users).where(eq(users.email, "staff@example.com"));
    expect(user).toMatchObject({ role: "consultant", emailVerified: true });
    const [account] = await db()
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user?.id ?? ""));
    expect(account).toMatchObject({ providerId: "credential", accountId: user?.id });
    expect(account?.password).toMatch(/^\$argon2id\$/);
    const { cookies } = await signIn({
      email: "staff@example.com",
      password: "tea garden ledger",
      ip: context().clientIp,
      headers: new Headers(),
    });
    expect(cookies.some((cookie) => cookie.includes("session_token="))).toBe(true);
    const events = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, user?.id ?? ""));
    expect(events.map((event) => event.action)).toContain("user.created");
  });

  test("run again for the same e-mail, it changes the role and keeps the password", async () => {
    await provisionAccount({ email: "twice@example.com", name: "Twice", password: "tea garden ledger", role: "student" });
    const outcome = await provisionAccount({ email: "twice@example.com", name: "Twice", password: "other garden ledger", role: "manager" });
    expect(outcome).toMatchObject({ status: "role-updated", from: "student", to: "manager" });
    await signIn({ email: "twice@example.com", password: "tea garden ledger", ip: context().clientIp, headers: new Headers() });
  });

  test("the account and the work added with it are one transaction: when that work fails, no account is left", async () => {
    const attempt = provisionAccount(
      { email: "halfway@example.com", name: "Halfway", password: "tea garden ledger", role: "consultant" },
      {
        async withAccount(tx, account) {
          expect(account).toMatchObject({ email: "halfway@example.com", created: true });
          // The account is visible inside the transaction, then the work after it fails.
          expect(await tx.select().from(users).where(eq(users.id, account.id))).toHaveLength(1);
          throw new AppError("CONFLICT", "the profile could not be made");
        },
      },
    );
    await expect(attempt).rejects.toThrow("the profile could not be made");
    expect(await db().select().from(users).where(eq(users.email, "halfway@example.com"))).toHaveLength(0);
    expect(await db().select().from(auditEvents).where(eq(auditEvents.email, "halfway@example.com"))).toHaveLength(0);
  });

  test.each([
    ["aaaaaaaa", PASSWORD_MESSAGES.repeated],
    ["onward123", PASSWORD_MESSAGES.siteName],
    ["rahim1234", PASSWORD_MESSAGES.emailName],
    ["password1", PASSWORD_MESSAGES.common],
  ])("refuses the weak password %j and writes nothing", async (password, message) => {
    const attempt = provisionAccount({ email: "rahim@example.com", name: "Rahim", password, role: "manager" });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toThrow(message);
    expect(await db().select().from(users).where(eq(users.email, "rahim@example.com"))).toHaveLength(0);
  });
});
