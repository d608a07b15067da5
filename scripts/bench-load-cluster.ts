// `tsx scripts/bench-load-cluster.ts` (issue 29): the requests per second of 1 and 2 instances on the same machine.
// For each count in BENCH_INSTANCES (1,2), a cluster of its own (scripts/lib/cluster.ts: the production build as it
// is, a new PostgreSQL database, Redis, s3rver, nginx in front, TRUST_PROXY), seeded as `npm run bench:load` is, and
// bench:load's cases (BENCH_CASES: anonymous, finder, dashboard, booking) through nginx: BENCH_CONNECTIONS (50)
// connections for BENCH_DURATION (60) s after a BENCH_WARMUP (10) s warm-up each. So the only difference between the
// two runs is the number of instances. Prints a table (case, instances, req/s, p50/p95/p99, errors) and the ratio of
// two instances to one. Everything it starts is stopped and the database dropped, also on failure, Ctrl-C or SIGTERM.
// A benchmark, not a test: no targets, exit 1 only when a run fails.
//
// No pinning, unlike bench:load: one instance pinned to a core would still share it with nginx, PostgreSQL and Redis
// (which no script here can pin), and two instances pinned to the two cores would have them and the load generator
// preempt both. Left to the scheduler, the one-instance run can use a core of its own while the rest takes the other,
// which is what a second instance on this machine would be compared with in production.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  bookingRoundsFor,
  byStatus,
  CONNECTIONS,
  DURATION_S,
  type Figures,
  figureCells,
  findPages,
  loadCases,
  measureCase,
  seedBookings,
  signInStudents,
  stopRunningLoad,
  WARMUP_S,
} from "./lib/bench-load-cases";
import { type Cluster, startCluster } from "./lib/cluster";

/** bench:load's cases that make sense behind a balancer; the upload is left out: s3rver, its storage, runs in this process, beside the load generator. */
const CASES = process.env.BENCH_CASES?.split(",") ?? ["anonymous", "finder", "dashboard", "booking"];
const INSTANCE_COUNTS = (process.env.BENCH_INSTANCES ?? "1,2").split(",").map(Number);
const CORES = os.availableParallelism();

type Row = { instances: number; figures: Figures };

/** Set by Ctrl-C or SIGTERM: the run in progress stops, and so does everything started. */
let interrupted = false;

function throwIfInterrupted() {
  if (interrupted) throw new Error("interrupted");
}

/** Stops the load at once; the cluster is stopped by whoever started it, on the way out (once is enough). */
function onSignal(signal: NodeJS.Signals) {
  if (interrupted) return console.log(`${signal}: still stopping…`);
  console.log(`${signal}: stopping the load and the cluster…`);
  interrupted = true;
  stopRunningLoad();
}

/** A cluster of `instances`, seeded before any of them starts; its seed's own DATA_DIR (config reads one) is removed once it ran. */
async function startSeededCluster(instances: number, rounds: number): Promise<Cluster> {
  const seedDataDir = mkdtempSync(path.join(os.tmpdir(), "onward-bench-load-seed-"));
  try {
    return await startCluster({
      instances,
      build: false,
      postgresServer: process.env.TEST_DATABASE_URL || undefined,
      redisUrl: process.env.REDIS_URL || undefined,
      env: process.env.MAX_IN_FLIGHT ? { MAX_IN_FLIGHT: process.env.MAX_IN_FLIGHT } : {},
      // The database alone: with REDIS_URL the seeder would keep its Redis connection open and never exit, and nothing
      // runs yet whose caches it would have to tell.
      prepare: (env) =>
        seedBookings({ DATABASE_URL: env.DATABASE_URL ?? "", SESSION_SECRET: env.SESSION_SECRET ?? "", DATA_DIR: seedDataDir }, rounds),
    });
  } finally {
    rmSync(seedDataDir, { recursive: true, force: true });
  }
}

/** Every case against a cluster of `instances`, through nginx; the cluster is stopped (and its database dropped) whatever happens. */
async function measureCluster(instances: number): Promise<Row[]> {
  const cluster = await startSeededCluster(instances, bookingRoundsFor(WARMUP_S + DURATION_S));
  const rows: Row[] = [];
  try {
    throwIfInterrupted();
    const base = cluster.url;
    const cookies = await signInStudents(base);
    const paths = await findPages(base);
    const pids = cluster.instances.map((instance) => instance.pid);
    console.log(`\n${instances} instance${instances === 1 ? "" : "s"} behind ${base} (pids ${pids.join(", ")})`);
    for (const loadCase of loadCases(base, paths, cookies).filter((each) => CASES.includes(each.key))) {
      const figures = await measureCase(base, pids, loadCase, { connections: CONNECTIONS, warmupS: WARMUP_S, seconds: DURATION_S });
      // A run cut short by Ctrl-C measured a part of the time: not a figure.
      throwIfInterrupted();
      console.log(row({ instances, figures }));
      rows.push({ instances, figures });
    }
  } finally {
    await cluster.stop();
  }
  return rows;
}

const HEADER = `${"case".padEnd(20)} ${"inst.".padStart(5)} ${"req/s".padStart(7)} ${"peak/s".padStart(7)} ${"p50".padStart(9)} ${"p95".padStart(9)} ${"p99".padStart(9)} ${"refused".padStart(8)} ${"errors (t/o)".padStart(12)} ${"CPU".padStart(5)}   answers`;

/** One row of the table: CPU is the instances' together, as a share of one core (200% is both cores). */
function row({ instances, figures }: Row) {
  return [figures.name.padEnd(20), String(instances).padStart(5), ...figureCells(figures), `  ${byStatus(figures.statuses)}`].join(" ");
}

/** Per case, the req/s of the largest count over that of one instance. */
function scaling(rows: Row[]): string[] {
  const most = Math.max(...INSTANCE_COUNTS);
  const names = [...new Set(rows.map((each) => each.figures.name))];
  return names.flatMap((name) => {
    const one = rows.find((each) => each.instances === 1 && each.figures.name === name)?.figures.reqPerS;
    const many = rows.find((each) => each.instances === most && each.figures.name === name)?.figures.reqPerS;
    return one && many && most > 1 ? [`${name}: ${most} instances ${(many / one).toFixed(2)}× the req/s of one`] : [];
  });
}

async function main() {
  if (INSTANCE_COUNTS.some((count) => !Number.isInteger(count) || count < 1 || count > 16)) {
    throw new Error("BENCH_INSTANCES must be whole numbers from 1 to 16, e.g. 1,2");
  }
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  console.log(
    `bench:load (cluster) — instances ${INSTANCE_COUNTS.join(" then ")}, each on PostgreSQL + Redis + s3rver behind nginx; ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per case; no pinning`,
  );
  console.log(
    `This machine has ${CORES} cores, shared by the instances, nginx, PostgreSQL, Redis and this load generator: the figure of ${Math.max(...INSTANCE_COUNTS)} instances is bounded by the cores, not by the app.`,
  );
  const rows: Row[] = [];
  for (const instances of INSTANCE_COUNTS) {
    throwIfInterrupted();
    rows.push(...(await measureCluster(instances)));
  }
  console.log(`\n${HEADER}`);
  // Case by case, in the order they ran, each case's counts together.
  const order = [...new Set(rows.map((each) => each.figures.name))];
  const byCase = (a: Row, b: Row) => order.indexOf(a.figures.name) - order.indexOf(b.figures.name) || a.instances - b.instances;
  for (const each of [...rows].sort(byCase)) console.log(row(each));
  console.log("");
  for (const line of scaling(rows)) console.log(line);
  console.log(
    `(${CORES} cores for everything: the load generator and nginx take part of what a second instance would get, so the ratio is a floor for a machine with a core per instance.)`,
  );
}

try {
  await main();
} catch (error) {
  if (interrupted) process.exitCode = 130;
  else {
    console.error(`bench:load (cluster): ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    process.exitCode = 1;
  }
}
