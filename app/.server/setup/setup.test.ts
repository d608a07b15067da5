import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { m } from "~/paraglide/messages";
import { createUser } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { getAuth } from "../auth/auth";
import { accounts, auditEvents, siteSetting, users } from "../db/schema";
import { AppError } from "../errors";
import { getSiteSettings } from "../settings/site-settings";
import { completeSetup } from "./complete-setup";
import { ensureSetupToken, isSetupToken, SETUP_COMPLETED_KEY, SETUP_TOKEN_KEY, setupPending } from "./setup-token";

const testDatabase = withTestDatabase();
const db = () => testDatabase.handle().db;

beforeEach(async () => {
  await db()
    .delete(siteSetting)
    .where(inArray(siteSetting.key, [SETUP_TOKEN_KEY, SETUP_COMPLETED_KEY, "contactPhone", "city"]));
  await db().delete(users);
});

const admin = { name: "Rahim Uddin", email: "Rahim@Agency.example", password: "tulip orbit canyon" };
const settings = { contactEmail: "hello@agency.example", contactPhone: "+880 1711-000000", city: "Chattogram", country: "Bangladesh" };

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function nothingCreated() {
  expect(await db().select({ id: users.id }).from(users)).toEqual([]);
  expect(await db().select({ id: accounts.id }).from(accounts)).toEqual([]);
  const keys = (await db().select({ key: siteSetting.key }).from(siteSetting)).map((row) => row.key);
  expect(keys).not.toContain("contactPhone");
  expect(keys).not.toContain(SETUP_COMPLETED_KEY);
}

describe("the set-up token", () => {
  test("is made once on an empty site: URL-safe, 32 random bytes, the same on every later call", async () => {
    const token = await ensureSetupToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await ensureSetupToken()).toBe(token);
    expect(await isSetupToken(token)).toBe(true);
  });

  test("a wrong, empty or missing token opens nothing", async () => {
    const token = (await ensureSetupToken()) ?? "";
    for (const wrong of [undefined, null, "", "x", `${token}x`, token.slice(0, -1), token.toLowerCase()]) {
      if (wrong === token) continue;
      expect(await isSetupToken(wrong)).toBe(false);
    }
  });

  test("is not made, and no longer opens set-up, once a manager or admin exists", async () => {
    const token = await ensureSetupToken();
    await createUser({ role: "manager", verified: true });
    expect(await setupPending()).toBe(false);
    expect(await isSetupToken(token)).toBe(false);
    await db().delete(siteSetting).where(eq(siteSetting.key, SETUP_TOKEN_KEY));
    expect(await ensureSetupToken()).toBeUndefined();
  });

  test("students and consultants do not end set-up", async () => {
    await createUser({ role: "student", verified: true });
    await createUser({ role: "consultant", verified: true });
    expect(await ensureSetupToken()).toBeDefined();
  });
});

describe("completing set-up", () => {
  test("makes a verified admin who can sign in, saves the settings, and spends the token, in one go", async () => {
    const token = (await ensureSetupToken()) ?? "";
    const { userId } = await completeSetup({ token, ...admin, settings });
    const [user] = await db().select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ email: "rahim@agency.example", name: "Rahim Uddin", role: "admin", emailVerified: true });
    const signedIn = await getAuth().api.signInEmail({ body: { email: "rahim@agency.example", password: admin.password } });
    expect(signedIn.user.id).toBe(userId);
    expect(await getSiteSettings()).toMatchObject({ contactPhone: "+880 1711-000000", city: "Chattogram" });
    const actions = (await db().select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.actorId, userId))).map(
      (row) => row.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["user.created", "settings.changed", "setup.completed"]));
    expect(await setupPending()).toBe(false);
    expect(await isSetupToken(token)).toBe(false);
    expect(await ensureSetupToken()).toBeUndefined();
  });

  test("the same token a second time, or a wrong one, is NOT_FOUND and changes nothing", async () => {
    const token = (await ensureSetupToken()) ?? "";
    expect((await refusal(completeSetup({ token: "wrong", ...admin, settings }))).code).toBe("NOT_FOUND");
    await nothingCreated();
    await completeSetup({ token, ...admin, settings });
    const second = await refusal(completeSetup({ token, ...admin, email: "other@agency.example", settings: { city: "Sylhet" } }));
    expect(second.code).toBe("NOT_FOUND");
    expect(await db().select({ id: users.id }).from(users)).toHaveLength(1);
    expect((await getSiteSettings()).city).toBe("Chattogram");
  });

  test("two posts at once with the one token make one admin", async () => {
    const token = (await ensureSetupToken()) ?? "";
    const outcomes = await Promise.allSettled([
      completeSetup({ token, ...admin, settings }),
      completeSetup({ token, ...admin, email: "second@agency.example", settings }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await db().select({ id: users.id }).from(users)).toHaveLength(1);
  });

  test("an e-mail that has an account already is refused beside the field, and nothing is created", async () => {
    const token = (await ensureSetupToken()) ?? "";
    const student = await createUser({ role: "student", verified: true });
    const error = await refusal(completeSetup({ token, ...admin, email: student.email.toUpperCase(), settings }));
    expect(error).toMatchObject({ code: "INVALID", fieldErrors: { email: m.server_setup_email_taken({}, { locale: "en" }) } });
    expect((await db().select({ role: users.role }).from(users)).map((row) => row.role)).toEqual(["student"]);
    expect(await isSetupToken(token)).toBe(true);
  });

  test("settings that fail after the admin was written leave no admin behind (one transaction)", async () => {
    const token = (await ensureSetupToken()) ?? "";
    // Emptying a required setting is refused by updateSiteSettings, inside the transaction.
    const error = await refusal(completeSetup({ token, ...admin, settings: { ...settings, city: "" } }));
    expect(error.code).toBe("INVALID");
    await nothingCreated();
    expect(await isSetupToken(token)).toBe(true);
  });

  test("a password the sign-up rules refuse is refused", async () => {
    const token = (await ensureSetupToken()) ?? "";
    const error = await refusal(completeSetup({ token, ...admin, password: "onward onward", settings }));
    expect(error.fieldErrors.password).toMatch(/Onward/);
    await nothingCreated();
  });
});
