import type { Page } from "@playwright/test";
import { type App, type SeedUser, signInAs, testWithAppPerWorker } from "./app";
import { axeViolations, axeWidths } from "./axe";

// Issue 31's contract for the signed-in side: axe (WCAG 2.0–2.2 A and AA) finds nothing on every dashboard page and
// every page behind a sign-in, in English and in its Bangla twin (found through the page's hreflang="bn" link), at
// 320 and 1280 px. The app holds a working consultancy (scripts/lib/bench-seed.ts: applications with documents and a
// document sent back, consultants with slots and bookings, networking members, a shortlist), so that lists, tables
// and forms are checked full rather than empty.

const student: SeedUser = { email: "axe.student@onward.test", password: "axe student passphrase", name: "Afsana Student", role: "student" };
const consultant: SeedUser = {
  email: "axe.consultant@onward.test",
  password: "axe consultant passphrase",
  name: "Kabir Consultant",
  role: "consultant",
};
const manager: SeedUser = { email: "axe.manager@onward.test", password: "axe manager passphrase", name: "Mitu Manager", role: "manager" };

const test = testWithAppPerWorker({ users: [student, consultant, manager], populated: { applications: 8, members: 14 } });
const { expect } = test;
test.describe.configure({ mode: "parallel" });

/** The seeded application, consultant and member the detail pages open (bench-seed.ts names them). */
const application = "bench-application-1";

/** Axe at both widths on the page now, then on its Bangla twin; each finding names its page and width. */
async function expectBothLanguagesAccessible(page: Page, path: string) {
  await page.setViewportSize({ width: axeWidths[0], height: 800 });
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const twin = await page.locator('link[rel="alternate"][hreflang="bn"]').getAttribute("href");
  expect(twin, `${path} names its Bangla twin`).toBeTruthy();
  // The link is absolute, on APP_URL's host (localhost here, while the tests use 127.0.0.1): followed by its path.
  const bangla = new URL(twin ?? "", page.url());
  for (const url of [null, new URL(bangla.pathname + bangla.search, page.url()).href]) {
    if (url) {
      await page.setViewportSize({ width: axeWidths[0], height: 800 });
      expect((await page.goto(url))?.status(), url).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    }
    for (const width of axeWidths) {
      await page.setViewportSize({ width, height: 800 });
      expect.soft(await axeViolations(page), `${url ?? path} at ${width} px`).toEqual([]);
    }
  }
}

/** Signs `user` in and sweeps each of `paths` (functions run once signed in, for addresses read from a page). */
async function sweepAs(page: Page, app: App, user: SeedUser, paths: (string | (() => Promise<string>))[]) {
  await signInAs(page, app.url("/login?redirectTo=/dashboard"), user);
  for (const path of paths) await expectBothLanguagesAccessible(page, app.url(typeof path === "string" ? path : await path()));
}

/** Where the first link or form on `listPath` whose address matches `pattern` leads (an id the seed does not fix). */
async function firstLinkMatching(page: Page, listPath: string, pattern: RegExp): Promise<string> {
  await page.goto(listPath);
  const hrefs = await page
    .locator("main a[href], main form[action]")
    .evaluateAll((targets) => targets.map((target) => target.getAttribute("href") ?? target.getAttribute("action") ?? ""));
  const found = hrefs.find((href) => pattern.test(href));
  if (!found) throw new Error(`No link like ${pattern} on ${listPath}`);
  return found;
}

// Each test signs in once and sweeps a handful of pages (every page is four axe runs); groups of four to seven keep a
// test well inside the 90-second timeout on a slow VM (a sweep of sixteen took 1.6 minutes on one) and spread the
// sweeps over both workers.

test("a student's own pages: dashboard, profiles, the academic profile, applications", async ({ page, app }) => {
  await sweepAs(page, app, student, [
    "/dashboard",
    "/dashboard/profile",
    `/dashboard/edit-user-profile/${encodeURIComponent(student.email)}`,
    "/dashboard/academic-profile",
    "/dashboard/my-applications",
    `/dashboard/my-applications/${application}`,
  ]);
});

test("a student's bookings, shortlist and compare, and the application form", async ({ page, app }) => {
  await sweepAs(page, app, student, [
    "/dashboard/my-bookings",
    "/dashboard/shortlist",
    "/dashboard/shortlist/compare?u=queens-university-belfast&u=keio-university&u=university-of-helsinki",
    "/apply",
  ]);
});

test("a student's networking and booking pages", async ({ page, app }) => {
  await sweepAs(page, app, student, [
    "/networking",
    "/networking/bench-member-1/connect",
    "/book-appointment",
    "/book-appointment/bench-consultant-2",
  ]);
});

test("a consultant's pages: the applications assigned, one application, appointments, slots and the catalogue", async ({ page, app }) => {
  await sweepAs(page, app, consultant, [
    "/dashboard",
    "/dashboard/applications",
    `/dashboard/applications/${application}`,
    "/dashboard/my-appointments",
    "/dashboard/appointment-time",
    "/dashboard/add-university",
    "/dashboard/universities",
  ]);
});

test("a manager's casework: applications, bookings, messages, people and roles", async ({ page, app }) => {
  await sweepAs(page, app, manager, [
    "/dashboard",
    "/dashboard/applications?status=documents-requested",
    "/dashboard/bookings",
    "/dashboard/messages",
    "/dashboard/user-management",
    // The confirmation the role picker (a GET form) opens.
    async () => `${await firstLinkMatching(page, app.url("/dashboard/user-management"), /\/user-management\/[^/]+\/role$/)}?role=student`,
    `/dashboard/edit-user-profile/${encodeURIComponent(student.email)}`,
  ]);
});

test("a manager's catalogue and its import, and the consultants", async ({ page, app }) => {
  await sweepAs(page, app, manager, [
    "/dashboard/universities/import",
    () => firstLinkMatching(page, app.url("/dashboard/universities"), /\/dashboard\/universities\/(?!import)[^/?.]+$/),
    "/dashboard/add-new-consultant",
    "/dashboard/consultants",
    "/dashboard/consultants/bench-consultant-1",
  ]);
});

test("a manager's networking pages and settings", async ({ page, app }) => {
  await sweepAs(page, app, manager, [
    "/dashboard/add-new-networking-member",
    "/dashboard/manage-networking-member",
    "/dashboard/networkings/bench-member-1",
    "/dashboard/settings",
  ]);
});
