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

test("through the JSON API too, such a manager is refused (403) until the second factor is on; a student is not", async () => {
  const call = async (user: { cookie: string }) => {
    // The bearer token is the signed session value the cookie carries.
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(user.cookie)?.[1] ?? "");
    const answer = (await api.loader({
      request: new Request("http://localhost/api/v1/me", { headers: { Authorization: `Bearer ${token}` } }),
      params: { "*": "me" },
      context: context(),
    } as never)) as Response;
    return { status: answer.status, body: (await answer.json()) as { error?: { message: string } } };
  };
  const refused = await call(await createUser({ role: "manager" }));
  expect([refused.status, refused.body.error?.message]).toEqual([403, "Turn on two-factor sign-in to keep using your manager account."]);
  expect((await call(await createUser())).status).toBe(200);
});
