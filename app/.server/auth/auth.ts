import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { magicLink } from "better-auth/plugins/magic-link";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq } from "drizzle-orm";
import { getLocale, isLocale, type Locale, localizedPath } from "~/lib/locale";
import { getConfig } from "../config";
import { type Database, db } from "../db";
import { accounts, sessions, twoFactors, users, verifications } from "../db/schema";
import { queueMail } from "../mail/outbox";
import { magicLinkMail, resetPasswordMail, signUpAttemptMail, verifyEmailMail } from "../mail/templates";
import { recordAuditEvent } from "../users/audit";
import { CLIENT_IP_HEADER } from "./client-ip";
import { hashPassword, verifyPassword } from "./password-hash";
import { safeRedirect } from "./schemas";
import { sessionsChanged } from "./session";

/** Providers we accept federated sign-in from; the id is part of the callback URL. */
export const GOOGLE_PROVIDER_ID = "google";

/**
 * better-auth's link (/api/auth/verify-email?token=…&callbackURL=…) rewritten to our page
 * /verify-email?token=…&redirectTo=…, which confirms the address, signs the person in and
 * says so with a toast.
 */
export function verificationPageLink(url: string, locale: Locale = "en"): string {
  const link = new URL(url);
  const page = new URL(localizedPath("/verify-email", locale), link.origin);
  page.searchParams.set("token", link.searchParams.get("token") ?? "");
  const redirectTo = safeRedirect(link.searchParams.get("callbackURL"));
  if (redirectTo !== "/" && redirectTo !== "/verify-email") page.searchParams.set("redirectTo", redirectTo);
  return page.href;
}

/**
 * The language of an account's e-mails (ADR 037): its saved `locale`; one better-auth hands over
 * without it (an account made in this very request) gets the request's language, which it was made in.
 */
function mailLocale(user: object): Locale {
  const saved = "locale" in user ? user.locale : undefined;
  return isLocale(saved) ? saved : getLocale();
}

function createAuth(database: Database) {
  const config = getConfig();
  const https = config.appUrl.startsWith("https:");
  return betterAuth({
    appName: "Onward",
    basePath: "/api/auth",
    // With APP_URL unset, both localhost and 127.0.0.1 are ours: links follow the host the person used.
    baseURL:
      config.trustedOrigins.length > 1
        ? { allowedHosts: config.trustedOrigins.map((origin) => new URL(origin).host), protocol: "http", fallback: config.appUrl }
        : config.appUrl,
    trustedOrigins: config.trustedOrigins,
    secret: config.sessionSecret,
    telemetry: { enabled: false },
    database: drizzleAdapter(database, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    user: {
      additionalFields: {
        // input: false — sign-up and better-auth's own update endpoint can never set these.
        role: { type: "string", required: false, defaultValue: "student", input: false },
        phone: { type: "string", required: false, input: false },
        address: { type: "string", required: false, input: false },
        // The language of the page they signed up on: their e-mails are written in it (ADR 037).
        locale: { type: "string", required: false, defaultValue: "en", input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Sign-up never signs in: the verification link does (autoSignInAfterVerification). A taken
      // e-mail gets the same answer as a new one, after the same password hashing (ADR 013).
      autoSignIn: false,
      requireEmailVerification: true,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 30 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await queueMail(db(), resetPasswordMail({ to: user.email, name: user.name, url, locale: mailLocale(user) }));
      },
      async onPasswordReset({ user }) {
        await recordAuditEvent({ action: "password.reset", targetId: user.id, email: user.email });
      },
      async onExistingUserSignUp({ user }) {
        const locale = mailLocale(user);
        const url = new URL(localizedPath("/login", locale), config.appUrl).href;
        await queueMail(db(), signUpAttemptMail({ to: user.email, name: user.name, url, locale }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A sign-in before confirming sends a fresh link from accounts.ts, under a rate limit.
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        const locale = mailLocale(user);
        await queueMail(db(), verifyEmailMail({ to: user.email, name: user.name, url: verificationPageLink(url, locale), locale }));
      },
    },
    session: { expiresIn: 30 * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    account: { accountLinking: { enabled: true, trustedProviders: [GOOGLE_PROVIDER_ID] } },
    advanced: {
      cookiePrefix: "onward",
      useSecureCookies: https,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Our own limiter (rate-limit.ts) covers server-side calls, which better-auth's does not.
    rateLimit: { enabled: false },
    // Cached sessions are forgotten after every change to a user or a session (sign-out,
    // revocation, password reset, verification, two-factor): see invalidated-cache.ts.
    databaseHooks: {
      user: {
        create: { before: async (user) => ({ data: { ...user, locale: getLocale() } }) },
        update: { after: () => sessionsChanged() },
        delete: { after: () => sessionsChanged() },
      },
      session: {
        update: { after: () => sessionsChanged() },
        delete: { after: () => sessionsChanged() },
        create: {
          async before(session, context) {
            // Sign-ins that skip the password (magic link, Google) must not skip a second factor.
            const path = context?.path ?? "";
            if (path === "/magic-link/verify" || path.startsWith("/callback/")) {
              const [user] = await db()
                .select({ twoFactorEnabled: users.twoFactorEnabled })
                .from(users)
                .where(eq(users.id, session.userId));
              if (user?.twoFactorEnabled) return false;
            }
            return { data: session };
          },
        },
      },
    },
    plugins: [
      twoFactor({ issuer: "Onward" }),
      magicLink({
        expiresIn: 15 * 60,
        disableSignUp: true,
        async sendMagicLink({ email, url }) {
          // Answer the same whether or not the account exists, but only mail existing accounts
          // without a second factor (a link would bypass it).
          const [user] = await db()
            .select({ name: users.name, twoFactorEnabled: users.twoFactorEnabled, locale: users.locale })
            .from(users)
            .where(eq(users.email, email.toLowerCase()));
          if (!user || user.twoFactorEnabled) return;
          await queueMail(db(), magicLinkMail({ to: email, name: user.name, url, locale: user.locale }));
        },
      }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  discoveryUrl: config.google.discoveryUrl,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  pkce: true,
                  scopes: ["openid", "email", "profile"],
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance: { auth: Auth; database: Database } | undefined;

/** The better-auth instance for the current database (made on first use). */
export function getAuth(): Auth {
  const database = db();
  if (instance?.database !== database) instance = { auth: createAuth(database), database };
  return instance.auth;
}
