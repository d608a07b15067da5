import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { data } from "react-router";
import { hasRole, isRole, type Role } from "~/lib/roles";
import { m } from "~/paraglide/messages";
import { getConfig } from "../config";
import { db } from "../db";
import { consultants, sessions, users } from "../db/schema";
import { InvalidatedCache, sharedCounter } from "../invalidated-cache";
import { pageUrl } from "../read-query";
import { redirectWithToast } from "../toast";
import { recordAuditEvent } from "../users/audit";

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: Role;
  image: string | null;
  phone: string | null;
  address: string | null;
  /** The IANA zone this person sees times in (a profile setting). */
  timeZone: string;
  twoFactorEnabled: boolean;
  /** Their consultant profile, when staff have added them as a consultant (a manager may be one too). */
  consultantId: string | null;
  /** Whether that profile is bookable (not deactivated); null without a profile. */
  consultantActive: boolean | null;
};

const lookups = new WeakMap<Request, Promise<SessionUser | null>>();
const apiLookups = new WeakMap<Request, Promise<SessionUser | null>>();
const cache = new InvalidatedCache<SessionUser>(sharedCounter({ what: "sessions", epochKey: "onward:sessions:epoch" }), { ttlMs: 30_000 });

/**
 * The signed-in person, or null. Looked up once per request: the session cookie's signature
 * is checked here, then one query reads the live session with its user (or the short-lived
 * session cache answers, which every user or session change empties). The role comes from our
 * users table, so a role change applies on the person's next request.
 */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = findSessionUser(request);
    lookups.set(request, lookup);
  }
  return lookup;
}

async function findSessionUser(request: Request): Promise<SessionUser | null> {
  return userOfSignedToken(signedSessionCookie(request.headers.get("Cookie")));
}

/**
 * The person a JSON API call is made by (ADR 033): its `Authorization: Bearer <token>`, where the
 * token is the session's signed value that login handed out — the same session the pages use, so
 * it ends with it (sign-out, a password change, revocation). Cookies are never read here, and
 * nothing else carries a token. Null without a valid one.
 */
export function getApiUser(request: Request): Promise<SessionUser | null> {
  let lookup = apiLookups.get(request);
  if (!lookup) {
    lookup = userOfSignedToken(bearerToken(request.headers.get("Authorization")));
    apiLookups.set(request, lookup);
  }
  return lookup;
}

/** The token of an `Authorization: Bearer …` header (the scheme in any case), or null. */
export function bearerToken(header: string | null): string | null {
  if (!header || header.length > 1024) return null;
  const match = /^bearer +([A-Za-z0-9._~+/=-]+) *$/i.exec(header);
  return match?.[1] ?? null;
}

async function userOfSignedToken(signed: string | null): Promise<SessionUser | null> {
  if (!signed) return null;
  // Keyed on the signed value: an entry exists only for a value whose signature was checked.
  return cache.get(signed, async () => {
    const token = sessionTokenOf(signed);
    return token ? loadSessionUser(token) : null;
  });
}

/** Forgets cached sessions after a change to a user or a session (better-auth's hooks and our own writes call this). */
export function sessionsChanged(): Promise<void> {
  return cache.invalidate();
}

const sessionCookieNames = new Set(["onward.session_token", "__Secure-onward.session_token"]);

/** better-auth's signed session cookie value (`token.signature`), decoded, or null. */
function signedSessionCookie(cookieHeader: string | null): string | null {
  if (!cookieHeader?.includes("session_token=")) return null;
  for (const pair of cookieHeader.split(";")) {
    const separator = pair.indexOf("=");
    if (separator < 0 || !sessionCookieNames.has(pair.slice(0, separator).trim())) continue;
    try {
      return decodeURIComponent(pair.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The session token of a signed cookie value, or null when its signature does not match (the
 * signature is base64 HMAC-SHA256 of the token under the session secret, as better-auth signs it).
 */
export function sessionTokenOf(signed: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1), "base64");
  const expected = createHmac("sha256", getConfig().sessionSecret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

async function loadSessionUser(token: string) {
  const [row] = await db()
    .select({
      expiresAt: sessions.expiresAt,
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      image: users.image,
      phone: users.phone,
      address: users.address,
      timeZone: users.timeZone,
      twoFactorEnabled: users.twoFactorEnabled,
      consultantId: consultants.id,
      consultantActive: consultants.active,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(consultants, eq(consultants.userId, users.id))
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, new Date())));
  if (!row || !isRole(row.role)) return null;
  const { expiresAt, ...user } = row;
  return { value: { ...user, role: row.role, twoFactorEnabled: Boolean(user.twoFactorEnabled) }, expiresAt };
}

/** The API's refusal (its answers are English, ADR 037); pages say m.server_two_factor_required() in their language. */
export const TWO_FACTOR_REQUIRED = m.server_two_factor_required({}, { locale: "en" });

/** With REQUIRE_STAFF_TWO_FACTOR set, a manager or admin without a second factor may do nothing until they turn it on. */
export function mustEnrollTwoFactor(user: SessionUser): boolean {
  return getConfig().requireStaffTwoFactor && hasRole(user.role, ["manager"]) && !user.twoFactorEnabled;
}

/**
 * The signed-in person; otherwise a redirect to /login that brings them back here afterwards.
 * When REQUIRE_STAFF_TWO_FACTOR is set, a manager or admin without a second factor is sent
 * to their profile to turn it on before anything else.
 */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  const url = pageUrl(request);
  if (user) {
    if (mustEnrollTwoFactor(user) && url.pathname !== "/dashboard/profile") {
      throw await redirectWithToast("/dashboard/profile", { type: "info", text: m.server_two_factor_required() });
    }
    return user;
  }
  const redirectTo = `${url.pathname}${url.search}`;
  throw await redirectWithToast(`/login?${new URLSearchParams({ redirectTo })}`, { type: "info", text: m.server_sign_in_required() });
}

/**
 * The signed-in person if their role is among `allowed` (admin counts as manager);
 * anyone else gets the 403 page, and the refusal is recorded.
 */
export async function requireRole(request: Request, allowed: readonly Role[]): Promise<SessionUser> {
  const user = await requireUser(request);
  if (hasRole(user.role, allowed)) return user;
  await recordAuditEvent({ action: "access.refused", actorId: user.id, detail: { path: pageUrl(request).pathname, role: user.role } });
  throw data(m.forms_error_no_access(), { status: 403 });
}
