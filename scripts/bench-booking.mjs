// `npm run bench:booking`: booking throughput and latency with 50 students booking at once, each a
// slot of their own (no two want the same one: this measures the booking path, not the refusal).
// The production server runs pinned to core 0 (LOG_LEVEL=warn) on PGlite and on the local
// PostgreSQL; this process plays the students from the other core. Each round, all students post
// their booking at the same moment (to a fresh consultant, since a student may hold one live
// booking per consultant); the figures are over every booking of every round: bookings per
// second (bookings / the rounds' wall time), latency p50/p95/max, and the server's CPU time per
// booking (utime + stime from /proc, which other work on the machine barely moves).
// A benchmark, not a test: it never runs under `npm test`. BENCH_STUDENTS (50), BENCH_ROUNDS (10)
// and BENCH_DATABASES (pglite,postgres) narrow or widen a run.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { root, startProductionServer } from "./lib/production-server.mjs";

const STUDENTS = Number(process.env.BENCH_STUDENTS) || 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 10;
const PASSWORD = "a long bench booking passphrase 7";
const CLOCK_TICK_MS = 1000 / Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);

function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

function seed(env) {
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/lib/bench-booking-seed.ts"],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        BENCH_STUDENTS: String(STUDENTS),
        BENCH_ROUNDS: String(ROUNDS),
        BENCH_PASSWORD: PASSWORD,
        ...env,
      },
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`seeding failed:\n${result.stdout}${result.stderr}`);
}

async function signIn(base, email) {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email, password: PASSWORD, intent: "password" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .find((pair) => pair.includes("session_token="));
  if (!cookie) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  return cookie;
}

async function runOn(label, env) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "onward-bench-booking-"));
  seed({ DATA_DIR: dataDir, ...env });
  const server = await startProductionServer({ cpu: 0, env: { LOG_LEVEL: "warn", ...env }, dataDir });
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const cookies = [];
    for (let index = 1; index <= STUDENTS; index++) cookies.push(await signIn(base, `bench.booker${index}@onward.test`));
    // Warm-up: each page the students will post to, once.
    await fetch(`${base}/book-appointment/bench-bk-1`, { headers: { Cookie: cookies[0] } }).then((response) => response.arrayBuffer());
    const latencies = [];
    let wallMs = 0;
    let failures = 0;
    const cpuBefore = cpuMs(server.pid);
    for (let round = 1; round <= ROUNDS; round++) {
      const started = performance.now();
      const answers = await Promise.all(
        cookies.map(async (cookie, index) => {
          const sent = performance.now();
          const response = await fetch(`${base}/book-appointment/bench-bk-${round}`, {
            method: "POST",
            redirect: "manual",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: base },
            body: new URLSearchParams({
              slot: `bench-bk-${round}-${index + 1}`,
              name: `Bench Booker ${index + 1}`,
              email: `bench.booker${index + 1}@onward.test`,
              phone: "+880 1711 000000",
              address: "House 1, Road 2, Dhanmondi, Dhaka",
            }),
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - sent);
          return response.status;
        }),
      );
      wallMs += performance.now() - started;
      failures += answers.filter((status) => status !== 303).length;
    }
    const cpu = cpuMs(server.pid) - cpuBefore;
    const bookings = STUDENTS * ROUNDS;
    const line = {
      label,
      bookings,
      failures,
      perSecond: (bookings / wallMs) * 1000,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: Math.max(...latencies),
      cpuPerBooking: cpu / bookings,
    };
    console.log(
      `${label.padEnd(10)} ${bookings} bookings (${failures} not booked): ${line.perSecond.toFixed(0)} bookings/s; latency p50 ${line.p50.toFixed(0)} ms, p95 ${line.p95.toFixed(0)} ms, max ${line.max.toFixed(0)} ms; server CPU ${line.cpuPerBooking.toFixed(2)} ms per booking`,
    );
    return line;
  } finally {
    await server.stop();
  }
}

console.log(
  `bench:booking — ${STUDENTS} students booking at once, distinct slots, ${ROUNDS} rounds; server pinned to core 0 (LOG_LEVEL=warn)`,
);
const databases = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
const results = [];
if (databases.includes("pglite")) results.push(await runOn("PGlite", {}));
if (databases.includes("postgres")) {
  const database = `onward_bench_booking_${process.pid}`;
  const psql = (sql) => spawnSync("psql", ["-q", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-c", sql], { encoding: "utf8" });
  if (spawnSync("pg_isready", ["-q", "-h", "127.0.0.1", "-p", "5432"]).status === 0 && psql(`create database ${database}`).status === 0) {
    try {
      results.push(
        await runOn("PostgreSQL", {
          DATABASE_URL: `${process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432"}/${database}`,
          SESSION_SECRET: "bench-session-secret-0123456789abcdef-xyz",
        }),
      );
    } finally {
      psql(`drop database if exists ${database} with (force)`);
    }
  } else {
    console.log("PostgreSQL on 127.0.0.1:5432 not reachable: skipped");
  }
}
process.exitCode = results.some((result) => result.failures > 0) ? 1 : 0;
