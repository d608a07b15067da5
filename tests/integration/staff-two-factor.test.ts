import { expect, test, vi } from "vitest";
import * as api from "~/routes/api/v1";
import * as profile from "~/routes/dashboard/profile";
import * as userManagement from "~/routes/dashboard/user-management";
import { context, createUser, outcome, request } from "../support/accounts";
import { withTestDatabase } from "../support/database-per-file";

// Runs before the imports above read the configuration.
vi.hoisted(() => {
  process.env.REQUIRE_STAFF_TWO_FACTOR = "true";
});

withTestDatabase();

test("with REQUIRE_STAFF_TWO_FACTOR, a manager without a second factor is sent to the profile to turn it on", async () => {
  const manager = await createUser({ role: "manager" });
  const blocked = await outcome(() =>
    userManagement.loader({ request: request("/dashboard/user-management", { user: manager }), params: {}, context: context() } as never),
  );
  expect(blocked.status).toBe(302);
  expect(blocked.location).toBe("/dashboard/profile");
  const allowed = await outcome(() =>
    profile.loader({ request: request("/dashboard/profile", { user: manager }), params: {}, context: context() } as never),
  );
  expect(allowed.status).toBe(200);
});

test("students are not asked for a second factor", async () => {
  const student = await createUser();
  const result = await outcome(() =>
    profile.loader({ request: request("/dashboard/profile", { user: student }), params: {}, context: context() } as never),
  );
  expect(result.status).toBe(200);
});

test("through the JSON API too, such a manager may only see who they are, sign out and turn the second factor on (403 for the rest); a student is not asked", async () => {
  const call = async (user: { cookie: string }, path: string, init: RequestInit = {}) => {
    // The bearer token is the signed session value the cookie carries.
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(user.cookie)?.[1] ?? "");
    const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    const request = new Request(`http://localhost/api/v1${path}`, { ...init, headers });
    const args = { request, params: { "*": path.slice(1) }, context: context() } as never;
    const answer = (await (init.method ? api.action(args) : api.loader(args))) as Response;
    return { status: answer.status, body: (await answer.json()) as { error?: { message: string } } };
  };
  const manager = await createUser({ role: "manager" });
  const refused = await call(manager, "/users");
  expect([refused.status, refused.body.error?.message]).toEqual([403, "Turn on two-factor sign-in to keep using your manager account."]);
  expect((await call(manager, "/me")).status).toBe(200);
  const setUp = await call(manager, "/me/two-factor", { method: "POST", body: JSON.stringify({ password: "not the password" }) });
  expect([setUp.status, setUp.body.error?.message]).toEqual([400, "Your password is not right"]);
  expect((await call(await createUser(), "/shortlist")).status).toBe(200);
});
