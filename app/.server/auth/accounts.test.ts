import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { context, cookieHeader, createUser } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { db } from "../db";
import { auditEvents, mailOutbox, users, verifications } from "../db/schema";
import { AppError } from "../errors";
import { RateLimitedError } from "../security/rate-limit";
import {
  changePassword,
  EMAIL_TAKEN,
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

describe("sign-up", () => {
  test("creates a student, signs them in with an HttpOnly Lax session cookie, and queues the verification e-mail", async () => {
    const { cookies } = await signUp({
      name: "Rahima Akter",
      email: "Rahima@Example.com",
      password: "a long enough pass",
      ip,
      headers: noHeaders(),
    });
    const session = cookies.find((cookie) => cookie.startsWith("onward.session_token="));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    const user = await sessionOf(cookieHeader(cookies));
    expect(user).toMatchObject({ email: "rahima@example.com", name: "Rahima Akter", role: "student", emailVerified: false });
    const mail = await lastMailTo("rahima@example.com");
    expect(mail?.subject).toBe("Confirm your e-mail address for Onward");
    expect(mail?.html).toContain("/api/auth/verify-email?token=");
  });

  test("refuses an e-mail that exists, compared case-insensitively, with a message offering sign-in and reset", async () => {
    await signUp({ name: "A", email: "taken@example.com", password: "a long enough pass", ip, headers: noHeaders() });
    const attempt = signUp({ name: "B", email: "TAKEN@Example.COM", password: "another long pass", ip, headers: noHeaders() });
    await expect(attempt).rejects.toThrow(EMAIL_TAKEN);
    await expect(attempt).rejects.toBeInstanceOf(AppError);
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
    const user = await createUser();
    const wrongPassword = signIn({ email: user.email, password: "not the password", ip, headers: noHeaders() });
    await expect(wrongPassword).rejects.toThrow(INVALID_CREDENTIALS);
    const unknown = signIn({ email: "nobody@example.com", password: "not the password", ip, headers: noHeaders() });
    await expect(unknown).rejects.toThrow(INVALID_CREDENTIALS);
    const failures = await db().select().from(auditEvents).where(eq(auditEvents.action, "sign-in.failed"));
    expect(failures.map((event) => event.email)).toEqual(expect.arrayContaining([user.email, "nobody@example.com"]));
  });

  test("gives a new session on every sign-in and records it", async () => {
    const user = await createUser();
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
    const user = await createUser();
    for (let attempt = 1; attempt <= 10; attempt++) {
      await expect(signIn({ email: user.email, password: "wrong", ip: `198.51.100.${attempt}`, headers: noHeaders() })).rejects.toThrow(
        INVALID_CREDENTIALS,
      );
    }
    await expect(signIn({ email: user.email, password: user.password, ip: "198.51.100.99", headers: noHeaders() })).rejects.toBeInstanceOf(
      RateLimitedError,
    );
  });

  test("successful sign-ins do not count towards the limit", async () => {
    const user = await createUser();
    for (let attempt = 1; attempt <= 12; attempt++) await signIn({ email: user.email, password: user.password, ip, headers: noHeaders() });
  });
});

describe("sessions", () => {
  test("signing out ends the session on the server", async () => {
    const user = await createUser();
    expect(await sessionOf(user.cookie)).not.toBeNull();
    await signOut(new Headers({ Cookie: user.cookie }));
    expect(await sessionOf(user.cookie)).toBeNull();
  });

  test("changing the password ends the other sessions and keeps this one on a new cookie", async () => {
    const user = await createUser();
    const other = await signIn({ email: user.email, password: user.password, ip, headers: noHeaders() });
    const cookies = await changePassword({
      userId: user.id,
      currentPassword: user.password,
      newPassword: "a brand new passphrase",
      headers: new Headers({ Cookie: user.cookie }),
    });
    expect(await sessionOf(cookieHeader(other.cookies))).toBeNull();
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
    const user = await createUser();
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

  test("answers the same for an unknown e-mail and sends nothing", async () => {
    await requestPasswordReset({ email: "ghost@example.com", ip });
    expect(await lastMailTo("ghost@example.com")).toBeUndefined();
  });

  test("the link is valid for 30 minutes at most", async () => {
    const user = await createUser();
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
  test("the verification link marks the e-mail verified", async () => {
    await signUp({ name: "Verify Me", email: "verify@example.com", password: "a long enough pass", ip, headers: noHeaders() });
    const mail = await lastMailTo("verify@example.com");
    const response = await getAuth().handler(new Request(linkIn(mail?.text ?? "")));
    expect(response.status).toBe(302);
    const [user] = await db().select({ emailVerified: users.emailVerified }).from(users).where(eq(users.email, "verify@example.com"));
    expect(user?.emailVerified).toBe(true);
  });

  test("a sign-in link goes only to existing accounts", async () => {
    const user = await createUser();
    await requestMagicLink({ email: user.email, ip, redirectTo: "/", headers: noHeaders() });
    expect((await lastMailTo(user.email))?.subject).toBe("Your Onward sign-in link");
    await requestMagicLink({ email: "stranger@example.com", ip, redirectTo: "/", headers: noHeaders() });
    expect(await lastMailTo("stranger@example.com")).toBeUndefined();
    const [created] = await db().select().from(users).where(eq(users.email, "stranger@example.com"));
    expect(created).toBeUndefined();
  });
});
