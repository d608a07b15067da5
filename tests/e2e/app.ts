import { spawnSync } from "node:child_process";
import path from "node:path";
import { test } from "@playwright/test";
import type { Role } from "~/lib/roles";
import { copyDataDir, projectRoot, type ServerProcess, startServer } from "../support/server-process";

export type SeedUser = { email: string; password: string; name: string; role: Role };

type AppOptions = {
  /** Extra environment, computed when the app starts (after other beforeAll hooks, e.g. an SMTP server). */
  env?: () => Record<string, string>;
  /** Verified accounts made before the server starts (as `npm run create-user` makes them). */
  users?: SeedUser[];
};

/** How long starting an app (copying the template, seeding accounts, starting the server) may take. */
const APP_START_TIMEOUT_MS = 90_000;

/** How a test reaches the running app. */
export type App = { url(pathname?: string): string };

async function startApp(options: AppOptions): Promise<ServerProcess> {
  const template = process.env.ONWARD_E2E_TEMPLATE;
  if (!template) throw new Error("The e2e global setup did not run");
  const dataDir = await copyDataDir(template);
  if (options.users?.length) seedAccounts(dataDir, options.users);
  return startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn", ...options.env?.() });
}

function appAt(server: ServerProcess): App {
  return {
    url(pathname = "/") {
      return `${server.url}${pathname}`;
    },
  };
}

/**
 * Starts the built app for the test file that calls it, on a free port with its own
 * copy of the template DATA_DIR, and stops it when the file's tests are done.
 */
export function setUpApp(options: AppOptions = {}) {
  let server: ServerProcess | undefined;
  test.beforeAll(async () => {
    // Seeding and starting the server take several seconds each on a busy two-core machine.
    test.setTimeout(APP_START_TIMEOUT_MS);
    server = await startApp(options);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return {
    url(pathname = "/") {
      if (!server) throw new Error("The app is not running");
      return appAt(server).url(pathname);
    },
  };
}

/**
 * A `test` with an `app` fixture for files whose tests run in parallel
 * (`test.describe.configure({ mode: "parallel" })`): there every test would run the file's
 * beforeAll again, so the app is started once per worker instead and stopped with it.
 */
export function testWithAppPerWorker(options: AppOptions = {}) {
  return test.extend<{ app: App }, { workerApp: App }>({
    workerApp: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; there are none.
      async ({}, use) => {
        const server = await startApp(options);
        try {
          await use(appAt(server));
        } finally {
          await server.stop();
        }
      },
      { scope: "worker", timeout: APP_START_TIMEOUT_MS },
    ],
    app: async ({ workerApp }, use) => {
      await use(workerApp);
    },
  });
}

/** Makes the app's accounts in one process, before its server owns the database. */
function seedAccounts(dataDir: string, users: SeedUser[]) {
  const result = spawnSync(
    process.execPath,
    [path.join(projectRoot, "node_modules", "tsx", "dist", "cli.mjs"), "tests/support/seed-accounts.ts"],
    {
      cwd: projectRoot,
      env: {
        PATH: process.env.PATH ?? "",
        DATA_DIR: dataDir,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        ONWARD_SEED_ACCOUNTS: JSON.stringify(users),
      },
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`seeding accounts failed: ${result.stdout}${result.stderr}`);
}

/** Signs in through the login form and waits until the app has taken the person where they were going. */
export async function signInAs(page: import("@playwright/test").Page, loginUrl: string, user: SeedUser) {
  await page.goto(loginUrl);
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** Phone, small phone and tablet widths at which no page may scroll sideways. */
export const fitWidths = [320, 375, 768] as const;

/** Resizes the page to each of `fitWidths` and fails (softly, naming the width) where the document is wider than the viewport. */
export async function expectNoSidewaysScroll(page: import("@playwright/test").Page) {
  for (const width of fitWidths) {
    await page.setViewportSize({ width, height: 800 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    test.expect.soft(scrollWidth, `${page.url()} is ${scrollWidth} px wide at ${width} px`).toBeLessThanOrEqual(width);
  }
}

/**
 * On a phone the dashboard's menu, the page's one menu control, starts closed (dashboard/shell.tsx):
 * opens it, and returns its list of dashboard pages (the site's links follow it, `dashboard-site-links`).
 */
export async function openDashboardMenu(page: import("@playwright/test").Page) {
  const menu = page.getByRole("navigation", { name: "Dashboard menu" }).locator(":scope > details");
  if (!(await menu.evaluate((details: HTMLDetailsElement) => details.open))) await menu.locator(":scope > summary").click();
  return page.getByTestId("dashboard-menu");
}

/** The menu controls (a <summary> reading "Menu…") a person can see now: one on every page, at every width below 1280 px. */
export function visibleMenuControls(page: import("@playwright/test").Page) {
  return page.locator("summary:visible", { hasText: /^\s*Menu\b/ });
}
