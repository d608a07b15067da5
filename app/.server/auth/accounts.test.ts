import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { context, cookieHeader, createUser } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { db } from "../db";
import { auditEvents, mailOutbox, sessions as sessionsTable, users, verifications } from "../db/schema";
import { AppError } from "../errors";
import {
  CONFIRM_EMAIL_FIRST,
  changePassword,
  confirmEmail,
  INVALID_CREDENTIALS,
  requestMagicLink,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from "./accounts";
import { getAuth } from "./auth";
import { signUpSchema } from "./schemas";
import { getSessionUser } from "./session";

withTestDatabase();

const ip = context().clientIp;
const noHeaders = () => new Headers();

async function lastMailTo(email: string) {
  const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  return mail;
}

function linkIn(text: string): string {
  const url = text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link in: ${text}`);
  return url;
}

async function sessionOf(cookie: string) {
  return getSessionUser(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }));
}

async function countRows(email: string) {
  return (await db().select({ id: users.id }).from(users).where(eq(users.email, email))).length;
}

describe("sign-up", () => {
  test("creates an unconfirmed student without signing them in, and queues a link to our confirmation page", async () => {
    await signUp({ name: "Rahima Akter", email: "rahima@example.com", password: "a long enough pass", ip, headers: noHeaders() });
    const [user] = await db().select().from(users).where(eq(users.email, "rahima@example.com"));
    expect(user).toMatchObject({ name: "Rahima Akter", role: "student", emailVerified: false });
    const sessions = await db()
      .select()
      .from(sessionsTable)
      .where(eq(sessionsTable.userId, user?.id ?? ""));
    expect(sessions).toHaveLength(0);
    const mail = await lastMailTo("rahima@example.com");
    expect(mail?.subject).toBe("Confirm your e-mail address for Onward");
    expect(linkIn(mail?.text ?? "")).toMatch(/^http:\/\/localhost:\d+\/verify-email\?token=[^&\s]+$/);
  });

  test("a taken e-mail (compared case-insensitively) gets the same answer, no second account, and its owner gets a note", async () => {
    await signUp({ name: "A", email: "taken@example.com", password: "a long enough pass", ip, headers: noHeaders() });
    await expect(
      signUp({ name: "B", email: "TAKEN@Example.COM", password: "another long pass", ip, headers: noHeaders() }),
    ).resolves.toBeUndefined();
    expect(await countRows("taken@example.com")).toBe(1);
    const mail = await lastMailTo("taken@example.com");
    expect(mail?.subject).toBe("Someone tried to create an Onward account with your e-mail");
    expect(mail?.text).toContain("sign in with your password, or reset your password");
    const [event] = await db().select().from(auditEvents).where(eq(auditEvents.action, "sign-up.existing-email"));
    expect(event?.email).toBe("taken@example.com");
  });

  test("following the link confirms the address and signs the person in", async () => {
    await signUp({ name: "Link Follower", email: "follower@example.com", password: "a long enough pass", ip, headers: noHeaders() });
    const token = new URL(linkIn((await lastMailTo("follower@example.com"))?.text ?? "")).searchParams.get("token") ?? "";
    const outcome = await confirmEmail({ token, headers: noHeaders() });
    if (outcome.status !== "signed-in") throw new Error(`not signed in: ${JSON.stringify(outcome)}`);
    expect(await sessionOf(cookieHeader(outcome.cookies))).toMatchObject({ email: "follower@example.com", emailVerified: true });
    expect(await confirmEmail({ token, headers: noHeaders() })).toEqual({ status: "already-confirmed" });
    expect(await confirmEmail({ token: "not-a-token", headers: noHeaders() })).toMatchObject({ status: "invalid" });
  });

  test("signing in before confirming is refused with a request to confirm, and sends one fresh link per 5 minutes", async () => {
    await signUp({ name: "Early Bird", email: "early@example.com", password: "a long enough pass", ip, headers: noHeaders() });
    const links = async () => (await db().select().from(mailOutbox).where(eq(mailOutbox.to, "early@example.com"))).length;
    expect(await links()).toBe(1);
    const attempt = () => signIn({ email: "early@example.com", password: "a long enough pass", ip, headers: noHeaders() });
    await expect(attempt()).rejects.toThrow(CONFIRM_EMAIL_FIRST);
    await expect(attempt()).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await links()).toBe(2);
    // A wrong password still says only that the e-mail or password is wrong.
    await expect(signIn({ email: "early@example.com", password: "wrong password", ip, headers: noHeaders() })).rejects.toThrow(
      INVALID_CREDENTIALS,
    );
  });

  test("refuses a weak password in the domain function too, with a 400", async () => {
    const attempt = signUp({ name: "W", email: "weak@example.com", password: "onward123", ip, headers: noHeaders() });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ status: 400 });
    expect(await countRows("weak@example.com")).toBe(0);
  });

  test("ignores a role sent with the sign-up", async () => {
    const { response } = await getAuth().api.signUpEmail({
      body: { name: "Sneaky", email: "sneaky@example.com", password: "a long enough pass", role: "admin" } as never,
      headers: noHeaders(),
      returnHeaders: true,
    });
    const [user] = await db().select({ role: users.role }).from(users).where(eq(users.id, response.user.id));
    expect(user?.role).toBe("student");
  });

  test.each([
    [{ password: "short1", confirmPassword: "short1" }, "password", "Use at least 8 characters"],
    [{ password: "x".repeat(129), confirmPassword: "x".repeat(129) }, "password", "Use at most 128 characters"],
    [{ password: "password123", confirmPassword: "password123" }, "password", "too common"],
    [{ password: "a long enough pass", confirmPassword: "a different pass" }, "confirmPassword", "Password did not match"],
    [{ email: "not-an-email", password: "a long enough pass", confirmPassword: "a long enough pass" }, "email", "valid e-mail"],
  ])("the form refuses %o", (fields, field, message) => {
    const result = signUpSchema.safeParse({ name: "N", email: "n@example.com", ...fields });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toContain(message);
  });
});

describe("sign-in", () => {
  test("a wrong password and an unknown e-mail get the same message, and both are audited", async () => {
    const user = await createUser({ verified: true });
    const wrongPassword = signIn({ email: user.email, password: "not the password", ip, headers: noHeaders() });
    await expect(wrongPassword).rejects.toThrow(INVALID_CREDENTIALS);
    const unknown = signIn({ email: "nobody@example.com", password: "not the password", ip, headers: noHeaders() });
    await expect(unknown).rejects.toThrow(INVALID_CREDENTIALS);
    const failures = await db().select().from(auditEvents).where(eq(auditEvents.action, "sign-in.failed"));
    expect(failures.map((event) => event.email)).toEqual(expect.arrayContaining([user.email, "nobody@example.com"]));
  });

  test("gives a new session on every sign-in and records it", async () => {
    const user = await createUser({ verified: true });
    const first = await signIn({ email: user.email, password: user.password, ip, headers: noHeaders() });
    const second = await signIn({ email: user.email, password: user.password, ip, headers: noHeaders() });
    expect(cookieHeader(first.cookies)).not.toBe(cookieHeader(second.cookies));
    expect((await sessionOf(cookieHeader(second.cookies)))?.id).toBe(user.id);
    const events = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "sign-in"), eq(auditEvents.targetId, user.id)));
    expect(events).toHaveLength(2);
  });

  test("after 10 failures for one e-mail the next attempt is refused, whatever the address it comes from", async () => {
    const user = await createUser({ verified: true });
    for (let attempt = 1; attempt <= 10; attempt++) {
      await expect(signIn({ email: user.email, password: "wrong", ip: `198.51.100.${attempt}`, headers: noHeaders() })).rejects.toThrow(
        INVALID_CREDENTIALS,
      );
    }
    await expect(signIn({ email: user.email, password: user.password, ip: "198.51.100.99", headers: noHeaders() })).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
  });

  test("successful sign-ins do not count towards the limit", async () => {
    const user = await createUser({ verified: true });
    for (let attempt = 1; attempt <= 12; attempt++) await signIn({ email: user.email, password: user.password, ip, headers: noHeaders() });
  });
});

describe("sessions", () => {
  test("signing out ends the session on the server", async () => {
    const user = await createUser({ verified: true });
    expect(await sessionOf(user.cookie)).not.toBeNull();
    await signOut(new Headers({ Cookie: user.cookie }));
    expect(await sessionOf(user.cookie)).toBeNull();
  });

  test("changing the password ends the other sessions and keeps this one on a new cookie", async () => {
    const user = await createUser({ verified: true });
    const other = await signIn({ email: user.email, password: user.password, ip, headers: noHeaders() });
    const cookies = await changePassword({
      userId: user.id,
      currentPassword: user.password,
      newPassword: "a brand new passphrase",
      headers: new Headers({ Cookie: user.cookie }),
    });
    expect(await sessionOf(cookieHeader(other.cookies))).toBeNull();
    await expect(
      changePassword({
        userId: user.id,
        currentPassword: "a brand new passphrase",
        newPassword: "aaaaaaaa",
        headers: new Headers({ Cookie: cookieHeader(cookies) }),
      }),
    ).rejects.toThrow("one character repeated");
    expect(await sessionOf(user.cookie)).toBeNull();
    expect((await sessionOf(cookieHeader(cookies)))?.id).toBe(user.id);
    await expect(
      changePassword({
        userId: user.id,
        currentPassword: "wrong",
        newPassword: "whatever long",
        headers: new Headers({ Cookie: cookieHeader(cookies) }),
      }),
    ).rejects.toThrow("Your current password is not right");
  });
});

describe("password reset", () => {
  test("mails a single-use link that sets the password and signs out every session", async () => {
    const user = await createUser({ verified: true });
    await requestPasswordReset({ email: user.email, ip });
    const mail = await lastMailTo(user.email);
    expect(mail?.subject).toBe("Reset your Onward password");
    const link = new URL(linkIn(mail?.text ?? ""));
    const token = link.pathname.split("/").pop() ?? "";
    await resetPassword({ token, password: "my new long password" });
    expect(await sessionOf(user.cookie)).toBeNull();
    await signIn({ email: user.email, password: "my new long password", ip, headers: noHeaders() });
    await expect(resetPassword({ token, password: "another new password" })).rejects.toThrow("expired or was already used");
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "password.reset"), eq(auditEvents.targetId, user.id)));
    expect(event).toBeDefined();
  });

  test("refuses a weak new password (the e-mail rule included) and keeps the link usable", async () => {
    const user = await createUser({ verified: true, email: "shahana@example.com" });
    await requestPasswordReset({ email: user.email, ip });
    const token = new URL(linkIn((await lastMailTo(user.email))?.text ?? "")).pathname.split("/").pop() ?? "";
    await expect(resetPassword({ token, password: "shahana2026" })).rejects.toThrow("first part of your e-mail");
    await expect(resetPassword({ token, password: "onward123" })).rejects.toMatchObject({ status: 400 });
    await resetPassword({ token, password: "a sturdy new phrase" });
  });

  test("answers the same for an unknown e-mail and sends nothing", async () => {
    await requestPasswordReset({ email: "ghost@example.com", ip });
    expect(await lastMailTo("ghost@example.com")).toBeUndefined();
  });

  test("the link is valid for 30 minutes at most", async () => {
    const user = await createUser({ verified: true });
    const before = Date.now();
    await requestPasswordReset({ email: user.email, ip });
    const [row] = await db()
      .select({ expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(like(verifications.identifier, "reset-password:%"))
      .orderBy(desc(verifications.createdAt))
      .limit(1);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(before);
    expect((row?.expiresAt.getTime() ?? 0) - before).toBeLessThanOrEqual(30 * 60 * 1000 + 5_000);
  });
});

describe("e-mail verification and sign-in links", () => {
  test("better-auth's own verification endpoint (links mailed before our page existed) still marks the e-mail verified", async () => {
    await signUp({ name: "Verify Me", email: "verify@example.com", password: "a long enough pass", ip, headers: noHeaders() });
    const token = new URL(linkIn((await lastMailTo("verify@example.com"))?.text ?? "")).searchParams.get("token");
    const response = await getAuth().handler(
      new Request(`http://localhost:3000/api/auth/verify-email?token=${token}&callbackURL=/verify-email`),
    );
    expect(response.status).toBe(302);
    const [user] = await db().select({ emailVerified: users.emailVerified }).from(users).where(eq(users.email, "verify@example.com"));
    expect(user?.emailVerified).toBe(true);
  });

  test("a sign-in link goes only to existing accounts", async () => {
    const user = await createUser({ verified: true });
    await requestMagicLink({ email: user.email, ip, redirectTo: "/", headers: noHeaders() });
    expect((await lastMailTo(user.email))?.subject).toBe("Your Onward sign-in link");
    await requestMagicLink({ email: "stranger@example.com", ip, redirectTo: "/", headers: noHeaders() });
    expect(await lastMailTo("stranger@example.com")).toBeUndefined();
    const [created] = await db().select().from(users).where(eq(users.email, "stranger@example.com"));
    expect(created).toBeUndefined();
  });
});
