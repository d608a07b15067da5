import type { SubmissionResult } from "@conform-to/react";
import { inArray } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { siteSetting, users } from "~/.server/db/schema";
import { resetLimiters } from "~/.server/security/rate-limit";
import { getSiteSettings } from "~/.server/settings/site-settings";
import { ensureSetupToken, SETUP_COMPLETED_KEY, SETUP_TOKEN_KEY } from "~/.server/setup/setup-token";
import { createUser } from "../../tests/support/accounts";
import { callRoute } from "../../tests/support/call-route";
import { withTestDatabase } from "../../tests/support/database-per-file";
import * as setupRoute from "./setup";

const testDatabase = withTestDatabase();
const db = () => testDatabase.handle().db;
let token = "";

beforeEach(async () => {
  resetLimiters();
  await db().delete(users);
  await db()
    .delete(siteSetting)
    .where(inArray(siteSetting.key, [SETUP_TOKEN_KEY, SETUP_COMPLETED_KEY, "contactPhone", "contactEmail", "city"]));
  token = (await ensureSetupToken()) ?? "";
});

const complete = {
  name: "Rahim Uddin",
  email: "rahim@agency.example",
  password: "tulip orbit canyon",
  confirmPassword: "tulip orbit canyon",
  contactEmail: "hello@agency.example",
  contactPhone: "+880 1711-000000",
  city: "Chattogram",
  country: "Bangladesh",
  "social.facebook": "https://facebook.com/agency",
  "rates.USD": "121.5",
};

function get(path: string) {
  return callRoute(setupRoute, { path, pattern: "/setup" });
}

async function post(fields: Record<string, string>, options: { path?: string; ip?: string } = {}) {
  const answer = await callRoute<{ result: SubmissionResult<string[]> } | undefined>(setupRoute, {
    path: options.path ?? `/setup?token=${token}`,
    pattern: "/setup",
    form: fields,
    clientIp: options.ip,
  });
  return { ...answer, result: answer.data?.result };
}

async function nothingCreated() {
  expect(await db().select({ id: users.id }).from(users)).toEqual([]);
  const keys = (await db().select({ key: siteSetting.key }).from(siteSetting)).map((row) => row.key);
  expect(keys).not.toContain("contactPhone");
  expect(keys).not.toContain(SETUP_COMPLETED_KEY);
}

test("the page answers 200 with its link, and 404 without a token or with a wrong one", async () => {
  expect((await get(`/setup?token=${token}`)).status).toBe(200);
  expect((await get("/setup")).status).toBe(404);
  expect((await get("/setup?token=")).status).toBe(404);
  // One character changed (to another than it was: a token may end in "A").
  const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
  expect((await get(`/setup?token=${wrong}`)).status).toBe(404);
});

test("the form starts from what the site shows, without the code's placeholder contact address", async () => {
  const answer = await callRoute<{ values: { contactEmail: string; city: string; rates: { USD: string } } }>(setupRoute, {
    path: `/setup?token=${token}`,
    pattern: "/setup",
  });
  expect(answer.data.values).toMatchObject({ contactEmail: "", city: "Dhaka", rates: { USD: "122" } });
});

test("a post without the token, or with a wrong one, is 404 and creates nothing", async () => {
  expect((await post(complete, { path: "/setup" })).status).toBe(404);
  expect((await post(complete, { path: "/setup?token=wrong" })).status).toBe(404);
  await nothingCreated();
});

test("a refused form answers 400 with a message beside each field, keeps what was typed, and creates nothing", async () => {
  const answer = await post({ ...complete, email: "not-an-email", password: "short", confirmPassword: "short", city: "" });
  expect(answer.status).toBe(400);
  expect(answer.result?.error).toMatchObject({
    email: ["Enter a valid e-mail address"],
    password: ["Use at least 8 characters"],
    city: ["Enter the city"],
  });
  expect(answer.result?.initialValue).toMatchObject({ name: "Rahim Uddin", contactPhone: "+880 1711-000000" });
  expect(answer.result?.initialValue).not.toHaveProperty("password");
  await nothingCreated();
});

test("each required field is named when it is missing", async () => {
  const answer = await post({});
  expect(answer.status).toBe(400);
  expect(Object.keys(answer.result?.error ?? {}).sort()).toEqual(["city", "contactEmail", "country", "email", "name", "password"]);
  await nothingCreated();
});

test("sign-up's password rules hold, and a repeated password must match when given", async () => {
  const common = await post({ ...complete, password: "password123", confirmPassword: "password123" });
  expect(common.result?.error?.password?.[0]).toMatch(/too common/);
  const mismatch = await post({ ...complete, confirmPassword: "tulip orbit canyons" });
  expect(mismatch.result?.error?.confirmPassword).toEqual(["Password did not match"]);
  await nothingCreated();
});

test("a setting the settings page would refuse is refused here too", async () => {
  const answer = await post({ ...complete, "social.facebook": "http://facebook.com/agency", "rates.USD": "-1" });
  expect(answer.status).toBe(400);
  expect(answer.result?.error).toMatchObject({
    "social.facebook": ["Enter a full address starting with https://"],
    "rates.USD": ["Enter taka per unit, for example 122 or 0.085"],
  });
  await nothingCreated();
});

test("a complete form makes the admin, saves the settings, signs the admin in with 303, and the link is spent", async () => {
  const answer = await post({ ...complete, confirmPassword: "" });
  expect(answer).toMatchObject({ status: 303, location: "/dashboard" });
  const cookies = answer.headers.get("Set-Cookie") ?? "";
  expect(cookies).toContain("onward.session_token=");
  expect(cookies).toContain("onward.toast=");
  expect((await db().select({ role: users.role, email: users.email }).from(users)).map((row) => row.role)).toEqual(["admin"]);
  expect(await getSiteSettings()).toMatchObject({
    contactPhone: "+880 1711-000000",
    contactEmail: "hello@agency.example",
    city: "Chattogram",
    social: { facebook: "https://facebook.com/agency" },
  });

  expect((await get(`/setup?token=${token}`)).status).toBe(404);
  expect((await post({ ...complete, email: "second@agency.example" })).status).toBe(404);
  expect(await db().select({ id: users.id }).from(users)).toHaveLength(1);
});

test("once a manager exists (create-user), the link is 404", async () => {
  await createUser({ role: "manager", verified: true });
  expect((await get(`/setup?token=${token}`)).status).toBe(404);
  expect((await post(complete)).status).toBe(404);
});

test("posts are rate-limited per address: the eleventh in 15 minutes answers 429 with Retry-After", async () => {
  for (let i = 0; i < 10; i++) expect((await post({ ...complete, city: "" })).status).toBe(400);
  const refused = await post(complete);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(refused.result?.error?.[""]?.[0]).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
  await nothingCreated();
  expect((await post(complete, { ip: "198.51.100.99" })).status).toBe(303);
});
