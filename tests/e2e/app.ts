import { spawnSync } from "node:child_process";
import { type Cookie, type Page, test } from "@playwright/test";
import type { Role } from "~/lib/roles";
import { copyDataDir, projectRoot, type ServerProcess, startServer } from "../support/server-process";
import { type ReceivedMail, startSmtpServer } from "../support/smtp";
import { seedScripts } from "./global-setup";

export type SeedUser = { email: string; password: string; name: string; role: Role };

type AppOptions = {
  /** Extra environment, computed when the app starts (after other beforeAll hooks, e.g. an SMTP server). */
  env?: () => Record<string, string>;
  /** Verified accounts made before the server starts (as `npm run create-user` makes them). */
  users?: SeedUser[];
  /**
   * A working consultancy around those accounts (`scripts/lib/bench-seed.ts`, which `bench:render` measures): this many
   * submitted applications of the first student's, networking members, consultants with slots and bookings, and a
   * shortlist. Needs a student, a consultant and a manager among `users`.
   */
  populated?: { applications: number; members: number };
};

/** How long starting an app (copying the template, seeding accounts, starting the server) may take. */
const APP_START_TIMEOUT_MS = 90_000;

/** How a test reaches the running app. */
export type App = { url(pathname?: string): string };

async function startApp(options: AppOptions): Promise<ServerProcess> {
  const template = process.env.ONWARD_E2E_TEMPLATE;
  if (!template) throw new Error("The e2e global setup did not run");
  const dataDir = await copyDataDir(template);
  if (options.users?.length) seedAccounts(dataDir, options.users, options.populated);
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
 * `setUpApp` sending its mail to a real SMTP server on 127.0.0.1 that the file's tests read
 * (`smtp.received`, `smtp.waitFor`): the server starts first, in the file's first beforeAll.
 */
export function setUpAppWithMail(options: Omit<AppOptions, "env"> = {}) {
  let server: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  test.beforeAll(async () => {
    server = await startSmtpServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  const running = () => {
    if (!server) throw new Error("The SMTP server is not running");
    return server;
  };
  const app = setUpApp({ ...options, env: () => ({ SMTP_URL: running().url, MAIL_FROM: "Onward <no-reply@onward.test>" }) });
  const smtp = {
    get received(): ReceivedMail[] {
      return running().received;
    },
    waitFor: (address: string, timeoutMs?: number) => running().waitFor(address, timeoutMs),
  };
  return { app, smtp };
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

/** Makes the app's accounts (and, when asked, the world around them) in one process, before its server owns the database. */
function seedAccounts(dataDir: string, users: SeedUser[], populated: AppOptions["populated"]) {
  const bundles = JSON.parse(process.env.ONWARD_E2E_SCRIPTS ?? "{}") as Record<string, string>;
  const script = bundles[populated ? seedScripts.populated : seedScripts.accounts];
  if (!script) throw new Error("The e2e global setup did not bundle the seeding scripts");
  const result = spawnSync(process.execPath, [script], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? "",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ONWARD_SEED_ACCOUNTS: JSON.stringify(users),
      ...(populated ? { BENCH_SEEDED_APPLICATIONS: String(populated.applications), BENCH_MEMBERS: String(populated.members) } : {}),
    },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`seeding accounts failed: ${result.stdout}${result.stderr}`);
}

/** Each worker's signed-in sessions, by app and account: one sign-in serves every test of a file that needs that person. */
const sessions = new Map<string, Cookie[]>();

/**
 * Opens `loginUrl`'s `redirectTo` (or where the login form would send them) signed in as `user`. The first time
 * for an app and account it posts the login form's fields in the page's own cookie jar, as the form does; after
 * that it reuses that session's cookies while the server still honours them (a test that signs out ends it).
 * The login page itself is tested in accounts.spec.ts; other tests only need to be signed in.
 */
export async function signInAs(page: Page, loginUrl: string, user: SeedUser) {
  const login = new URL(loginUrl);
  const key = `${login.origin} ${user.email}`;
  const context = page.context();
  const kept = sessions.get(key);
  if (kept) await context.addCookies(kept);
  if (!kept || !(await signedIn(page, login))) {
    const response = await page.request.post(new URL("/login", login).href, {
      form: { email: user.email, password: user.password, intent: "password", redirectTo: login.searchParams.get("redirectTo") ?? "" },
      maxRedirects: 0,
    });
    const location = response.headers().location ?? "";
    if (response.status() !== 302 || location.startsWith("/login")) {
      throw new Error(`Signing in as ${user.email} answered ${response.status()} ${location}`);
    }
    sessions.set(
      key,
      (await context.cookies(login.origin)).filter((cookie) => cookie.name.startsWith("onward.")),
    );
  }
  await page.goto(new URL(login.searchParams.get("redirectTo") || "/", login).href);
}

/** Whether the page's cookies sign someone in: a signed-in visit to the login page is sent on. */
async function signedIn(page: Page, login: URL): Promise<boolean> {
  const response = await page.request.get(new URL("/login", login).href, { maxRedirects: 0 });
  return response.status() === 302;
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
