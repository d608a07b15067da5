// `npm run screenshots`: the pages people see first, as a phone (375 px) and a laptop (1280 px)
// show them, from the production build (run `npm run build` first), into docs/screenshots/.
// Pages that need an account (/dashboard…, /apply, /book-appointment…, /networking…, in either
// language) are taken signed in as a student created for the run. SCREENSHOT_PATHS=/a,/b and
// SCREENSHOT_DIR choose other pages and another folder (for looking at a page while building it);
// SCREENSHOT_ROLE=manager (or consultant, admin) signs in with that role instead.
// With pngquant installed the files are quantised to a third of their size.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { root, startProductionServer } from "./lib/production-server.mjs";

const paths = (process.env.SCREENSHOT_PATHS || "/,/countries/usa,/dashboard").split(",");
const needsAccount = (pagePath) => /^(\/bn)?\/(dashboard|apply|book-appointment|networking)(\/|\?|$)/.test(pagePath);
const outDir = path.resolve(root, process.env.SCREENSHOT_DIR || "docs/screenshots");
const widths = [375, 1280];
const role = process.env.SCREENSHOT_ROLE || "student";
const student = { email: `screenshot.${role}@onward.test`, password: "screenshot student pass", name: "Nusrat Jahan" };

const dataDir = mkdtempSync(path.join(os.tmpdir(), "onward-screenshots-"));
// Before the server starts: the embedded database has one owner at a time.
execFileSync(
  process.execPath,
  [
    "--import",
    "tsx",
    "scripts/create-user.ts",
    "--email",
    student.email,
    "--password",
    student.password,
    "--name",
    student.name,
    "--role",
    role,
  ],
  { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" }, stdio: "inherit" },
);
const server = await startProductionServer({ dataDir });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
mkdirSync(outDir, { recursive: true });
try {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 800 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const pagePath of paths) {
      // Signed in (on the English form) when the first page that needs it comes: the ones before are taken signed out.
      if (needsAccount(pagePath) && !(await context.cookies()).some((cookie) => cookie.name.startsWith("onward."))) {
        await page.goto(`${server.url}/login?redirectTo=/dashboard`);
        await page.getByLabel("Email", { exact: true }).fill(student.email);
        await page.getByLabel("Password").fill(student.password);
        await page.getByRole("button", { name: "Log in" }).click();
        await page.waitForURL((url) => url.pathname === "/dashboard");
      }
      await page.goto(`${server.url}${pagePath}`);
      // Scroll through the page so lazy images load, then wait until every image has.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        window.scrollTo(0, 0);
        await Promise.all([...document.images].map((image) => image.decode().catch(() => {})));
        await document.fonts.ready;
      });
      const name = pagePath === "/" ? "home" : pagePath === "/bn" ? "bn-home" : pagePath.slice(1).replaceAll(/[/?&=]/g, "-");
      const file = path.join(outDir, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      // A third of the size with pngquant (apt-get install -y pngquant), when it is installed.
      spawnSync("pngquant", ["--quality", "70-90", "--speed", "3", "--force", "--skip-if-larger", "--output", file, file]);
      console.log(path.relative(root, file));
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
