// `npm run scan` (issue 28): scanners on a throw-away production instance. Accounts of every role and data for
// every signed-in page are seeded before it starts (TRUST_PROXY on, each scanner request from a random forwarded
// address, so that rate limits hide nothing); a crawl as anonymous and as each role collects every GET page with
// its query parameters and every POST form with its fields. Then an in-repo pass injects marker payloads into every
// parameter for reflected and stored XSS and open redirects (raw HTML and Chromium), and Debian's sqlmap tests every
// query and form parameter (level 2, risk 1, cookies given) within a 20-minute budget.
// Writes the report to SCAN_REPORT (or scan-report.txt in a temporary folder), prints a summary, and exits 1 on
// any finding or when sqlmap or Chromium could not run. SCAN_SELF_TEST=1 scans a deliberately vulnerable local
// site instead and exits 1 unless every planted fault is found. SCAN_SQLMAP_MINUTES changes the sqlmap budget.
// Needs `npm run build` (it builds only when there is no build).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { root, seedAccounts, startProductionServer } from "./lib/production-server.mjs";
import { startCounter } from "./lib/scan-counter";
import { expectedFindings, startVulnerableSite } from "./lib/scan-self-test";
import { distinctShapes, runSqlmap, type SqlmapRun, sqlmapPath, stopSqlmap } from "./lib/scan-sqlmap";
import { collectAppTargets, identities, type ScanTarget, type Site, signInByForm } from "./lib/scan-targets";
import { runWebScan, type WebScan } from "./lib/scan-xss";

const started = Date.now();
const selfTest = process.env.SCAN_SELF_TEST === "1";
const scratch = mkdtempSync(path.join(os.tmpdir(), "onward-scan-"));
const reportPath = process.env.SCAN_REPORT || path.join(scratch, "scan-report.txt");
/** The whole sqlmap phase's budget, and the end of the run it must leave room before. */
const SQLMAP_BUDGET_MS = Number(process.env.SCAN_SQLMAP_MINUTES ?? 20) * 60_000;
const RUN_LIMIT_MS = 24 * 60_000;
/** sqlmap processes at once: the machine has two cores and is shared. */
const SQLMAP_WIDTH = 3;
const passphrase = "scan passphrase that is long enough 42";

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;

/** What must be stopped or removed, last first, also when the scan fails. */
const cleanups: (() => Promise<unknown> | unknown)[] = [];

/** The accounts the scan signs in as, one per role, named after the crawl's identities. */
const accounts = identities
  .filter((identity) => identity !== "anonymous")
  .map((role) => ({ email: `scan.${role}@onward.test`, password: passphrase, name: `Scan ${role}`, role }));

/**
 * The app on a throw-away production instance: accounts of every role, a few networking members, submitted
 * applications of the student (assigned to the consultant), consultants with slots and the student's bookings,
 * all seeded before it starts; then signed in through the login form and crawled.
 */
async function startApp(): Promise<{ site: Site; targets: ScanTarget[]; pages: Map<string, string[]> }> {
  if (!existsSync(path.join(root, "build", "server", "index.js"))) {
    const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) throw new Error("npm run build failed");
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "onward-scan-data-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  seedAccounts(dataDir, accounts, { BENCH_MEMBERS: "4", BENCH_SEEDED_APPLICATIONS: "3" });
  const server = await startProductionServer({ build: false, dataDir, env: { LOG_LEVEL: "warn", TRUST_PROXY: "true" } });
  cleanups.push(() => server.stop());
  const cookies: Record<string, string> = { anonymous: "" };
  for (const account of accounts) cookies[account.role] = await signInByForm(server.url, account.email, account.password);
  const site: Site = { url: server.url, cookies, identities };
  const { targets, pages } = await collectAppTargets(site);
  const student = accounts.find((account) => account.role === "student");
  // Where a redirect follows a sign-in: the login form with working credentials, and the login page when signed in.
  const signInTargets: ScanTarget[] = [
    {
      identity: "anonymous",
      method: "POST",
      path: "/login",
      actionQuery: "",
      params: [
        ["email", student?.email ?? ""],
        ["password", passphrase],
        ["intent", "password"],
        ["redirectTo", "/dashboard"],
      ],
      multipart: false,
    },
    { identity: "student", method: "GET", path: "/login", actionQuery: "", params: [["redirectTo", "/dashboard"]], multipart: false },
  ];
  // The honeypot must stay empty, or every post is quietly dropped and nothing behind it is tested.
  for (const target of targets) target.params = target.params.map(([name, value]) => [name, name === "website" ? "" : value]);
  return { site, targets: [...targets, ...signInTargets], pages };
}

/** Fails early, with the reason, when sqlmap is not there to run. */
function checkSqlmap() {
  const version = spawnSync(sqlmapPath, ["--version"], { encoding: "utf8" });
  if (version.status !== 0) throw new Error(`sqlmap could not run (${sqlmapPath}): ${version.error?.message ?? version.stderr}`);
  return version.stdout.trim().split("\n")[0] ?? "";
}

/** Whether every fault planted in the self-test site was found, and which were not. */
function missedPlantedFaults(web: WebScan, runs: SqlmapRun[]): string[] {
  return expectedFindings
    .filter(({ tool, param }) =>
      tool === "sqlmap"
        ? !runs.some((run) => run.outcome === "injectable" && run.details.some((detail) => detail.includes(param)))
        : !web.findings.some((finding) => finding.kind.includes(tool) && (param === "" || finding.param === param)),
    )
    .map(({ tool, param }) => `${tool}${param ? ` on ${param}` : ""}`);
}

/** The report: figures, every finding, and each sqlmap command line with its outcome. */
function reportText(lines: { summary: string[]; web: WebScan; runs: SqlmapRun[]; targets: ScanTarget[] }): string {
  const { summary, web, runs, targets } = lines;
  const out = [`Onward scan ${new Date().toISOString()}${selfTest ? " (self-test site)" : ""}`, "", ...summary, "", "Findings:"];
  for (const finding of web.findings) out.push(`  [${finding.kind}] ${finding.where} param=${finding.param}: ${finding.detail}`);
  for (const run of runs.filter((entry) => entry.outcome === "injectable")) {
    out.push(`  [sqlmap injectable] ${run.target.identity} ${run.target.method} ${run.target.path}: ${run.details.join("; ")}`);
  }
  if (out.at(-1) === "Findings:") out.push("  none");
  out.push("", "Targets (person, method, path, parameters):");
  for (const target of targets) {
    out.push(`  ${target.identity} ${target.method} ${target.path}${target.actionQuery} ${target.params.map(([name]) => name).join(",")}`);
  }
  out.push("", "sqlmap runs (outcome, seconds, command line):");
  for (const run of runs) {
    out.push(`  ${run.outcome} ${run.seconds.toFixed(0)} s${run.details.length ? ` (${run.details.join("; ")})` : ""}`);
    out.push(`    ${run.command.map((word) => (/[\s'"&;<>|*?$]/.test(word) ? `'${word.replace(/'/g, "'\\''")}'` : word)).join(" ")}`);
  }
  return `${out.join("\n")}\n`;
}

async function main(): Promise<number> {
  const sqlmapVersion = checkSqlmap();
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
  } catch (error) {
    throw new Error(`Chromium could not run: ${message(error)}`);
  }
  cleanups.push(() => browser.close());
  let found: Awaited<ReturnType<typeof startApp>>;
  if (selfTest) {
    const vulnerable = await startVulnerableSite();
    cleanups.push(() => vulnerable.close());
    found = vulnerable;
  } else {
    found = await startApp();
  }
  const { site, targets, pages } = found;
  const crawled = Date.now();
  console.log(`targets: ${targets.length} (${targets.filter((target) => target.method === "GET").length} GET), pages: ${pages.size}`);

  const web = await runWebScan(site, targets, pages, browser);
  const webDone = Date.now();
  console.log(
    `xss/redirect: ${web.requests} requests, ${web.visits} Chromium visits, ${web.findings.length} findings, ${minutes(webDone - crawled)}`,
  );

  // The report so far, for reading while sqlmap runs.
  writeFileSync(reportPath, reportText({ summary: ["(sqlmap still running)"], web, runs: [], targets }));

  const counter = await startCounter(site.url);
  cleanups.push(() => counter.close(), stopSqlmap);
  const shapes = distinctShapes(targets);
  const budgetMs = Math.max(60_000, Math.min(SQLMAP_BUDGET_MS, RUN_LIMIT_MS - (webDone - started)));
  console.log(`sqlmap: ${shapes.length} request shapes, ${SQLMAP_WIDTH} at once, within ${minutes(budgetMs)}`);
  const runs = await runSqlmap(site, shapes, { outputDir: path.join(scratch, "sqlmap"), budgetMs, width: SQLMAP_WIDTH, via: counter.url });
  const count = (outcome: SqlmapRun["outcome"]) => runs.filter((run) => run.outcome === outcome).length;
  const serverErrors = [...counter.statuses].filter(([status]) => status >= 500).reduce((sum, [, times]) => sum + times, 0);
  const summary = [
    `targets: ${targets.length} (${targets.filter((target) => target.method === "GET").length} GET, ${targets.filter((target) => target.method === "POST").length} POST) as ${site.identities.length} identities; pages read back: ${pages.size}`,
    `xss/redirect: ${web.requests} requests, ${web.visits} Chromium visits, findings: ${web.findings.length}, ${minutes(webDone - crawled)}`,
    `sqlmap (${sqlmapVersion}): ${shapes.length} request shapes, ${counter.requests} requests (5xx: ${serverErrors}), injectable: ${count("injectable")}, clean: ${count("clean")}, stopped at time limit: ${count("stopped at its time limit")}, not run: ${count("not run (budget spent)")}, failed: ${count("failed")}, ${minutes(Date.now() - webDone)} of ${minutes(budgetMs)}`,
    `time: ${minutes(Date.now() - started)}`,
  ];
  writeFileSync(reportPath, reportText({ summary, web, runs, targets }));
  for (const line of summary) console.log(line);
  console.log(`report: ${reportPath}`);
  if (selfTest) {
    const missed = missedPlantedFaults(web, runs);
    console.log(missed.length === 0 ? "self-test: every planted fault was found" : `self-test: MISSED ${missed.join(", ")}`);
    return missed.length === 0 ? 0 : 1;
  }
  const findings = web.findings.length + count("injectable");
  if (count("failed") > 0) console.log(`sqlmap failed on ${count("failed")} targets: see the report`);
  return findings > 0 || count("failed") > 0 ? 1 : 0;
}

/** Stops what was started (server, browser, sqlmap's forwarder) when the scan is interrupted, then exits. */
async function interrupted(signal: NodeJS.Signals) {
  console.error(`scan interrupted (${signal}): stopping what it started`);
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) await Promise.resolve(cleanup()).catch(() => {});
  process.exit(130);
}
process.once("SIGINT", interrupted);
process.once("SIGTERM", interrupted);

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`scan failed: ${message(error)}`);
} finally {
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`clean-up: ${message(error)}`);
    }
  }
}
process.exit(exitCode);
