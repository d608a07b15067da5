import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { PASSWORD_MAX_LENGTH } from "~/lib/form-limits";
import { localizedPath } from "~/lib/locale";
import { groupThousands } from "~/lib/numbers";
import { m } from "~/paraglide/messages";
import { db } from "../db";
import { users } from "../db/schema";
import { AppError } from "../errors";
import { logger } from "../logger";
import { limiter, limits } from "../security/rate-limit";
import { recordAuditEvent } from "../users/audit";
import { GOOGLE_PROVIDER_ID, getAuth } from "./auth";
import { passwordProblem } from "./password-policy";
import { sessionTokenOf } from "./session";
import { claimTotpCode, endSession } from "./used-totp-codes";

/** What a sign-in or sign-up leaves for the browser: cookies, and whether a second factor is due. */
export type AuthOutcome = { cookies: string[]; twoFactorRequired: boolean };

/** The refusals in English, as the tests read them; people get them in their page's language (messages/{locale}/auth.json). */
export const INVALID_CREDENTIALS = "Invalid email or password";
export const CONFIRM_EMAIL_FIRST =
  "Please confirm your e-mail address first: open the link we e-mailed you. We have sent a new link (at most one every 5 minutes).";

export const TWO_FACTOR_ALREADY_ON = "Two-factor sign-in is on already: turn it off first to set it up again.";
export const TWO_FACTOR_NOT_STARTED = "Start setting up two-factor sign-in first: confirm your password to get a secret for your app.";

export const CODE_ALREADY_USED = "That code was used already. Wait for the next code in your app and enter that one.";

/** A fresh confirmation link for someone who signs in before confirming: one per address per 5 minutes. */
const verificationOnSignIn = { name: "verify-on-signin", points: 1, durationSeconds: 5 * 60 };

function errorCode(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
}

/** better-auth refuses a password over 128 characters: a person's mistake, answered 400 on the form. */
function refuseLongPassword(error: unknown, field = "password") {
  if (errorCode(error) === "PASSWORD_TOO_LONG") {
    const tooLong = m.auth_at_most_characters({ max: groupThousands(PASSWORD_MAX_LENGTH) });
    throw new AppError("INVALID", tooLong, { fieldErrors: { [field]: tooLong } });
  }
}

/** Refuses a weak new password (password-policy.ts) with a 400 and the reason. */
function assertAcceptablePassword(password: string, email?: string | null) {
  const problem = passwordProblem({ password, email });
  if (problem) throw new AppError("INVALID", problem);
}

/**
 * Starts an account: a new address gets a confirmation link, a taken one a note to its owner
 * (onExistingUserSignUp in auth.ts). Both paths hash the password and answer the same, so the
 * answer does not tell who has an account (ADR 013). Nobody is signed in here: the link does that.
 */
export async function signUp(input: {
  name: string;
  email: string;
  password: string;
  redirectTo?: string;
  ip: string;
  headers: Headers;
}): Promise<void> {
  const email = input.email.trim().toLowerCase();
  await limiter(limits.signUpPerIp).hit(input.ip);
  await limiter(limits.signUpPerAccount).hit(email);
  assertAcceptablePassword(input.password, email);
  const { response } = await getAuth().api.signUpEmail({
    body: { name: input.name, email, password: input.password, callbackURL: input.redirectTo ?? "/" },
    headers: input.headers,
    returnHeaders: true,
  });
  // For a taken address better-auth answers with a made-up user that was never stored.
  const [created] = await db().select({ id: users.id }).from(users).where(eq(users.id, response.user.id));
  if (created) {
    await recordAuditEvent({ action: "user.created", actorId: created.id, targetId: created.id, email });
  } else {
    await recordAuditEvent({ action: "sign-up.existing-email", email });
  }
}

/**
 * Signs in with e-mail and password. Only failures count towards the limits: ten for one
 * e-mail within a minute (whatever the address they come from), and more per address.
 * Every attempt is counted before the password is checked and refunded unless it failed,
 * so parallel attempts cannot get past the limit.
 */
export async function signIn(input: { email: string; password: string; ip: string; headers: Headers }): Promise<AuthOutcome> {
  const perAccount = limiter(limits.signInFailuresPerAccount);
  const perIp = limiter(limits.signInFailuresPerIp);
  await perAccount.hit(input.email);
  try {
    await perIp.hit(input.ip);
  } catch (error) {
    await perAccount.refund(input.email).catch(() => {});
    throw error;
  }
  let failed = false;
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: input.headers,
      returnHeaders: true,
    });
    const twoFactorRequired = "twoFactorRedirect" in response && Boolean(response.twoFactorRedirect);
    if (!twoFactorRequired && "user" in response) {
      await recordAuditEvent({ action: "sign-in", actorId: response.user.id, targetId: response.user.id, detail: { method: "password" } });
    }
    return { cookies: headers.getSetCookie(), twoFactorRequired };
  } catch (error) {
    refuseLongPassword(error);
    if (errorCode(error) === "EMAIL_NOT_VERIFIED") {
      await sendFreshVerificationLink(input.email, input.headers);
      throw new AppError("FORBIDDEN", m.auth_refusal_confirm_email_first());
    }
    if (errorCode(error) !== "INVALID_EMAIL_OR_PASSWORD") throw error;
    failed = true;
    await recordAuditEvent({ action: "sign-in.failed", email: input.email });
    throw new AppError("INVALID", m.auth_refusal_invalid_credentials());
  } finally {
    if (!failed) {
      await perAccount.refund(input.email).catch(() => {});
      await perIp.refund(input.ip).catch(() => {});
    }
  }
}

/** Only after the right password: a new confirmation link, unless one went out in the last 5 minutes. */
async function sendFreshVerificationLink(email: string, headers: Headers) {
  try {
    await limiter(verificationOnSignIn).hit(email);
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") return;
    throw error;
  }
  await getAuth().api.sendVerificationEmail({ body: { email, callbackURL: "/" }, headers });
}

/**
 * Follows a confirmation link: confirms the address and signs the person in (the cookies to
 * set). `alreadyConfirmed` when the address was confirmed before (nobody is signed in then).
 */
export async function confirmEmail(input: {
  token: string;
  headers: Headers;
}): Promise<{ status: "signed-in"; cookies: string[] } | { status: "already-confirmed" } | { status: "invalid"; code: string }> {
  try {
    const { headers } = await getAuth().api.verifyEmail({ query: { token: input.token }, headers: input.headers, returnHeaders: true });
    const cookies = headers.getSetCookie();
    return cookies.some((cookie) => cookie.includes("session_token=")) ? { status: "signed-in", cookies } : { status: "already-confirmed" };
  } catch (error) {
    if (isAPIError(error)) return { status: "invalid", code: errorCode(error) ?? "INVALID_TOKEN" };
    throw error;
  }
}

/** The second step of a sign-in with two-factor authentication. */
export async function verifyTwoFactorCode(input: { code: string; trustDevice: boolean; headers: Headers }): Promise<AuthOutcome> {
  try {
    const { headers, response } = await getAuth().api.verifyTOTP({
      body: { code: input.code, trustDevice: input.trustDevice },
      headers: input.headers,
      returnHeaders: true,
    });
    if (!(await claimTotpCode(response.user.id, input.code))) {
      await endSession(response.token);
      await recordAuditEvent({ action: "sign-in.failed", targetId: response.user.id, detail: { reason: "two-factor code reused" } });
      throw new AppError("INVALID", m.auth_refusal_code_used());
    }
    await recordAuditEvent({
      action: "sign-in",
      actorId: response.user.id,
      targetId: response.user.id,
      detail: { method: "password+totp" },
    });
    return { cookies: headers.getSetCookie(), twoFactorRequired: false };
  } catch (error) {
    const code = errorCode(error);
    if (code === "INVALID_CODE") throw new AppError("INVALID", m.auth_refusal_code_wrong());
    if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TWO_FACTOR_NOT_ENABLED")
      throw new AppError("INVALID", m.auth_refusal_sign_in_expired());
    if (code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") throw new AppError("INVALID", m.auth_refusal_too_many_codes_for_sign_in());
    if (isAPIError(error) && error.statusCode === 429) throw new AppError("INVALID", m.auth_refusal_too_many_codes());
    throw error;
  }
}

export const TWO_FACTOR_CODE_NEEDED = "This account signs in with two-factor authentication: send the 6-digit code from its app as `code`.";

/** The signed session value of a session cookie among `cookies` (better-auth's Set-Cookie headers), or null. */
function sessionCookieValue(cookies: string[]): string | null {
  for (const cookie of cookies) {
    const match = /^(?:__Secure-)?onward\.session_token=([^;]+)/.exec(cookie);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return null;
}

/**
 * A JSON API client's sign-in (ADR 033): the same checks, limits and audit as the login form
 * (signIn, then verifyTwoFactorCode when the account has a second factor), answered with the
 * session's signed token instead of a cookie. Throws INVALID for a wrong password or code,
 * FORBIDDEN for an unconfirmed e-mail, and INVALID naming `code` when the code is due.
 */
export async function signInForToken(input: {
  email: string;
  password: string;
  code?: string;
  ip: string;
  headers: Headers;
}): Promise<string> {
  const first = await signIn(input);
  let cookies = first.cookies;
  if (first.twoFactorRequired) {
    if (!input.code) throw new AppError("INVALID", TWO_FACTOR_CODE_NEEDED, { fieldErrors: { code: TWO_FACTOR_CODE_NEEDED } });
    const headers = new Headers(input.headers);
    headers.set("Cookie", cookies.map((cookie) => cookie.split(";")[0]).join("; "));
    cookies = (await verifyTwoFactorCode({ code: input.code, trustDevice: false, headers })).cookies;
  }
  const token = sessionCookieValue(cookies);
  if (!token) throw new Error("a sign-in left no session cookie");
  return token;
}

/** Ends the session of an API token (its signature already checked by getApiUser): the token stops working at once. */
export async function signOutToken(input: { token: string; userId: string }): Promise<void> {
  const session = sessionTokenOf(input.token);
  if (session) await endSession(session);
  await recordAuditEvent({ action: "sign-out", actorId: input.userId, targetId: input.userId, detail: { method: "api" } });
}

export async function signOut(headers: Headers): Promise<string[]> {
  try {
    const result = await getAuth().api.signOut({ headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch (error) {
    // Already signed out (no or unknown session): nothing to end.
    if (isAPIError(error)) return [];
    throw error;
  }
}

/** Sends a reset link when the account exists; answers the same either way. */
export async function requestPasswordReset(input: { email: string; ip: string }) {
  await limiter(limits.passwordResetPerIp).hit(input.ip);
  await limiter(limits.passwordResetPerAccount).hit(input.email);
  await getAuth().api.requestPasswordReset({ body: { email: input.email, redirectTo: "/reset-password" } });
}

export async function resetPassword(input: { token: string; password: string }) {
  assertAcceptablePassword(input.password, await resetTokenEmail(input.token));
  try {
    await getAuth().api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    if (errorCode(error) === "INVALID_TOKEN") throw new AppError("INVALID", m.auth_refusal_reset_link_used());
    throw error;
  }
}

/** The e-mail of the account a reset token belongs to (for the password rules), or null. */
async function resetTokenEmail(token: string): Promise<string | null> {
  const { internalAdapter } = await getAuth().$context;
  const verification = await internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification) return null;
  const user = await internalAdapter.findUserById(verification.value);
  return user?.email ?? null;
}

async function accountEmail(userId: string): Promise<string | null> {
  const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** Sends a sign-in link to an existing account; answers the same whether or not it exists. */
export async function requestMagicLink(input: { email: string; ip: string; redirectTo: string; headers: Headers }) {
  await limiter(limits.magicLinkPerIp).hit(input.ip);
  await limiter(limits.magicLinkPerAccount).hit(input.email);
  await getAuth().api.signInMagicLink({
    body: { email: input.email, callbackURL: input.redirectTo, errorCallbackURL: localizedPath("/login?error=link") },
    headers: input.headers,
  });
}

/** Starts "Continue with Google": the provider's URL, and the state cookie the callback will check. */
export const GOOGLE_UNAVAILABLE = "Google sign-in is not available right now. Log in with your e-mail and password, or try again later.";

export async function startGoogleSignIn(input: { redirectTo: string; headers: Headers }): Promise<{ url: string; cookies: string[] }> {
  try {
    const { headers, response } = await getAuth().api.signInSocial({
      body: {
        provider: GOOGLE_PROVIDER_ID,
        callbackURL: input.redirectTo,
        errorCallbackURL: localizedPath("/login"),
        disableRedirect: true,
      },
      headers: input.headers,
      returnHeaders: true,
    });
    if (!response.url) throw new Error("the sign-in provider gave no URL");
    return { url: response.url, cookies: headers.getSetCookie() };
  } catch (error) {
    // The provider's discovery document could not be fetched, or it answered nonsense.
    logger.warn({ err: error }, "starting Google sign-in failed");
    throw new AppError("INVALID", m.auth_refusal_google_unavailable());
  }
}

export async function resendVerification(input: { email: string; ip: string; headers: Headers }) {
  await limiter(limits.verificationPerIp).hit(input.ip);
  await limiter(limits.verificationPerAccount).hit(input.email);
  try {
    await getAuth().api.sendVerificationEmail({ body: { email: input.email, callbackURL: "/" }, headers: input.headers });
  } catch (error) {
    if (errorCode(error) === "EMAIL_ALREADY_VERIFIED") return;
    throw error;
  }
}

/** Changes the password and ends every other session; returns the new session's cookies. */
export async function changePassword(input: {
  userId: string;
  currentPassword: string;
  newPassword: string;
  headers: Headers;
}): Promise<string[]> {
  assertAcceptablePassword(input.newPassword, await accountEmail(input.userId));
  try {
    const { headers } = await getAuth().api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: input.headers,
      returnHeaders: true,
    });
    await recordAuditEvent({ action: "password.changed", actorId: input.userId, targetId: input.userId });
    return headers.getSetCookie();
  } catch (error) {
    refuseLongPassword(error, "newPassword");
    if (errorCode(error) === "INVALID_PASSWORD") throw new AppError("INVALID", m.server_current_password_wrong());
    if (errorCode(error) === "CREDENTIAL_ACCOUNT_NOT_FOUND") throw new AppError("INVALID", m.server_no_password_yet());
    throw error;
  }
}

/** Starts turning on two-factor sign-in: the secret to put in an authenticator app, and backup codes. */
export async function beginTwoFactorSetup(input: {
  password: string;
  headers: Headers;
}): Promise<{ secret: string; uri: string; backupCodes: string[] }> {
  try {
    const result = await getAuth().api.enableTwoFactor({ body: { password: input.password }, headers: input.headers });
    if (!("totpURI" in result)) throw new Error("two-factor set-up returned no TOTP secret");
    const secret = new URL(result.totpURI).searchParams.get("secret") ?? "";
    return { secret, uri: result.totpURI, backupCodes: result.backupCodes };
  } catch (error) {
    refuseLongPassword(error);
    if (errorCode(error) === "INVALID_PASSWORD") throw new AppError("INVALID", m.server_password_wrong());
    if (errorCode(error) === "TOTP_ALREADY_ENABLED") throw new AppError("CONFLICT", m.server_two_factor_already_on());
    throw error;
  }
}

/** Finishes the set-up with a first code from the app; returns the rotated session's cookies. */
export async function confirmTwoFactorSetup(input: { userId: string; code: string; headers: Headers }): Promise<string[]> {
  const [account] = await db().select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, input.userId));
  if (account?.on) throw new AppError("CONFLICT", m.server_two_factor_already_on());
  try {
    const { headers } = await getAuth().api.verifyTOTP({ body: { code: input.code }, headers: input.headers, returnHeaders: true });
    // The code that turned it on cannot sign anyone in afterwards.
    await claimTotpCode(input.userId, input.code);
    await recordAuditEvent({ action: "two-factor.enabled", actorId: input.userId, targetId: input.userId });
    return headers.getSetCookie();
  } catch (error) {
    if (errorCode(error) === "INVALID_CODE") throw new AppError("INVALID", m.server_two_factor_code_wrong());
    // A code sent with no set-up begun (or after it finished): better-auth has no secret to check it against.
    if (errorCode(error) === "TOTP_NOT_ENABLED") throw new AppError("CONFLICT", m.server_two_factor_not_started());
    throw error;
  }
}

export async function disableTwoFactor(input: { userId: string; password: string; headers: Headers }): Promise<string[]> {
  try {
    const { headers } = await getAuth().api.disableTwoFactor({
      body: { password: input.password },
      headers: input.headers,
      returnHeaders: true,
    });
    await recordAuditEvent({ action: "two-factor.disabled", actorId: input.userId, targetId: input.userId });
    return headers.getSetCookie();
  } catch (error) {
    refuseLongPassword(error);
    if (errorCode(error) === "INVALID_PASSWORD") throw new AppError("INVALID", m.server_password_wrong());
    throw error;
  }
}
