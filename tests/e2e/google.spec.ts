import { expect, test } from "@playwright/test";
import { OAuth2Server } from "oauth2-mock-server";
import { freePort } from "../support/server-process";
import { setUpApp } from "./app";

/** A local OpenID Connect provider stands in for Google. */
const provider = new OAuth2Server();
let identity = { email: "google.user@example.com", name: "Google User", verified: true };

test.beforeAll(async () => {
  await provider.issuer.keys.generate("RS256");
  await provider.start(await freePort(), "127.0.0.1");
  provider.service.on("beforeTokenSigning", (token) => {
    token.payload.email = identity.email;
    token.payload.email_verified = identity.verified;
    token.payload.name = identity.name;
    token.payload.sub = identity.email;
  });
  provider.service.on("beforeUserinfo", (userInfo) => {
    userInfo.body = { sub: identity.email, email: identity.email, email_verified: identity.verified, name: identity.name };
  });
});
test.afterAll(async () => {
  await provider.stop();
});

const app = setUpApp({
  env: () => ({
    GOOGLE_CLIENT_ID: "onward-test-client",
    GOOGLE_CLIENT_SECRET: "onward-test-secret",
    GOOGLE_DISCOVERY_URL: `${provider.issuer.url}/.well-known/openid-configuration`,
  }),
});

test("Continue with Google signs a new person in through the OpenID Connect flow", async ({ page }) => {
  identity = { email: "new.google.user@example.com", name: "Nadia Google", verified: true };
  await page.goto(app.url("/login?redirectTo=/dashboard/profile"));
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(app.url("/dashboard/profile"));
  await expect(page.getByText("new.google.user@example.com")).toBeVisible();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
});

test("a Google sign-in matching an unverified local account is refused with a way forward", async ({ page }) => {
  await page.goto(app.url("/signup"));
  await page.getByLabel("Name").fill("Local First");
  await page.getByLabel("Email").fill("local.first@example.com");
  await page.getByLabel("Password", { exact: true }).fill("local password here");
  await page.getByLabel("Confirm password").fill("local password here");
  await page.getByRole("button", { name: "Sign Up" }).click();
  // Sign-up signs nobody in: the account stays unconfirmed until its e-mail link is followed.
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();

  identity = { email: "local.first@example.com", name: "Local First", verified: true };
  await page.goto(app.url("/login"));
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/login\?error=account_not_linked/);
  await expect(page.getByRole("alert").first()).toContainText("not verified yet");
  await expect(page.getByRole("link", { name: "Forgot password?" })).toBeVisible();
});

test("the login page offers Continue with Google when it is configured", async ({ request }) => {
  expect(await (await request.get(app.url("/login"))).text()).toContain("Continue with Google");
});
