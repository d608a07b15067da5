// `npm run bench:render`: server CPU time per request for the pages people see all day, on the
// embedded PGlite and on the local PostgreSQL. The production server runs pinned to core 0 with
// LOG_LEVEL=warn; wrk loads it from core 1; the server's CPU time (utime + stime from
// /proc/<pid>/stat) is read around each run and divided by the requests wrk completed. CPU time,
// not wall time, so other work on the machine barely moves the figures.
//
// Cases (later features add theirs to `cases` with the same two budgets):
//   signed-in pages (a student's or a manager's session cookie,  <= 4 ms
//   or the JSON API with a manager's bearer token)
//   anonymous public pages that miss the page cache (a request    <= 3 ms
//   (and anonymous JSON API calls, which it never serves)
//   carrying an `onward.*` cookie is never served from the cache)
//   a public page with a new utm_source each request (answered    <  1 ms
//   from the cache: tracking parameters are not part of the key)
//   "metrics per request": recording one request's metrics        < 0.05 ms
//   (server/metrics.ts's observe, timed in process by
//   scripts/lib/bench-metrics.ts, pinned to core 0; no database)
// RSS must stay under 400 MB throughout. Exit code 1 when PGlite or the metrics miss a budget.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { median, root, startProductionServer } from "./lib/production-server.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS) || 8;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 8;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;
const RSS_LIMIT_MB = 400;
const CLOCK_TICK_MS = 1000 / Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);
const STUDENT = { email: "bench-student@onward.test", password: "a long bench passphrase 42", name: "Bench Student", role: "student" };
const MANAGER = { email: "bench-manager@onward.test", password: "a long bench passphrase 43", name: "Bench Manager", role: "manager" };
const CONSULTANT = {
  email: "bench-consultant@onward.test",
  password: "a long bench passphrase 44",
  name: "Bench Consultant",
  role: "consultant",
};

/** @type {{ name: string; path: string; as: "student" | "manager" | "consultant" | "manager-token" | "anonymous" | "cache-buster"; budgetMs: number }[]} */
const cases = [
  // With the document checklist of the student's newest application (bench-seed.ts).
  { name: "signed-in GET /dashboard", path: "/dashboard", as: "student", budgetMs: 4 },
  { name: "signed-in GET /", path: "/", as: "student", budgetMs: 4 },
  { name: "anonymous GET /countries/usa, cache bypassed", path: "/countries/usa", as: "anonymous", budgetMs: 3 },
  { name: "anonymous GET /, cache bypassed", path: "/", as: "anonymous", budgetMs: 3 },
  { name: "anonymous GET /countries/usa?utm_source=N", path: "/countries/usa", as: "cache-buster", budgetMs: 1 },
  // Universities (the built-in catalogue, loaded with the migrations).
  { name: "anonymous GET /find-university, cache bypassed", path: "/find-university", as: "anonymous", budgetMs: 3 },
  {
    name: "anonymous GET /find-university?country=…&sort=tuition, cache bypassed",
    path: "/find-university?country=United+Kingdom&ielts=6.5&sort=tuition",
    as: "anonymous",
    budgetMs: 3,
  },
  // With its first-year cost table.
  { name: "anonymous GET /university/{slug}, cache bypassed", path: "/university/queens-university-belfast", as: "anonymous", budgetMs: 3 },
  {
    name: "anonymous GET /find-university?sort=fit&ielts=6.5&budget=…, cache bypassed",
    path: "/find-university?sort=fit&ielts=6.5&budget=3000000",
    as: "anonymous",
    budgetMs: 3,
  },

  { name: "manager GET /dashboard/universities", path: "/dashboard/universities", as: "manager", budgetMs: 4 },
  { name: "signed-in GET /find-university (hearts)", path: "/find-university", as: "student", budgetMs: 4 },
  // With each university's next deadline, soonest first, and the calendar link.
  { name: "signed-in GET /dashboard/shortlist", path: "/dashboard/shortlist", as: "student", budgetMs: 4 },
  {
    name: "signed-in GET /dashboard/shortlist/compare (4)",
    path: "/dashboard/shortlist/compare?u=queens-university-belfast&u=keio-university&u=university-of-helsinki&u=university-of-toronto",
    as: "student",
    budgetMs: 4,
  },
  // Networking (60 seeded members: scripts/lib/bench-seed.ts).
  { name: "signed-in GET /networking", path: "/networking", as: "student", budgetMs: 4 },
  { name: "signed-in GET /networking?q=enginer (typo search)", path: "/networking?q=enginer&location=Finland", as: "student", budgetMs: 4 },
  { name: "signed-in GET /networking/{id}/connect", path: "/networking/bench-member-1/connect", as: "student", budgetMs: 4 },
  { name: "manager GET /dashboard/manage-networking-member", path: "/dashboard/manage-networking-member", as: "manager", budgetMs: 4 },
  // Applications (60 seeded, 15 documents each: scripts/lib/bench-seed.ts; the student owns them).
  { name: "manager GET /dashboard/applications", path: "/dashboard/applications", as: "manager", budgetMs: 4 },
  {
    name: "manager GET /dashboard/applications?status=…&country=…&q=…",
    path: "/dashboard/applications?status=completed&country=Germany&q=rahman",
    as: "manager",
    budgetMs: 4,
  },
  { name: "manager GET /dashboard/applications/{id}", path: "/dashboard/applications/bench-application-1", as: "manager", budgetMs: 4 },
  // Casework: the consultant's own list (its default), and the bookings of every consultant.
  { name: "consultant GET /dashboard/applications (assigned to me)", path: "/dashboard/applications", as: "consultant", budgetMs: 4 },
  { name: "manager GET /dashboard/bookings", path: "/dashboard/bookings", as: "manager", budgetMs: 4 },
  { name: "signed-in GET /dashboard/my-applications", path: "/dashboard/my-applications", as: "student", budgetMs: 4 },
  {
    name: "signed-in GET /dashboard/my-applications/{id}",
    path: "/dashboard/my-applications/bench-application-2",
    as: "student",
    budgetMs: 4,
  },
  { name: "signed-in GET /apply", path: "/apply", as: "student", budgetMs: 4 },
  // Booking (24 consultants with 20 slots each, 12 bookings of the consultant account: bench-seed.ts).
  { name: "signed-in GET /book-appointment", path: "/book-appointment", as: "student", budgetMs: 4 },
  { name: "signed-in GET /book-appointment?country=Finland", path: "/book-appointment?country=Finland", as: "student", budgetMs: 4 },
  { name: "signed-in GET /book-appointment/{id}", path: "/book-appointment/bench-consultant-2", as: "student", budgetMs: 4 },
  { name: "signed-in GET /dashboard/my-bookings", path: "/dashboard/my-bookings", as: "student", budgetMs: 4 },
  { name: "consultant GET /dashboard/my-appointments", path: "/dashboard/my-appointments", as: "consultant", budgetMs: 4 },
  { name: "consultant GET /dashboard/appointment-time", path: "/dashboard/appointment-time", as: "consultant", budgetMs: 4 },
  { name: "manager GET /dashboard/consultants", path: "/dashboard/consultants", as: "manager", budgetMs: 4 },
  { name: "anonymous GET /api/docs, cache bypassed", path: "/api/docs", as: "anonymous", budgetMs: 3 },
  { name: "anonymous GET /usa-details, cache bypassed", path: "/usa-details", as: "anonymous", budgetMs: 3 },
  { name: "anonymous GET /ielts-details, cache bypassed", path: "/ielts-details", as: "anonymous", budgetMs: 3 },
  // The JSON API (ADR 033): a call with a bearer token, and an anonymous finder call (no page cache for the API).
  { name: "API manager GET /api/v1/applications/{id}", path: "/api/v1/applications/bench-application-1", as: "manager-token", budgetMs: 4 },
  {
    name: "API anonymous GET /api/v1/universities?country=…&sort=tuition",
    path: "/api/v1/universities?country=United+Kingdom&ielts=6.5&sort=tuition",
    as: "anonymous",
    budgetMs: 3,
  },
];

/**
 * The same pages in Bangla (issue 30): the busiest public and signed-in ones under /bn, held to
 * the same budgets. A Bangla page renders the same components with other messages and Intl's
 * bn-BD formats, so these say whether the second language costs CPU.
 */
const banglaPaths = [
  "/",
  "/countries/usa",
  "/find-university",
  "/find-university?sort=fit&ielts=6.5&budget=3000000",
  "/dashboard",
  "/apply",
];
for (const path of banglaPaths) {
  const english = cases.filter((item) => item.path === path && item.as !== "cache-buster");
  if (english.length === 0) throw new Error(`No English case for ${path}`);
  for (const item of english)
    cases.push({ ...item, name: item.name.replace(" GET /", " GET /bn/"), path: `/bn${path === "/" ? "" : path}` });
}

/** Recording one request's metrics (issue 29 item 5); named like a case, so BENCH_CASES=metrics picks it. */
const metricsCase = { name: "metrics per request", budgetUs: 50 };

// BENCH_CASES=dashboard,usa measures only the cases whose name contains one of the words.
const only = process.env.BENCH_CASES?.split(",");
const chosen = (name) => !only || only.some((word) => name.includes(word));
const pageCases = cases.filter((entry) => chosen(entry.name));

if (spawnSync("sh", ["-c", "command -v wrk"]).status !== 0) {
  console.error("bench:render needs wrk (apt-get install -y wrk)");
  process.exit(1);
}

function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // After "pid (comm) ": field 3 is state, so utime (14) and stime (15) sit at 11 and 12.
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
}

function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : 0;
}

const bustScript = path.join(mkdtempSync(path.join(os.tmpdir(), "onward-bench-")), "bust.lua");
writeFileSync(
  bustScript,
  `counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", wrk.path .. "?utm_source=" .. counter)
end
`,
);

function wrk(url, seconds, headers, script) {
  const args = ["-c", "1", "wrk", "-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "-H", "Accept-Encoding: gzip, deflate, br"];
  for (const header of headers) args.push("-H", header);
  if (script) args.push("-s", script);
  args.push(url);
  const result = spawnSync("taskset", args, { encoding: "utf8" });
  const requests = Number(/(\d+) requests in/.exec(result.stdout)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(result.stdout)?.[1] ?? 0);
  if (!requests) throw new Error(`wrk failed:\n${result.stdout}${result.stderr}`);
  if (non2xx > 0) throw new Error(`${non2xx} of ${requests} responses to ${url} were not 2xx`);
  return requests;
}

/** Runs wrk while sampling the server's RSS; returns CPU ms per request and the peak RSS. */
async function measure(server, url, headers, script) {
  wrk(url, 2, headers, script); // warm-up: JIT, caches, connections
  let peak = rssMb(server.pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 250);
  const before = cpuMs(server.pid);
  const requests = await new Promise((resolve, reject) => {
    // wrk blocks this thread; run it after the sampler is scheduled so sampling resumes right after.
    setImmediate(() => {
      try {
        resolve(wrk(url, SECONDS, headers, script));
      } catch (error) {
        reject(error);
      }
    });
  });
  const used = cpuMs(server.pid) - before;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(server.pid));
  return { msPerRequest: used / requests, requests, peakRssMb: peak };
}

/** The accounts the cases sign in as and the networking directory, written before the server starts. */
function seed(env) {
  const result = spawnSync(process.execPath, [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/lib/bench-seed.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ONWARD_SEED_ACCOUNTS: JSON.stringify([STUDENT, MANAGER, CONSULTANT]),
      ...env,
    },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`seeding failed:\n${result.stdout}${result.stderr}`);
}

async function signIn(url, account) {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({ email: account.email, password: account.password, intent: "password" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .find((pair) => pair.includes("session_token="));
  if (!cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

async function runOn(label, prepare) {
  const prepared = prepare();
  const server = await startProductionServer({ cpu: 0, env: { LOG_LEVEL: "warn", ...prepared.env }, dataDir: prepared.dataDir });
  const results = [];
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const cookies = {
      student: await signIn(base, STUDENT),
      manager: await signIn(base, MANAGER),
      consultant: await signIn(base, CONSULTANT),
    };
    for (const item of pageCases) {
      const signedIn = item.as === "student" || item.as === "manager" || item.as === "consultant";
      // The API's bearer token is the session's signed value, which the session cookie carries.
      const token = () => decodeURIComponent(/session_token=([^;]+)/.exec(cookies.manager)?.[1] ?? "");
      const headers = signedIn
        ? [`Cookie: ${cookies[item.as]}`]
        : item.as === "manager-token"
          ? [`Authorization: Bearer ${token()}`]
          : item.as === "anonymous"
            ? ["Cookie: onward.bench=1"]
            : [];
      const script = item.as === "cache-buster" ? bustScript : undefined;
      // A keep-alive connection left idle past the server's timeout may be closed under us: try twice.
      const probe = await fetch(`${base}${item.path}`, { headers: Object.fromEntries(headers.map((h) => h.split(": "))) }).catch(() =>
        fetch(`${base}${item.path}`, { headers: Object.fromEntries(headers.map((h) => h.split(": "))) }),
      );
      if (probe.status !== 200) throw new Error(`${item.path} answered ${probe.status} as ${item.as}`);
      await probe.arrayBuffer();
      const runs = [];
      for (let round = 0; round < ROUNDS; round++) runs.push(await measure(server, `${base}${item.path}`, headers, script));
      const ms = median(runs.map((run) => run.msPerRequest));
      const peak = Math.max(...runs.map((run) => run.peakRssMb));
      results.push({ label, ...item, ms, runs: runs.map((run) => run.msPerRequest), peak, requests: runs.map((run) => run.requests) });
      const verdict = ms <= item.budgetMs ? "ok" : "OVER";
      console.log(
        `${label.padEnd(10)} ${item.name.padEnd(50)} ${ms.toFixed(2).padStart(6)} ms CPU/request (${runs
          .map((run) => run.msPerRequest.toFixed(2))
          .join(", ")}; budget ${item.budgetMs} ms: ${verdict}), peak RSS ${peak.toFixed(0)} MB`,
      );
    }
  } finally {
    await server.stop();
  }
  return results;
}

/**
 * The metrics' CPU µs per request in a process of its own (tsx: server/metrics.ts is TypeScript), pinned to the server's
 * core; prints its line and answers whether it kept within the budget.
 */
function measureMetrics() {
  const result = spawnSync(
    "taskset",
    ["-c", "0", process.execPath, path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/lib/bench-metrics.ts"],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        BENCH_ROUNDS: String(ROUNDS),
        BENCH_METRICS_CALLS: process.env.BENCH_METRICS_CALLS ?? "",
      },
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`bench-metrics failed:\n${result.stdout}${result.stderr}`);
  const { usPerRequest, rounds, calls } = JSON.parse(result.stdout.trim().split("\n").at(-1));
  const verdict = usPerRequest < metricsCase.budgetUs ? "ok" : "OVER";
  console.log(
    `${metricsCase.name}: ${usPerRequest.toFixed(2)} µs (budget ${metricsCase.budgetUs} µs: ${verdict}; CPU per request over ${calls.toLocaleString("en")} calls, rounds ${rounds
      .map((us) => us.toFixed(2))
      .join(", ")} µs)`,
  );
  return verdict === "ok";
}

console.log(
  `bench:render — wrk -t1 -c${CONNECTIONS} on core 1, server on core 0 (LOG_LEVEL=warn), ${ROUNDS} rounds of ${SECONDS} s per case after a 2 s warm-up; medians`,
);
const metricsWithinBudget = chosen(metricsCase.name) ? measureMetrics() : true;
const all = [];
// BENCH_DATABASES=pglite (or postgres) measures one of the two; neither when BENCH_CASES leaves no page case.
const databases = pageCases.length > 0 ? (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",") : [];

if (databases.includes("pglite")) {
  all.push(
    ...(await runOn("PGlite", () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "onward-bench-data-"));
      seed({ DATA_DIR: dataDir });
      return { dataDir, env: {} };
    })),
  );
}

const postgres = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432";
const database = `onward_bench_${process.pid}`;
const psql = (sql) => spawnSync("psql", ["-q", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-c", sql], { encoding: "utf8" });
if (!databases.includes("postgres")) {
  // not asked for
} else if (
  spawnSync("pg_isready", ["-q", "-h", "127.0.0.1", "-p", "5432"]).status === 0 &&
  psql(`create database ${database}`).status === 0
) {
  const databaseUrl = `${postgres}/${database}`;
  const secretEnv = { DATABASE_URL: databaseUrl, SESSION_SECRET: "bench-session-secret-0123456789abcdef-xyz" };
  try {
    all.push(
      ...(await runOn("PostgreSQL", () => {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), "onward-bench-data-"));
        seed({ DATA_DIR: dataDir, ...secretEnv });
        return { dataDir, env: secretEnv };
      })),
    );
  } finally {
    psql(`drop database if exists ${database} with (force)`);
  }
} else {
  console.log("PostgreSQL on 127.0.0.1:5432 not reachable: skipped");
}
rmSync(path.dirname(bustScript), { recursive: true, force: true });

const pgliteMisses = all.filter((result) => result.label === "PGlite" && result.ms > result.budgetMs);
const rssMisses = all.filter((result) => result.peak >= RSS_LIMIT_MB);
for (const miss of rssMisses) console.log(`RSS over ${RSS_LIMIT_MB} MB: ${miss.label} ${miss.name} (${miss.peak.toFixed(0)} MB)`);
process.exitCode = pgliteMisses.length > 0 || rssMisses.length > 0 || !metricsWithinBudget ? 1 : 0;
