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
import {
  BROWSER_HEADERS,
  bookingRoundsFor,
  byStatus,
  CONNECTIONS,
  DURATION_S,
  drive,
  type Figures,
  figureCells,
  findPages,
  type LoadCase,
  loadCases,
  measureCase,
  PAGE_P95_MS,
  seedBookings,
  signInStudents,
  stopRunningLoad,
  WARMUP_S,
} from "./lib/bench-load-cases";
import { isAlive, statusMb } from "./lib/bench-load-process";
import { percentile, sequentialGets, type TimedAnswer, timedGet } from "./lib/bench-load-requests";
import { describeFates, startSlowClients } from "./lib/bench-load-slow-clients";
import { startFlags, startProductionServer } from "./lib/production-server.mjs";

/** BENCH_CASES narrows part 1 (anonymous, finder, dashboard, booking, upload); the anonymous pages always run: the overload's rate comes from them. */
const CASES = process.env.BENCH_CASES?.split(",") ?? ["anonymous", "finder", "dashboard", "booking", "upload"];
const OVERLOAD_S = Number(process.env.BENCH_OVERLOAD_SECONDS) || 30;
const OVERLOAD_CONNECTIONS = 400;
/** How long the slow clients trickle while GET / is measured, and how long their fates are watched in all. */
const TRICKLE_S = Number(process.env.BENCH_TRICKLE_SECONDS) || 40;
const TRICKLE_WATCH_S = Number(process.env.BENCH_TRICKLE_WATCH_SECONDS) || 100;
const SLOW_CLIENTS = 100;
const RECOVERY_LIMIT_S = 10;
const RECOVERY_WATCH_S = 30;
const HEAP_CAP_MB = Number(startFlags.find((flag) => flag.startsWith("--max-old-space-size="))?.split("=")[1] ?? 256);

const results: { line: string; pass: boolean }[] = [];

/** Records a target's PASS or FAIL line. */
function check(pass: boolean, line: string) {
  results.push({ line, pass });
}

/** Pins this process (every thread) to core 1, away from the server on core 0. */
function pinToCore1() {
  spawnSync("taskset", ["-a", "-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
}

/** One row of the cases' table. */
function row(figures: Figures) {
  return [
    figures.name.padEnd(20),
    ...figureCells(figures),
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
    const figures = await measureCase(base, [pid], loadCase, { connections: CONNECTIONS, warmupS: WARMUP_S, seconds: DURATION_S });
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
  const figures = await drive(base, [pid], {
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
    seedBookings({ DATA_DIR: dataDir }, rounds);
    return await startProductionServer({ cpu: 0, build: false, env, dataDir });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The whole run; the server and every connection are stopped whatever happens. */
async function main() {
  pinToCore1();
  const rounds = bookingRoundsFor(WARMUP_S + DURATION_S);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "onward-bench-load-"));
  console.log(
    `bench:load — ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per case; server pinned to core 0 (LOG_LEVEL=warn, PGlite), this process on core 1`,
  );
  console.log(`uptime before: ${spawnSync("uptime", { encoding: "utf8" }).stdout.trim()}`);
  const env: Record<string, string> = { LOG_LEVEL: "warn" };
  if (process.env.MAX_IN_FLIGHT) env.MAX_IN_FLIGHT = process.env.MAX_IN_FLIGHT;
  const server = await seedAndStart(dataDir, rounds, env);
  const stopAll = async () => {
    stopRunningLoad();
    await server.stop();
  };
  process.once("SIGINT", () => void stopAll().then(() => process.exit(130)));
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const cookies = await signInStudents(base);
    const paths = await findPages(base);
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
