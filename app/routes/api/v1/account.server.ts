import { z } from "zod";
import { beginTwoFactorSetup, changePassword, confirmTwoFactorSetup, disableTwoFactor, resendVerification } from "~/.server/auth/accounts";
import { getAuth } from "~/.server/auth/auth";
import { changePasswordSchema, passwordOnlySchema, totpCodeSchema } from "~/.server/auth/schemas";
import { bearerToken } from "~/.server/auth/session";
import { setAcceptsMessages } from "~/.server/networking/own-entry";
import { calendarFeedUrl, resetCalendarFeedToken } from "~/.server/plan/calendar-feed";
import { planSettingsView } from "~/.server/plan/plan-settings-view";
import { setDeadlineReminders } from "~/.server/plan/reminder-settings";
import { findUser } from "~/.server/users/manage";
import { findEditableProfile, type ProfileTarget, updateProfile } from "~/.server/users/profile";
import { pageRoles } from "~/lib/dashboard-menu";
import { ProfileSchema } from "~/lib/schemas/profile";
import { UserSchema } from "./auth.server";
import { defineOperation, type Operation } from "./operation.server";

/** The token to use from now on, after a call that renewed the caller's session. */
const RenewedTokenSchema = z.object({ token: z.string() });
const PlanSettingsSchema = z.object({ remindersOn: z.boolean(), feedUrl: z.string() });
/** Someone's profile as staff edit it. */
const ProfileDataSchema = UserSchema.pick({
  id: true,
  name: true,
  email: true,
  emailVerified: true,
  role: true,
  phone: true,
  address: true,
  timeZone: true,
});

/** A switch the profile page posts as "on"/"off", taken here as a JSON boolean. */
const onOff = z.boolean({ error: "Send true (on) or false (off)" });

/** better-auth's session cookie: it reads the caller's session from it, and sets a renewed one in it. */
async function sessionCookieName(): Promise<string> {
  return (await getAuth().$context).authCookies.sessionToken.name;
}

/**
 * Headers for a better-auth call made on the caller's session: the bearer token is the session
 * cookie's signed value, so it goes in as that cookie (and no other cookie of the request does).
 */
async function sessionHeaders(request: Request): Promise<Headers> {
  const headers = new Headers(request.headers);
  headers.set("Cookie", `${await sessionCookieName()}=${encodeURIComponent(bearerToken(request.headers.get("Authorization")) ?? "")}`);
  return headers;
}

/** The token of the new session a call set in `cookies`: the caller's old one has ended. */
async function renewedToken(cookies: string[]): Promise<{ token: string }> {
  const prefix = `${await sessionCookieName()}=`;
  const value = cookies
    .find((cookie) => cookie.startsWith(prefix))
    ?.slice(prefix.length)
    .split(";")[0];
  if (!value) throw new Error("a session change left no session cookie");
  return { token: decodeURIComponent(value) };
}

function profileData({ id, name, email, emailVerified, role, phone, address, timeZone }: ProfileTarget): z.infer<typeof ProfileDataSchema> {
  return { id, name, email, emailVerified, role, phone, address, timeZone };
}

/** Account operations beyond sign-in: password, two-factor, e-mail confirmation, reminders and the calendar feed, a member's own switch, staff editing a profile. */
export const accountOperations: Operation[] = [
  defineOperation({
    id: "changePassword",
    method: "POST",
    path: "/me/password",
    tag: "Accounts",
    summary: "Change one's password",
    description:
      "The profile page's form: `currentPassword`, `newPassword` and `confirmPassword`. A change ends every session of the account, " +
      "the caller's own too: the token sent stops working at once, as do the account's other tokens and signed-in browsers. " +
      "The answer's `token` is a new session's: use it from now on.",
    access: "signed-in",
    body: changePasswordSchema,
    response: RenewedTokenSchema,
    async run({ body, user, request }) {
      const cookies = await changePassword({
        userId: user.id,
        currentPassword: body.currentPassword,
        newPassword: body.newPassword,
        headers: await sessionHeaders(request),
      });
      return { data: await renewedToken(cookies) };
    },
  }),
  defineOperation({
    id: "resendEmailConfirmation",
    method: "POST",
    path: "/me/email-confirmation",
    tag: "Accounts",
    summary: "Send a new link to confirm one's e-mail address",
    description:
      "As the profile page's button: at most 3 for an account and 20 from one address an hour (429 with Retry-After). " +
      "An address confirmed already gets nothing.",
    access: "signed-in",
    response: z.object({ message: z.string() }),
    status: 202,
    refusals: [429],
    async run({ user, request, clientIp }) {
      await resendVerification({ email: user.email, ip: clientIp, headers: await sessionHeaders(request) });
      const message = user.emailVerified
        ? "Your e-mail address is confirmed already: nothing was sent."
        : `We have sent a new confirmation link to ${user.email}.`;
      return { data: { message }, status: 202 };
    },
  }),
  defineOperation({
    id: "beginTwoFactorSetup",
    beforeTwoFactor: true,
    method: "POST",
    path: "/me/two-factor",
    tag: "Accounts",
    summary: "Start turning on two-factor sign-in: the secret for an authenticator app, and backup codes",
    description:
      "The account's `password`. Two-factor sign-in is on only once POST /me/two-factor/confirm takes a first code from the app " +
      "(`uri` as a QR code, or `secret` typed in). Keep the backup codes: each signs in once without the app. " +
      "Starting again before confirming replaces the secret and the codes.",
    access: "signed-in",
    body: passwordOnlySchema,
    response: z.object({ secret: z.string(), uri: z.string(), backupCodes: z.array(z.string()) }),
    refusals: [409],
    async run({ body, request }) {
      return { data: await beginTwoFactorSetup({ password: body.password, headers: await sessionHeaders(request) }) };
    },
  }),
  defineOperation({
    id: "confirmTwoFactorSetup",
    beforeTwoFactor: true,
    method: "POST",
    path: "/me/two-factor/confirm",
    tag: "Accounts",
    summary: "Finish turning on two-factor sign-in with a first code from the app",
    description:
      "The 6-digit `code` the app shows for the secret of POST /me/two-factor. Turning it on renews the caller's session: the token " +
      "sent stops working, and the answer's `token` replaces it; the account's other sessions go on. From now on login needs a code.",
    access: "signed-in",
    body: totpCodeSchema,
    response: RenewedTokenSchema,
    refusals: [409],
    async run({ body, user, request }) {
      const cookies = await confirmTwoFactorSetup({ userId: user.id, code: body.code, headers: await sessionHeaders(request) });
      return { data: await renewedToken(cookies) };
    },
  }),
  defineOperation({
    id: "disableTwoFactor",
    method: "DELETE",
    path: "/me/two-factor",
    tag: "Accounts",
    summary: "Turn off two-factor sign-in",
    description:
      "The account's `password` in the body. Renews the caller's session: the token sent stops working, and the answer's `token` " +
      "replaces it; the account's other sessions go on.",
    access: "signed-in",
    body: passwordOnlySchema,
    response: RenewedTokenSchema,
    async run({ body, user, request }) {
      const cookies = await disableTwoFactor({ userId: user.id, password: body.password, headers: await sessionHeaders(request) });
      return { data: await renewedToken(cookies) };
    },
  }),
  defineOperation({
    id: "getPlanSettings",
    method: "GET",
    path: "/me/plan-settings",
    tag: "Plan",
    summary: "Whether deadline reminders are e-mailed, and the address of one's private calendar feed",
    description:
      "The feed (iCalendar) holds the next deadline of each shortlisted university and one's accepted appointments; anyone with its address can read it.",
    access: "signed-in",
    response: PlanSettingsSchema,
    async run({ user }) {
      return { data: await planSettingsView(user.id) };
    },
  }),
  defineOperation({
    id: "setDeadlineReminders",
    method: "PUT",
    path: "/me/deadline-reminders",
    tag: "Plan",
    summary: "Turn deadline reminder e-mails on or off",
    description: "`deadlineReminders`: true to receive them, false to receive no more.",
    access: "signed-in",
    body: z.object({ deadlineReminders: onOff }),
    response: PlanSettingsSchema,
    async run({ body, user }) {
      await setDeadlineReminders(user.id, body.deadlineReminders);
      return { data: await planSettingsView(user.id) };
    },
  }),
  defineOperation({
    id: "resetCalendarFeed",
    method: "POST",
    path: "/me/calendar-feed/reset",
    tag: "Plan",
    summary: "Give one's calendar feed a new address",
    description: "The old address answers 404 from now on: calendar apps must subscribe to the new `feedUrl`.",
    access: "signed-in",
    response: PlanSettingsSchema.pick({ feedUrl: true }),
    async run({ user }) {
      return { data: { feedUrl: calendarFeedUrl(await resetCalendarFeedToken(user.id)) } };
    },
  }),
  defineOperation({
    id: "setNetworkingMessages",
    method: "PUT",
    path: "/me/networking-messages",
    tag: "Accounts",
    summary: "A networking member lets students write to them, or stops it",
    description:
      "For a person listed in the networking directory (their entry linked to the account, or under its confirmed e-mail); " +
      "anyone else gets 404. `acceptsMessages`: true to take messages through Connect, false to take none.",
    access: "signed-in",
    body: z.object({ acceptsMessages: onOff }),
    response: z.object({ acceptsMessages: z.boolean() }),
    refusals: [404],
    async run({ body, user }) {
      await setAcceptsMessages(user, body.acceptsMessages);
      return { data: { acceptsMessages: body.acceptsMessages } };
    },
  }),
  defineOperation({
    id: "updateUserProfile",
    method: "PATCH",
    path: "/users/{id}",
    tag: "Users",
    summary: "Change someone's name, phone, address and time zone",
    description:
      "The edit-profile form's fields as it posts them (the photo is not taken here): a `phone` or `address` left out is emptied, " +
      "`timeZone` left out stays as it is, and the e-mail and role never change. A manager edits students', networking members' and consultants' profiles; only an admin edits a manager's or an admin's. " +
      "The change is recorded in the audit log.",
    access: pageRoles.userManagement,
    params: z.object({ id: z.string().max(100) }),
    body: ProfileSchema,
    response: ProfileDataSchema,
    async run({ params, body, user }) {
      // The page is keyed by e-mail; the domain finds (and checks) the person by it.
      const { email } = await findUser(params.id);
      await updateProfile({ actor: user, email, ...body });
      return { data: profileData(await findEditableProfile(user, email)) };
    },
  }),
];
