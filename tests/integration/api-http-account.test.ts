import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TWO_FACTOR_ALREADY_ON, TWO_FACTOR_NOT_STARTED } from "~/.server/auth/accounts";
import { getConfig } from "~/.server/config";
import { addMember } from "~/.server/networking/add-member";
import { accountOperations } from "~/routes/api/v1/account.server";
import { createUser, type TestUser } from "../support/accounts";
import { type ApiClient, apiClient } from "../support/api-client";
import { memberChoices, memberFields, memberPhoto, sessionOf } from "../support/members";
import { loggedErrors, type ServerProcess, startServer } from "../support/server-process";
import { onServerDatabase, signInOverHttp } from "../support/server-users";
import { startSmtpServer } from "../support/smtp";
import { createServerEnvironment } from "../support/test-database";
import { totp } from "../support/totp";

// The JSON API's account operations over real HTTP against the built server (ADR 033): what the
// profile page does (password, two-factor, e-mail confirmation, reminders and the calendar feed, a
// member's switch) and staff editing someone's profile, each answer checked against the document.
let server: ServerProcess;
let cleanup: (() => Promise<void>) | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let student: TestUser;
/** A student who turns two-factor sign-in on and off. */
let guarded: TestUser;
/** Signed in, but their e-mail is not confirmed. */
let unconfirmed: TestUser;
/** A networking member's account, listed under its e-mail. */
let member: TestUser;
let manager: TestUser;
let admin: TestUser;
let memberId: string;
let api: ApiClient;
const call: ApiClient["call"] = (...args) => api.call(...args);
const tokenOf: ApiClient["tokenOf"] = (...args) => api.tokenOf(...args);

/** A test user's session as an API token: the session cookie's signed value (the server shares this process's secret). */
function sessionToken(user: TestUser): string {
  const value = /onward\.session_token=([^;]+)/.exec(user.cookie)?.[1];
  if (!value) throw new Error("no session cookie");
  return decodeURIComponent(value);
}

/** The caller the token belongs to, or the status refusing it. */
async function whoAmI(token: string) {
  const answer = await call("me", { token });
  return answer.status === 200
    ? (answer.body.data as { email: string; name: string; phone: string | null; twoFactorEnabled: boolean })
    : answer.status;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  const environment = await createServerEnvironment();
  cleanup = environment.cleanup;
  ({ student, guarded, unconfirmed, member, manager, admin, memberId } = await onServerDatabase(environment.env, async () => {
    const [student, guarded, unconfirmed, member, manager, admin] = [
      await createUser({ verified: true }),
      await createUser({ verified: true }),
      await createUser(),
      await createUser({ role: "networking", verified: true }),
      await createUser({ role: "manager", verified: true }),
      await createUser({ role: "admin", verified: true }),
    ];
    const entry = await addMember({
      actor: await sessionOf(manager),
      fields: memberFields({ email: member.email }),
      photo: await memberPhoto(),
      choices: memberChoices,
    });
    return { student, guarded, unconfirmed, member, manager, admin, memberId: entry.id };
  }));
  server = await startServer({
    ...environment.env,
    // The seeded sessions were signed here: the unconfirmed person's is their only way in (login refuses them).
    SESSION_SECRET: getConfig().sessionSecret,
    LOG_LEVEL: "warn",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Onward <no-reply@onward.test>",
  });
  api = await apiClient(server.url);
});
afterAll(async () => {
  await server?.stop();
  await cleanup?.();
  await smtp?.stop();
});

describe("plan settings", () => {
  test("reminders are turned off and read back; a reset feed address replaces the old one, which then answers 404", async () => {
    const token = await tokenOf(student);
    expect((await call("getPlanSettings")).status).toBe(401);
    const before = (await call("getPlanSettings", { token })).body.data as { remindersOn: boolean; feedUrl: string };
    expect(before.remindersOn).toBe(true);
    expect(before.feedUrl).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = (url: string) => fetch(`${server.url}${new URL(url).pathname}`);
    const opened = await feed(before.feedUrl);
    expect([opened.status, opened.headers.get("Content-Type")]).toEqual([200, "text/calendar; charset=utf-8"]);
    expect(await opened.text()).toContain("BEGIN:VCALENDAR");

    expect((await call("setDeadlineReminders", { json: { deadlineReminders: false } })).status).toBe(401);
    const word = await call("setDeadlineReminders", { token, json: { deadlineReminders: "off" } });
    expect([word.status, word.body.error?.fields]).toEqual([400, { deadlineReminders: "Send true (on) or false (off)" }]);
    const extra = await call("setDeadlineReminders", { token, json: { deadlineReminders: false, weekly: true } });
    expect([extra.status, extra.body.error?.fields]).toEqual([400, { weekly: "This field is not accepted here." }]);
    expect(((await call("getPlanSettings", { token })).body.data as { remindersOn: boolean }).remindersOn).toBe(true);
    const off = await call("setDeadlineReminders", { token, json: { deadlineReminders: false } });
    expect(off.body.data).toEqual({ remindersOn: false, feedUrl: before.feedUrl });
    expect(((await call("getPlanSettings", { token })).body.data as { remindersOn: boolean }).remindersOn).toBe(false);

    expect((await call("resetCalendarFeed")).status).toBe(401);
    const reset = await call("resetCalendarFeed", { token });
    const { feedUrl } = reset.body.data as { feedUrl: string };
    expect(feedUrl).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feedUrl).not.toBe(before.feedUrl);
    expect((await feed(before.feedUrl)).status).toBe(404);
    expect((await feed(feedUrl)).status).toBe(200);
    expect(((await call("getPlanSettings", { token })).body.data as { feedUrl: string }).feedUrl).toBe(feedUrl);
  });
});

describe("a networking member's switch", () => {
  test("a listed member stops and restarts messages, read back by the directory's managers; anyone else gets 404", async () => {
    const [memberToken, studentToken, managerToken] = await Promise.all([tokenOf(member), tokenOf(student), tokenOf(manager)]);
    const acceptsMessages = async () =>
      (
        (await call("getMember", { path: `/networking-members/${memberId}`, token: managerToken })).body.data as {
          acceptsMessages: boolean;
        }
      ).acceptsMessages;
    expect((await call("setNetworkingMessages", { json: { acceptsMessages: false } })).status).toBe(401);
    const unlisted = await call("setNetworkingMessages", { token: studentToken, json: { acceptsMessages: false } });
    expect([unlisted.status, unlisted.body.error?.code, unlisted.body.error?.message]).toEqual([
      404,
      "NOT_FOUND",
      "Your account is not listed in the networking directory.",
    ]);
    const word = await call("setNetworkingMessages", { token: memberToken, json: { acceptsMessages: "off" } });
    expect([word.status, word.body.error?.fields]).toEqual([400, { acceptsMessages: "Send true (on) or false (off)" }]);
    expect(await acceptsMessages()).toBe(true);

    const off = await call("setNetworkingMessages", { token: memberToken, json: { acceptsMessages: false } });
    expect([off.status, off.body.data]).toEqual([200, { acceptsMessages: false }]);
    expect(await acceptsMessages()).toBe(false);
    expect((await call("setNetworkingMessages", { token: memberToken, json: { acceptsMessages: true } })).status).toBe(200);
    expect(await acceptsMessages()).toBe(true);
  });
});

describe("staff editing a profile", () => {
  test("a manager edits a student's profile; a manager may not edit an admin's, a student nobody's; the form's words for bad fields", async () => {
    const [managerToken, studentToken, adminToken] = await Promise.all([tokenOf(manager), tokenOf(student), tokenOf(admin)]);
    const edit = { name: "Nusrat Jahan", phone: "+880 1711 000000", address: "House 1, Road 2, Dhaka", timeZone: "Asia/Dhaka" };
    const at = (user: TestUser) => `/users/${user.id}`;

    expect((await call("updateUserProfile", { path: at(student), json: edit })).status).toBe(401);
    const byStudent = await call("updateUserProfile", { path: at(manager), token: studentToken, json: edit });
    expect([byStudent.status, byStudent.body.error?.code]).toEqual([403, "FORBIDDEN"]);
    const overAdmin = await call("updateUserProfile", { path: at(admin), token: managerToken, json: edit });
    expect([overAdmin.status, overAdmin.body.error?.message]).toEqual([403, "Only an admin can edit a manager's or an admin's profile."]);
    expect(await whoAmI(adminToken)).toMatchObject({ name: admin.name, phone: null });
    expect(await whoAmI(managerToken)).toMatchObject({ name: manager.name });
    expect((await call("updateUserProfile", { path: "/users/no-such-user", token: managerToken, json: edit })).status).toBe(404);

    const empty = await call("updateUserProfile", { path: at(student), token: managerToken, json: { ...edit, name: " " } });
    expect([empty.status, empty.body.error?.fields]).toEqual([400, { name: "Enter a name" }]);
    const zone = await call("updateUserProfile", { path: at(student), token: managerToken, json: { ...edit, timeZone: "Mars/Olympus" } });
    expect(zone.body.error?.fields).toEqual({ timeZone: "Choose a time zone from the list, for example Asia/Dhaka" });
    const email = await call("updateUserProfile", { path: at(student), token: managerToken, json: { ...edit, email: "new@onward.test" } });
    expect([email.status, email.body.error?.fields]).toEqual([400, { email: "This field is not accepted here." }]);
    expect(await whoAmI(studentToken)).toMatchObject({ name: student.name, phone: null });

    const saved = await call("updateUserProfile", { path: at(student), token: managerToken, json: edit });
    expect([saved.status, saved.body.data]).toEqual([
      200,
      { id: student.id, email: student.email, emailVerified: true, role: "student", ...edit },
    ]);
    expect(await whoAmI(studentToken)).toMatchObject({ name: edit.name, phone: edit.phone, timeZone: edit.timeZone });
    expect(((await call("getUser", { path: at(student), token: managerToken })).body.data as { name: string }).name).toBe(edit.name);

    // An admin edits a manager's; a phone left out is emptied, as the form posts it.
    const byAdmin = await call("updateUserProfile", { path: at(manager), token: adminToken, json: { name: "Farhana Manager" } });
    expect(byAdmin.body.data).toMatchObject({ name: "Farhana Manager", phone: null, address: null });
    expect(await whoAmI(managerToken)).toMatchObject({ name: "Farhana Manager" });
  });
});

describe("e-mail confirmation", () => {
  test("a new confirmation link is e-mailed, three an hour for an account (then 429); a confirmed address gets nothing", async () => {
    const token = sessionToken(unconfirmed);
    const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
    // The link of the sign-up, first.
    await smtp.waitFor(unconfirmed.email, 10_000);
    expect((await call("resendEmailConfirmation")).status).toBe(401);
    const sent = await call("resendEmailConfirmation", { token });
    expect([sent.status, sent.body.data]).toEqual([202, { message: `We have sent a new confirmation link to ${unconfirmed.email}.` }]);
    const deadline = Date.now() + 10_000;
    while (mailsTo(unconfirmed.email).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mailsTo(unconfirmed.email)).toHaveLength(2);
    expect(mailsTo(unconfirmed.email)[1]?.raw).toContain("verify-email");

    const withBody = await call("resendEmailConfirmation", { token, json: { email: "other@onward.test" } });
    expect([withBody.status, withBody.body.error?.message]).toEqual([400, "This call takes no body."]);
    expect((await call("resendEmailConfirmation", { token })).status).toBe(202);
    expect((await call("resendEmailConfirmation", { token })).status).toBe(202);
    const limited = await call("resendEmailConfirmation", { token });
    expect([limited.status, limited.body.error?.code]).toEqual([429, "RATE_LIMITED"]);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);

    const confirmed = await call("resendEmailConfirmation", { token: await tokenOf(member) });
    expect([confirmed.status, confirmed.body.data]).toEqual([
      202,
      { message: "Your e-mail address is confirmed already: nothing was sent." },
    ]);
  });
});

describe("two-factor sign-in", () => {
  test("set up with the password, confirmed with a code from the app, then needed at login; turned off with the password; each renewal ends the token sent", async () => {
    const token = await tokenOf(guarded);
    const elsewhere = await tokenOf(guarded);

    expect((await call("beginTwoFactorSetup", { json: { password: guarded.password } })).status).toBe(401);
    // A code before any set-up has nothing to be checked against.
    const early = await call("confirmTwoFactorSetup", { token, json: { code: "123456" } });
    expect([early.status, early.body.error?.message]).toEqual([409, TWO_FACTOR_NOT_STARTED]);
    const missing = await call("beginTwoFactorSetup", { token, json: {} });
    expect([missing.status, missing.body.error?.fields]).toEqual([400, { password: "Enter your password" }]);
    const wrong = await call("beginTwoFactorSetup", { token, json: { password: "not my password" } });
    expect([wrong.status, wrong.body.error?.code, wrong.body.error?.message]).toEqual([400, "INVALID", "Your password is not right"]);
    const begun = await call("beginTwoFactorSetup", { token, json: { password: guarded.password } });
    expect(begun.status).toBe(200);
    const setup = begun.body.data as { secret: string; uri: string; backupCodes: string[] };
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(setup.uri).searchParams.get("secret")).toBe(setup.secret);
    expect(setup.backupCodes.length).toBeGreaterThan(0);
    expect(await whoAmI(token)).toMatchObject({ twoFactorEnabled: false });

    const malformed = await call("confirmTwoFactorSetup", { token, json: { code: "12ab" } });
    expect([malformed.status, malformed.body.error?.fields]).toEqual([400, { code: "Enter the 6-digit code from your app" }]);
    const stale = totp(setup.secret, Date.now() - 3_600_000);
    const refused = await call("confirmTwoFactorSetup", { token, json: { code: stale === totp(setup.secret) ? "000000" : stale } });
    expect([refused.status, refused.body.error?.message]).toEqual([
      400,
      "That code is not right. Check the time on your phone and try again.",
    ]);
    expect(await whoAmI(token)).toMatchObject({ twoFactorEnabled: false });

    const confirmed = await call("confirmTwoFactorSetup", { token, json: { code: totp(setup.secret) } });
    expect(confirmed.status).toBe(200);
    const renewed = (confirmed.body.data as { token: string }).token;
    expect(renewed).not.toBe(token);
    expect(await whoAmI(token)).toBe(401);
    expect(await whoAmI(renewed)).toMatchObject({ twoFactorEnabled: true });
    // The account's other sessions go on.
    expect(await whoAmI(elsewhere)).toMatchObject({ email: guarded.email });
    const again = await call("beginTwoFactorSetup", { token: renewed, json: { password: guarded.password } });
    expect([again.status, again.body.error?.code]).toEqual([409, "CONFLICT"]);
    const confirmedAgain = await call("confirmTwoFactorSetup", { token: renewed, json: { code: totp(setup.secret, Date.now() + 60_000) } });
    expect([confirmedAgain.status, confirmedAgain.body.error?.message]).toEqual([409, TWO_FACTOR_ALREADY_ON]);

    const noCode = await call("login", { json: { email: guarded.email, password: guarded.password } });
    expect([noCode.status, Object.keys(noCode.body.error?.fields ?? {})]).toEqual([401, ["code"]]);
    // The code that turned it on cannot sign in: the next one from the app does.
    const signedIn = await call("login", {
      json: { email: guarded.email, password: guarded.password, code: totp(setup.secret, Date.now() + 30_000) },
    });
    expect(signedIn.status).toBe(200);

    expect((await call("disableTwoFactor", { json: { password: guarded.password } })).status).toBe(401);
    const wrongOff = await call("disableTwoFactor", { token: renewed, json: { password: "not my password" } });
    expect([wrongOff.status, wrongOff.body.error?.message]).toEqual([400, "Your password is not right"]);
    const unknown = await call("disableTwoFactor", { token: renewed, json: { password: guarded.password, code: "123456" } });
    expect([unknown.status, unknown.body.error?.fields]).toEqual([400, { code: "This field is not accepted here." }]);
    expect(await whoAmI(renewed)).toMatchObject({ twoFactorEnabled: true });
    const off = await call("disableTwoFactor", { token: renewed, json: { password: guarded.password } });
    expect(off.status).toBe(200);
    const last = (off.body.data as { token: string }).token;
    expect(await whoAmI(renewed)).toBe(401);
    expect(await whoAmI(last)).toMatchObject({ twoFactorEnabled: false });
    expect((await call("login", { json: { email: guarded.email, password: guarded.password } })).status).toBe(200);
  });
});

describe("changing the password", () => {
  test("ends every session of the account, the caller's token too; the answer's token carries on; a wrong current password changes nothing", async () => {
    const [token, elsewhere] = [await tokenOf(student), await tokenOf(student)];
    const browser = await signInOverHttp(server, student);
    const newPassword = "a quiet harbour at dawn";
    const form = { currentPassword: student.password, newPassword, confirmPassword: newPassword };

    expect((await call("changePassword", { json: form })).status).toBe(401);
    const mismatch = await call("changePassword", { token, json: { ...form, confirmPassword: "something else" } });
    expect([mismatch.status, mismatch.body.error?.fields]).toEqual([400, { confirmPassword: "Password did not match" }]);
    const extra = await call("changePassword", { token, json: { ...form, revokeOtherSessions: false } });
    expect([extra.status, extra.body.error?.fields]).toEqual([400, { revokeOtherSessions: "This field is not accepted here." }]);
    const wrong = await call("changePassword", { token, json: { ...form, currentPassword: "not my password" } });
    expect([wrong.status, wrong.body.error?.code, wrong.body.error?.message]).toEqual([
      400,
      "INVALID",
      "Your current password is not right",
    ]);
    expect(await whoAmI(token)).toMatchObject({ email: student.email });
    expect(await whoAmI(elsewhere)).toMatchObject({ email: student.email });

    const changed = await call("changePassword", { token, json: form });
    expect(changed.status).toBe(200);
    const renewed = (changed.body.data as { token: string }).token;
    expect(await whoAmI(token)).toBe(401);
    expect(await whoAmI(elsewhere)).toBe(401);
    const page = await fetch(`${server.url}/dashboard/profile`, { headers: { Cookie: browser }, redirect: "manual" });
    expect([page.status, page.headers.get("Location")]).toEqual([302, expect.stringContaining("/login")]);
    expect(await whoAmI(renewed)).toMatchObject({ email: student.email });

    const old = await call("login", { json: { email: student.email, password: student.password } });
    expect(old.status).toBe(401);
    expect(await tokenOf({ email: student.email, password: newPassword })).toBeTruthy();
  });
});

describe("coverage", () => {
  test("every operation of the file answered with a success, and no call made a fault", () => {
    expect(accountOperations.map((operation) => operation.id).filter((id) => !api.succeeded.has(id))).toEqual([]);
    expect(loggedErrors(server)).toEqual([]);
  });
});
