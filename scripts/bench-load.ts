// `npm run bench:load` (issue 28 items 5 and 6): the production server under load, overload and slow clients.
// The server runs pinned to core 0 (`LOG_LEVEL=warn`, PGlite, a temporary DATA_DIR); this process and autocannon
// run on core 1. Five cases of BENCH_CONNECTIONS (50) connections for BENCH_DURATION (60) s after a BENCH_WARMUP
// (10) s warm-up: anonymous public pages, the finder with filters, a student's dashboard, a booking post and a
// document upload — req/s, p50/p95/p99, answers by status, errors, server CPU and peak RSS. Then twice the
// anonymous pages' rate for BENCH_OVERLOAD_SECONDS (30) s at signed-in pages from 400 connections, and GET / every
// 100 ms from the moment it ends until latency is back to normal. Then 100 connections sending a byte a second
// while GET / is measured. Prints a PASS or FAIL line per target and exits 1 on any FAIL.
// A benchmark, not a test: it never runs under `npm test`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { onePagePdf } from "./lib/api-journey";
import { isAlive, type ProcessFigures, statusMb, watchProcess } from "./lib/bench-load-process";
import { firstLink, percentile, sequentialGets, signIn, singleFileBody, type TimedAnswer, timedGet } from "./lib/bench-load-requests";
import { describeFates, startSlowClients } from "./lib/bench-load-slow-clients";
import { documentFields } from "./lib/document-fields.mjs";
import { root, startFlags, startProductionServer } from "./lib/production-server.mjs";

const DURATION_S = Number(process.env.BENCH_DURATION) || 60;
const WARMUP_S = Number(process.env.BENCH_WARMUP) || 10;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 50;
/** BENCH_CASES narrows part 1 (anonymous, finder, dashboard, booking, upload); the anonymous pages always run: the overload's rate comes from them. */
const CASES = process.env.BENCH_CASES?.split(",") ?? ["anonymous", "finder", "dashboard", "booking", "upload"];
const OVERLOAD_S = Number(process.env.BENCH_OVERLOAD_SECONDS) || 30;
const OVERLOAD_CONNECTIONS = 400;
/** How long the slow clients trickle while GET / is measured, and how long their fates are watched in all. */
const TRICKLE_S = Number(process.env.BENCH_TRICKLE_SECONDS) || 40;
const TRICKLE_WATCH_S = Number(process.env.BENCH_TRICKLE_WATCH_SECONDS) || 100;
const SLOW_CLIENTS = 100;
const STUDENTS = 50;
const PASSWORD = "a long bench load passphrase 8";
/** Bookings a student may make per second at most before the seeded slots run out (134/s for 50 students was measured). */
const BOOKINGS_PER_STUDENT_PER_S = 6;
const PAGE_P95_MS = 250;
const POST_P95_MS = 500;
const RECOVERY_LIMIT_S = 10;
const RECOVERY_WATCH_S = 30;
const HEAP_CAP_MB = Number(startFlags.find((flag) => flag.startsWith("--max-old-space-size="))?.split("=")[1] ?? 256);
const BROWSER_HEADERS = { "Accept-Encoding": "gzip, deflate, br", "User-Agent": "bench-load" };

type Figures = {
  name: string;
  reqPerS: number;
  /** The busiest second's requests (autocannon's per-second samples). */
  peakReqPerS: number;
  latencies: number[];
  statuses: Map<number, number>;
  /** Answers not in the case's expected statuses. */
  refused: number;
  errors: number;
  timeouts: number;
  /** 503 and 429 answers without Retry-After, and 5xx answers other than 503. */
  refusalsWithoutRetryAfter: number;
  otherServerErrors: number;
  server: ProcessFigures;
};

type LoadCase = {
  key: string;
  name: string;
  p95TargetMs: number;
  /** The requests one connection sends in a loop, given the connection's number (0, 1, …). */
  requestsFor: (connection: number) => autocannon.Request[];
  expected: readonly number[];
};

const results: { line: string; pass: boolean }[] = [];
let running: { stop(): void } | undefined;

/** Records a target's PASS or FAIL line. */
function check(pass: boolean, line: string) {
  results.push({ line, pass });
}

/** Pins this process (every thread) to core 1, away from the server on core 0. */
function pinToCore1() {
  spawnSync("taskset", ["-a", "-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
}

/** The booking bench's seed: 50 students and a consultant per round with a slot for each student, so no booking is ever refused. */
function seed(dataDir: string, rounds: number) {
  const seeded = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/lib/bench-booking-seed.ts"],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        DATA_DIR: dataDir,
        BENCH_STUDENTS: String(STUDENTS),
        BENCH_ROUNDS: String(rounds),
        BENCH_PASSWORD: PASSWORD,
      },
      encoding: "utf8",
    },
  );
  if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stdout}${seeded.stderr}`);
}

const studentEmail = (student: number) => `bench.booker${student}@onward.test`;

/** Whether a raw header list (name, value, name, value…) carries a header. */
function hasHeader(raw: readonly string[], name: string) {
  return raw.some((value, index) => index % 2 === 0 && value.toLowerCase() === name);
}

/**
 * Runs autocannon against the server with each connection's own requests, counting every answer's status
 * and latency itself (autocannon's histogram has no p95) and watching the server process meanwhile.
 */
async function drive(
  base: string,
  pid: number,
  options: {
    name: string;
    connections: number;
    seconds: number;
    overallRate?: number;
    requestsFor: LoadCase["requestsFor"];
    expected: readonly number[];
  },
): Promise<Figures> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let refusalsWithoutRetryAfter = 0;
  let otherServerErrors = 0;
  let connection = 0;
  const watch = watchProcess(pid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    running = autocannon(
      {
        url: base,
        connections: options.connections,
        duration: options.seconds,
        timeout: 10,
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
        setupClient(client) {
          client.setRequests(options.requestsFor(connection++));
          // autocannon passes the parser's { statusCode, headers (a raw list) } here, not what its types say.
          (client as NodeJS.EventEmitter).on("headers", ({ statusCode, headers }: { statusCode: number; headers: string[] }) => {
            statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
            if ((statusCode === 503 || statusCode === 429) && !hasHeader(headers, "retry-after")) refusalsWithoutRetryAfter++;
            if (statusCode >= 500 && statusCode !== 503) otherServerErrors++;
          });
          client.on("response", (_status, _bytes, ms) => latencies.push(ms));
        },
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
  });
  running = undefined;
  const server = watch.stop();
  const refused = [...statuses].filter(([status]) => !options.expected.includes(status)).reduce((sum, [, count]) => sum + count, 0);
  return {
    name: options.name,
    reqPerS: latencies.length / result.duration,
    peakReqPerS: result.requests.max,
    latencies,
    statuses,
    refused,
    errors: result.errors,
    timeouts: result.timeouts,
    refusalsWithoutRetryAfter,
    otherServerErrors,
    server,
  };
}

/** The five cases of item 5, from the paths found on the pages and the students' sessions. */
function loadCases(base: string, paths: { university: string; guide: string }, cookies: string[]): LoadCase[] {
  const signedIn = (connection: number) => ({ ...BROWSER_HEADERS, Cookie: cookies[connection % cookies.length] ?? "" });
  const bookingRound = new Map<number, number>();
  const pdf = onePagePdf("Bank statement, measured by bench load");
  const uploads = documentFields.map((field) => ({ field, ...singleFileBody(field, `${field}.pdf`, "application/pdf", pdf) }));
  const finderQueries = [
    "country=Germany&sort=tuition",
    "sort=fit&ielts=6.5&budget=3000000",
    "q=technology&type=Public",
    "country=Canada&maxTuition=2500000&scholarships=1",
    "type=Private&sort=name&page=2",
    "ielts=7&country=Finland",
  ];
  return [
    {
      key: "anonymous",
      name: "anonymous pages",
      p95TargetMs: PAGE_P95_MS,
      expected: [200],
      requestsFor: () => ["/", "/find-university", paths.university, paths.guide].map((page) => ({ path: page, headers: BROWSER_HEADERS })),
    },
    {
      key: "finder",
      name: "finder with filters",
      p95TargetMs: PAGE_P95_MS,
      expected: [200],
      requestsFor: () => finderQueries.map((query) => ({ path: `/find-university?${query}`, headers: BROWSER_HEADERS })),
    },
    {
      key: "dashboard",
      name: "signed-in dashboard",
      p95TargetMs: PAGE_P95_MS,
      expected: [200],
      requestsFor: (connection) => [{ path: "/dashboard", headers: signedIn(connection) }],
    },
    {
      key: "booking",
      name: "booking post",
      p95TargetMs: POST_P95_MS,
      expected: [303],
      requestsFor: (connection) => {
        const student = (connection % STUDENTS) + 1;
        return [
          {
            method: "POST",
            headers: { ...signedIn(student - 1), Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
            setupRequest: (request) => {
              // Each booking takes the student's own slot of the next consultant: never one already taken.
              const round = (bookingRound.get(student) ?? 0) + 1;
              bookingRound.set(student, round);
              const body = new URLSearchParams({
                slot: `bench-bk-${round}-${student}`,
                name: `Bench Booker ${student}`,
                email: studentEmail(student),
                phone: "+880 1711 000000",
                address: "House 1, Road 2, Dhanmondi, Dhaka",
              });
              return { ...request, path: `/book-appointment/bench-bk-${round}`, body: body.toString() };
            },
          },
        ];
      },
    },
    {
      key: "upload",
      name: "document upload",
      p95TargetMs: POST_P95_MS,
      expected: [200],
      requestsFor: (connection) => {
        let next = connection;
        return [
          {
            method: "POST",
            headers: { ...signedIn(connection), Origin: base },
            setupRequest: (request) => {
              const upload = uploads[next++ % uploads.length];
              if (!upload) return request;
              return {
                ...request,
                path: `/apply/documents/${upload.field}`,
                headers: { ...request.headers, "Content-Type": upload.contentType },
                body: upload.body,
              };
            },
          },
        ];
      },
    },
  ];
}

/** Answers by status, e.g. "200 ×51234, 303 ×12". */
function byStatus(statuses: Map<number, number>) {
  return (
    [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status} ×${count}`)
      .join(", ") || "none"
  );
}

/** One row of the cases' table. */
function row(figures: Figures) {
  const ms = (p: number) => `${percentile(figures.latencies, p).toFixed(1)} ms`.padStart(9);
  return [
    figures.name.padEnd(20),
    figures.reqPerS.toFixed(0).padStart(7),
    figures.peakReqPerS.toFixed(0).padStart(7),
    ms(50),
    ms(95),
    ms(99),
    String(figures.refused).padStart(8),
    `${figures.errors} (${figures.timeouts})`.padStart(12),
    `${(figures.server.cpuShare * 100).toFixed(0)}%`.padStart(5),
    `${figures.server.peakRssMb.toFixed(0)} MB`.padStart(8),
    `  ${byStatus(figures.statuses)}`,
  ].join(" ");
}

/**
 * The quiet p95 of GET / (a fresh connection each, one every 100 ms or so, about 20 s), against which overload and slow
 * clients are held: sampled the way the slow clients' GET / is, over a similar stretch of time.
 */
async function quietP95(base: string): Promise<number> {
  const answers = await sequentialGets(`${base}/`, 200, 100);
  return percentile(
    answers.map((answer) => answer.ms),
    95,
  );
}

type Probe = TimedAnswer & { sentS: number };

/**
 * GET / every 100 ms from the moment the overload ended, until three answers in a row (in the order they were sent)
 * came back 200 within `boundMs` or RECOVERY_WATCH_S passed: the time from that moment to the first of the three.
 */
async function recovery(base: string, boundMs: number): Promise<{ seconds?: number; probes: Probe[] }> {
  const ended = performance.now();
  const sent: { done?: Probe }[] = [];
  let seconds: number | undefined;
  while (seconds === undefined && performance.now() - ended < RECOVERY_WATCH_S * 1000) {
    const slot: { done?: Probe } = {};
    const sentS = (performance.now() - ended) / 1000;
    sent.push(slot);
    void timedGet(`${base}/`).then((answer) => {
      slot.done = { ...answer, sentS };
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answeredInOrder = sent.findIndex((each) => !each.done);
    const settled = sent.slice(0, answeredInOrder === -1 ? sent.length : answeredInOrder).map((each) => each.done as Probe);
    seconds = firstGoodRun(settled, boundMs);
  }
  while (sent.some((each) => !each.done)) await new Promise((resolve) => setTimeout(resolve, 50));
  const probes = sent.map((each) => each.done as Probe);
  return { seconds: firstGoodRun(probes, boundMs), probes };
}

/** When (s after the overload) the first run of three normal answers began, in the order they were sent. */
function firstGoodRun(probes: readonly Probe[], boundMs: number): number | undefined {
  let runStart: number | undefined;
  let run = 0;
  for (const probe of probes) {
    if (probe.status === 200 && probe.ms <= boundMs) {
      runStart = run === 0 ? probe.sentS : runStart;
      run++;
      if (run >= 3) return runStart;
    } else run = 0;
  }
  return undefined;
}

/** Part 1: the five cases, each warmed up and then measured. Answers the figures per case. */
async function measureCases(base: string, pid: number, cases: LoadCase[]): Promise<Figures[]> {
  const all: Figures[] = [];
  for (const loadCase of cases) {
    const common = { connections: CONNECTIONS, requestsFor: loadCase.requestsFor, expected: loadCase.expected };
    await drive(base, pid, { ...common, name: loadCase.name, seconds: WARMUP_S });
    const figures = await drive(base, pid, { ...common, name: loadCase.name, seconds: DURATION_S });
    console.log(row(figures));
    all.push(figures);
    const p95 = percentile(figures.latencies, 95);
    check(
      p95 <= loadCase.p95TargetMs && figures.refused === 0 && figures.errors === 0,
      `${loadCase.name}: p95 ${p95.toFixed(1)} ms (target ≤ ${loadCase.p95TargetMs} ms), ${figures.refused} unexpected answers, ${figures.errors} errors`,
    );
  }
  return all;
}

/** Part 2: twice the saturating rate at signed-in pages, then the recovery. */
async function measureOverload(base: string, pid: number, saturating: number, cookies: string[], idleRssMb: number) {
  const quiet = await quietP95(base);
  const rate = Math.round(saturating * 2);
  console.log(
    `\nOverload: ${rate} req/s offered (twice the anonymous pages' busiest second, ${saturating.toFixed(0)} req/s) for ${OVERLOAD_S} s from ${OVERLOAD_CONNECTIONS} connections at signed-in /dashboard and /find-university; quiet p95 of GET / before: ${quiet.toFixed(1)} ms`,
  );
  const requestsFor = (connection: number) =>
    ["/dashboard", "/find-university?sort=fit&ielts=6.5"].map((page) => ({
      path: page,
      headers: { ...BROWSER_HEADERS, Cookie: cookies[connection % cookies.length] ?? "" },
    }));
  const figures = await drive(base, pid, {
    name: "overload",
    connections: OVERLOAD_CONNECTIONS,
    seconds: OVERLOAD_S,
    overallRate: rate,
    requestsFor,
    expected: [200],
  });
  const boundMs = 2 * quiet;
  const recovered = await recovery(base, boundMs);
  const alive = isAlive(pid);
  const health = alive ? await timedGet(`${base}/healthz`) : undefined;
  const rssBoundMb = HEAP_CAP_MB + idleRssMb;
  const shed = (figures.statuses.get(503) ?? 0) + (figures.statuses.get(429) ?? 0);
  console.log(row(figures));
  console.log(
    `  answered ${figures.latencies.length} (${figures.reqPerS.toFixed(0)}/s); shed (503/429) ${shed}, of them without Retry-After ${figures.refusalsWithoutRetryAfter}; other 5xx ${figures.otherServerErrors}; errors ${figures.errors} (timeouts ${figures.timeouts})`,
  );
  const late = recovered.probes.filter((probe) => probe.status !== 200 || probe.ms > boundMs);
  console.log(
    `  recovery: GET / every 100 ms, ${recovered.probes.length} probes, bound ${boundMs.toFixed(1)} ms; back to normal after ${recovered.seconds === undefined ? `more than ${RECOVERY_WATCH_S}` : recovered.seconds.toFixed(1)} s; slowest probe ${Math.max(...recovered.probes.map((probe) => probe.ms)).toFixed(0)} ms; ${late.length} probes over the bound or not 200`,
  );
  if (shed === 0) console.log("  note: nothing was shed (no 503 or 429): the server's load shedding did not engage");
  console.log(`  server alive: ${alive}; /healthz after: ${health ? `${health.status} in ${health.ms.toFixed(1)} ms` : "no answer"}`);
  check(alive && health?.status === 200, `overload: the server stayed up and /healthz answered (${health?.status ?? "none"})`);
  check(figures.otherServerErrors === 0, `overload: no 5xx other than 503 (${figures.otherServerErrors})`);
  check(
    figures.refusalsWithoutRetryAfter === 0,
    `overload: every 503/429 carries Retry-After (${shed} shed, ${figures.refusalsWithoutRetryAfter} without)`,
  );
  check(
    figures.server.peakRssMb <= rssBoundMb,
    `overload: peak RSS ${figures.server.peakRssMb.toFixed(0)} MB ≤ ${rssBoundMb.toFixed(0)} MB (heap cap ${HEAP_CAP_MB} MB + idle RSS ${idleRssMb.toFixed(0)} MB)`,
  );
  check(
    recovered.seconds !== undefined && recovered.seconds <= RECOVERY_LIMIT_S,
    `recovery: GET / back within 2× quiet p95 after ${recovered.seconds?.toFixed(1) ?? `> ${RECOVERY_WATCH_S}`} s (target ≤ ${RECOVERY_LIMIT_S} s)`,
  );
}

/** Part 3: 100 connections sending a byte a second while GET / is measured; then what became of each. */
async function measureSlowClients(base: string, port: number) {
  const quiet = await quietP95(base);
  console.log(`\nSlow clients: ${SLOW_CLIENTS} connections at one byte a second; quiet p95 of GET / before: ${quiet.toFixed(1)} ms`);
  const slow = startSlowClients(port, SLOW_CLIENTS, TRICKLE_S * 1000);
  const started = performance.now();
  try {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const answers: TimedAnswer[] = [];
    while (performance.now() - started < TRICKLE_S * 1000 || answers.length < 200) {
      answers.push(await timedGet(`${base}/`));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const during = percentile(
      answers.map((answer) => answer.ms),
      95,
    );
    const failed = answers.filter((answer) => answer.status !== 200).length;
    console.log(
      `  GET / while they trickle: ${answers.length} requests, p50 ${percentile(
        answers.map((answer) => answer.ms),
        50,
      ).toFixed(
        1,
      )} ms, p95 ${during.toFixed(1)} ms, max ${Math.max(...answers.map((answer) => answer.ms)).toFixed(1)} ms, ${failed} not 200; ${slow.open()} slow connections open`,
    );
    check(
      during <= 2 * quiet && during <= PAGE_P95_MS && failed === 0,
      `slow clients: p95 of GET / ${during.toFixed(1)} ms ≤ 2× quiet ${quiet.toFixed(1)} ms and ≤ ${PAGE_P95_MS} ms, ${failed} not 200`,
    );
    // Watch on: headers time out after Node's headersTimeout, silent bodies after 30 s without a byte.
    while (
      performance.now() - started < TRICKLE_WATCH_S * 1000 &&
      slow.fates().some((fate) => fate.kind !== "body" && fate.closedAtS === undefined)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    console.log(`  after ${((performance.now() - started) / 1000).toFixed(0)} s (the silent bodies stopped sending at ${TRICKLE_S} s):`);
    for (const line of describeFates(slow.fates())) console.log(`    ${line}`);
  } finally {
    slow.stop();
  }
}

/** Seeds the database and starts the server on it; the DATA_DIR is removed when either fails (the server's `stop()` removes it after). */
async function seedAndStart(dataDir: string, rounds: number, env: Record<string, string>) {
  try {
    seed(dataDir, rounds);
    return await startProductionServer({ cpu: 0, build: false, env, dataDir });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The whole run; the server and every connection are stopped whatever happens. */
async function main() {
  pinToCore1();
  const rounds = Math.ceil((WARMUP_S + DURATION_S) * BOOKINGS_PER_STUDENT_PER_S);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "onward-bench-load-"));
  console.log(
    `bench:load — ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per case; server pinned to core 0 (LOG_LEVEL=warn, PGlite), this process on core 1`,
  );
  console.log(`uptime before: ${spawnSync("uptime", { encoding: "utf8" }).stdout.trim()}`);
  const env: Record<string, string> = { LOG_LEVEL: "warn" };
  if (process.env.MAX_IN_FLIGHT) env.MAX_IN_FLIGHT = process.env.MAX_IN_FLIGHT;
  const server = await seedAndStart(dataDir, rounds, env);
  const stopAll = async () => {
    running?.stop();
    await server.stop();
  };
  process.once("SIGINT", () => void stopAll().then(() => process.exit(130)));
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const cookies: string[] = [];
    for (let student = 1; student <= STUDENTS; student++) cookies.push(await signIn(base, studentEmail(student), PASSWORD));
    const paths = {
      university: await firstLink(base, "/find-university", /^\/university\/[a-z0-9-]+$/),
      guide: await firstLink(base, "/", /^\/[a-z]+-details$/),
    };
    const idleRssMb = statusMb(server.pid, "VmRSS");
    console.log(
      `pages: /, /find-university, ${paths.university}, ${paths.guide}; ${rounds} booking rounds seeded; idle RSS ${idleRssMb.toFixed(0)} MB\n`,
    );
    console.log(
      `${"case".padEnd(20)} ${"req/s".padStart(7)} ${"peak/s".padStart(7)} ${"p50".padStart(9)} ${"p95".padStart(9)} ${"p99".padStart(9)} ${"refused".padStart(8)} ${"errors (t/o)".padStart(12)} ${"CPU".padStart(5)} ${"peak RSS".padStart(8)}   answers`,
    );
    const cases = loadCases(base, paths, cookies).filter((loadCase) => loadCase.key === "anonymous" || CASES.includes(loadCase.key));
    const figures = await measureCases(base, server.pid, cases);
    // The anonymous pages' busiest second: what the server answers at most when it is saturated.
    const saturating = figures[0]?.peakReqPerS ?? 0;
    await measureOverload(base, server.pid, saturating, cookies, idleRssMb);
    await measureSlowClients(base, server.port);
    console.log(`\nserver VmHWM (peak RSS over the whole run): ${statusMb(server.pid, "VmHWM").toFixed(0)} MB`);
  } finally {
    await stopAll();
  }
  console.log(`uptime after: ${spawnSync("uptime", { encoding: "utf8" }).stdout.trim()}\n`);
  for (const result of results) console.log(`${result.pass ? "PASS" : "FAIL"} ${result.line}`);
  process.exitCode = results.every((result) => result.pass) ? 0 : 1;
}

await main();
