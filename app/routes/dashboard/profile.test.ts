import { expect, test } from "vitest";
import { createUser, type TestUser } from "../../../tests/support/accounts";
import { callRoute } from "../../../tests/support/call-route";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import * as profile from "./profile";

withTestDatabase();

type Reply = {
  intent: string | null;
  result: { initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };
  setup: { secret: string } | null;
};
const post = async (user: TestUser, form: Record<string, string>) => {
  const answer = await callRoute<Reply>(profile, { path: "/dashboard/profile", form, headers: { Cookie: user.cookie } });
  return { ...answer, fieldError: (name: string) => answer.data?.result.error?.[name]?.[0] };
};

test.each([129, 200, 1024])("a %d-character password to set up two-factor sign-in is a 400 with a message, not a 500", async (length) => {
  const user = await createUser({ verified: true });
  const result = await post(user, { intent: "enable-2fa", password: "p".repeat(length) });
  expect(result.status).toBe(400);
  expect(result.fieldError("password")).toBe("Use at most 128 characters");
  expect(result.data.intent).toBe("enable-2fa");
  // Passwords are never sent back.
  expect(result.data.result.initialValue?.password).toBeUndefined();
});

test("a too-long password to turn two-factor off, or as the current password, is a 400 too", async () => {
  const user = await createUser({ verified: true });
  const off = await post(user, { intent: "disable-2fa", password: "p".repeat(300) });
  expect(off.status).toBe(400);
  const change = await post(user, {
    intent: "change-password",
    currentPassword: "p".repeat(300),
    newPassword: "a fresh long passphrase",
    confirmPassword: "a fresh long passphrase",
  });
  expect(change.status).toBe(400);
  expect(change.fieldError("currentPassword")).toBe("Use at most 128 characters");
  expect(change.data.intent).toBe("change-password");
});

test("the right password starts the set-up; a wrong one says so; a wrong code keeps the code form", async () => {
  const user = await createUser({ verified: true });
  const wrong = await post(user, { intent: "enable-2fa", password: "not my password" });
  expect(wrong.status).toBe(400);
  expect(wrong.fieldError("")).toBe("Your password is not right");
  const started = await post(user, { intent: "enable-2fa", password: user.password });
  expect(started.status).toBe(200);
  expect(started.data.setup?.secret).toMatch(/^[A-Z2-7]+=*$/);
  const badCode = await post(user, { intent: "confirm-2fa", code: "12" });
  expect(badCode.status).toBe(400);
  expect(badCode.data.intent).toBe("confirm-2fa");
  expect(badCode.fieldError("")).toBe("Enter the 6-digit code to finish turning on two-factor sign-in.");
});

test("a common new password is refused on the server with a message beside the field", async () => {
  const user = await createUser({ verified: true });
  const weak = await post(user, {
    intent: "change-password",
    currentPassword: user.password,
    newPassword: "password123",
    confirmPassword: "password123",
  });
  expect(weak.status).toBe(400);
  expect(weak.fieldError("newPassword")).toMatch(/too common/);
});

test("changing the password with the right current one redirects with a toast; an unknown intent is refused with 400 and why", async () => {
  const user = await createUser({ verified: true });
  const changed = await post(user, {
    intent: "change-password",
    currentPassword: user.password,
    newPassword: "a fresh long passphrase",
    confirmPassword: "a fresh long passphrase",
  });
  expect(changed.status).toBe(302);
  expect(changed.location).toBe("/dashboard/profile");
  // The old session was replaced by the change: someone else tries the unknown intent.
  const unknown = await post(await createUser(), { intent: "delete-everything" });
  expect(unknown.status).toBe(400);
  expect(unknown.data?.intent).toBeNull();
  expect(unknown.fieldError("")).toBe("This form is out of date: reload the page and try again.");
});
