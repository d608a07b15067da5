import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { getAuth } from "~/.server/auth/auth";
import { db } from "~/.server/db";
import { users } from "~/.server/db/schema";
import type { Role } from "~/lib/roles";

export type TestUser = { id: string; name: string; email: string; password: string; role: Role; cookie: string };

let counter = 0;

/**
 * A signed-up user with the given role and a signed-in session cookie (a real better-auth
 * sign-up, then a real sign-in: sign-up alone signs nobody in, and an unconfirmed address
 * cannot sign in, so the address counts as confirmed for the sign-in and is then set as asked).
 */
export async function createUser(options: { role?: Role; email?: string; name?: string; verified?: boolean } = {}): Promise<TestUser> {
  counter += 1;
  const email = (options.email ?? `user${counter}-${randomBytes(3).toString("hex")}@onward.test`).toLowerCase();
  const name = options.name ?? `Test User ${counter}`;
  const password = `pass-${randomBytes(8).toString("hex")}`;
  const { response } = await getAuth().api.signUpEmail({ body: { name, email, password }, headers: new Headers(), returnHeaders: true });
  const role = options.role ?? "student";
  await db().update(users).set({ role, emailVerified: true }).where(eq(users.id, response.user.id));
  const { headers } = await getAuth().api.signInEmail({ body: { email, password }, headers: new Headers(), returnHeaders: true });
  if (!options.verified) await db().update(users).set({ emailVerified: false }).where(eq(users.id, response.user.id));
  return { id: response.user.id, name, email, password, role, cookie: cookieHeader(headers.getSetCookie()) };
}

/** The Cookie header a browser would send back after receiving these Set-Cookie values. */
export function cookieHeader(setCookies: string[]): string {
  return setCookies
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
}

export function context(clientIp = "203.0.113.7"): AppLoadContext {
  return { requestId: `test-${randomBytes(4).toString("hex")}`, nonce: "test-nonce", clientIp };
}

/** A request as the given user (or signed out), like the browser would send. */
export function request(
  path: string,
  options: { user?: TestUser | null; method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Request {
  const headers = new Headers(options.headers);
  if (options.user) headers.set("Cookie", options.user.cookie);
  const init: RequestInit = { method: options.method ?? (options.form ? "POST" : "GET"), headers };
  if (options.form) init.body = new URLSearchParams(options.form);
  return new Request(`http://localhost:3000${path}`, init);
}

type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** Runs a loader/action and gives back what it returned or threw, as a status (redirects, 403s, 400s). */
export async function outcome(
  run: () => Promise<unknown>,
): Promise<{ status: number; location: string | null; value: unknown; response?: Response }> {
  try {
    const value = await run();
    if (value instanceof Response) return { status: value.status, location: value.headers.get("Location"), value, response: value };
    if (isDataWithInit(value)) return { status: value.init?.status ?? 200, location: null, value: value.data };
    return { status: 200, location: null, value };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("Location"), value: thrown, response: thrown };
    if (isDataWithInit(thrown)) return { status: thrown.init?.status ?? 500, location: null, value: thrown.data };
    throw thrown;
  }
}
