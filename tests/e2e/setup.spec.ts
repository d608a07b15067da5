import { rm } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { type ServerProcess, startServer, tempDir } from "../support/server-process";
import { expectNoSidewaysScroll } from "./app";
import { axeViolations } from "./axe";

/**
 * The first hour of a new site: the server starts on an empty DATA_DIR (no template, no seeded
 * accounts), prints the set-up link, and the person who opens it ends up signed in as the admin.
 */
let server: ServerProcess | undefined;
let dataDir = "";

test.beforeAll(async () => {
  // Creating the embedded database takes several seconds on a busy two-core machine.
  test.setTimeout(120_000);
  dataDir = await tempDir("onward-e2e-fresh-");
  // The default log level, as `npm start` runs: the banner is printed.
  server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" }, 90_000);
});
test.afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

function printedSetupLink(): URL {
  const link = server?.output().match(/https?:\/\/\S+\/setup\?token=[A-Za-z0-9_-]{43}/)?.[0];
  if (!link || !server) throw new Error(`No set-up link in the start-up output:\n${server?.output()}`);
  // The banner names APP_URL (localhost); the test talks to the same port on 127.0.0.1.
  const url = new URL(link);
  return new URL(`${url.pathname}${url.search}`, server.url);
}

test("from a fresh DATA_DIR, the printed set-up link makes a signed-in admin whose phone number shows on /contact", async ({ page }) => {
  const link = printedSetupLink();
  const base = server?.url ?? "";

  // Before set-up the site works as usual, with no phone number to show.
  await page.goto(`${base}/contact`);
  await expect(page.getByText("+880 1711-000000")).toHaveCount(0);

  await page.goto(link.href);
  await expect(page.getByRole("heading", { name: "Set up Onward" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);
  await page.getByLabel("Name").fill("Rahim Uddin");
  await page.getByLabel("Email", { exact: true }).fill("rahim@agency.example");
  await page.getByLabel("Password", { exact: true }).fill("tulip orbit canyon");
  await page.getByLabel("Confirm password").fill("tulip orbit canyon");
  await page.getByLabel("Contact e-mail").fill("not-an-address");
  await page.getByLabel("Phone").fill("+880 1711-000000");
  await page.getByLabel("City").fill("Chattogram");
  await page.getByRole("button", { name: "Finish set-up" }).click();
  // Refused beside the field, with everything else still filled in.
  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
  await expect(page.getByLabel("Phone")).toHaveValue("+880 1711-000000");
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel("Contact e-mail").fill("hello@agency.example");
  await page.getByRole("button", { name: "Finish set-up" }).click();
  await expect(page).toHaveURL(`${base}/dashboard`);
  await expect(page.getByTestId("toast")).toContainText("Onward is set up, and you are signed in as its admin.");

  await page.goto(`${base}/contact`);
  await expect(page.getByText("+880 1711-000000").first()).toBeVisible();
  await expect(page.getByText("Chattogram").first()).toBeVisible();

  // The link is spent.
  const again = await page.goto(link.href);
  expect(again?.status()).toBe(404);
});
