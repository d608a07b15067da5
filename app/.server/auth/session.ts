import { eq } from "drizzle-orm";
import { data } from "react-router";
import { hasRole, isRole, type Role } from "~/lib/roles";
import { getConfig } from "../config";
import { db } from "../db";
import { users } from "../db/schema";
import { redirectWithToast } from "../toast";
import { recordAuditEvent } from "../users/audit";
import { getAuth } from "./auth";

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: Role;
  image: string | null;
  phone: string | null;
  address: string | null;
  twoFactorEnabled: boolean;
};

const lookups = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in person, or null. Looked up once per request; the role is read from our
 * users table on every request, so a role change applies on the person's next request.
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
  if (!request.headers.get("Cookie")?.includes("session_token")) return null;
  const session = await getAuth().api.getSession({ headers: request.headers, query: { disableRefresh: true } });
  if (!session) return null;
  const [user] = await db().select().from(users).where(eq(users.id, session.user.id));
  if (!user || !isRole(user.role)) return null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    role: user.role,
    image: user.image,
    phone: user.phone,
    address: user.address,
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
  };
}

export const SIGN_IN_REQUIRED = "Please sign in to see this feature.";

export const TWO_FACTOR_REQUIRED = "Turn on two-factor sign-in to keep using your manager account.";

/**
 * The signed-in person; otherwise a redirect to /login that brings them back here afterwards.
 * When REQUIRE_STAFF_TWO_FACTOR is set, a manager or admin without a second factor is sent
 * to their profile to turn it on before anything else.
 */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  const url = new URL(request.url);
  if (user) {
    const mustEnroll = getConfig().requireStaffTwoFactor && hasRole(user.role, ["manager"]) && !user.twoFactorEnabled;
    if (mustEnroll && url.pathname !== "/dashboard/profile") {
      throw await redirectWithToast("/dashboard/profile", { type: "info", text: TWO_FACTOR_REQUIRED });
    }
    return user;
  }
  const redirectTo = `${url.pathname}${url.search}`;
  throw await redirectWithToast(`/login?${new URLSearchParams({ redirectTo })}`, { type: "info", text: SIGN_IN_REQUIRED });
}

/**
 * The signed-in person if their role is among `allowed` (admin counts as manager);
 * anyone else gets the 403 page, and the refusal is recorded.
 */
export async function requireRole(request: Request, allowed: readonly Role[]): Promise<SessionUser> {
  const user = await requireUser(request);
  if (hasRole(user.role, allowed)) return user;
  await recordAuditEvent({ action: "access.refused", actorId: user.id, detail: { path: new URL(request.url).pathname, role: user.role } });
  throw data("Your account does not have access to this page.", { status: 403 });
}
