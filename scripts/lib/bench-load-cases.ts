// The load cases of `npm run bench:load` and its cluster variant (scripts/bench-load-cluster.ts): the booking bench's
// seed, the students' sign-ins, the pages found on the site, the cases' requests, and autocannon driving them while the
// server's processes are watched.
import { spawnSync } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { onePagePdf } from "./api-journey";
import { type ProcessFigures, watchProcesses } from "./bench-load-process";
import { firstLink, percentile, signIn, singleFileBody } from "./bench-load-requests";
import { documentFields } from "./document-fields.mjs";
import { root } from "./production-server.mjs";

/** The run's shape, from the environment: each case's measured seconds, its warm-up and its connections. */
export const DURATION_S = Number(process.env.BENCH_DURATION) || 60;
export const WARMUP_S = Number(process.env.BENCH_WARMUP) || 10;
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 50;
export const STUDENTS = 50;
const PASSWORD = "a long bench load passphrase 8";
/** Bookings a student may make per second at most before the seeded slots run out (134/s for 50 students was measured). */
const BOOKINGS_PER_STUDENT_PER_S = 6;
export const PAGE_P95_MS = 250;
const POST_P95_MS = 500;
export const BROWSER_HEADERS = { "Accept-Encoding": "gzip, deflate, br", "User-Agent": "bench-load" };

export type Figures = {
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
  /** The server's processes (added up when there are several). */
  server: ProcessFigures;
};

export type LoadCase = {
  key: string;
  name: string;
  p95TargetMs: number;
  /** The requests one connection sends in a loop, given the connection's number (0, 1, …). */
  requestsFor: (connection: number) => autocannon.Request[];
  expected: readonly number[];
};

/** The autocannon run in progress, stopped by `stopRunningLoad` (Ctrl-C). */
let running: { stop(): void } | undefined;
let stopped = false;

/** Stops the autocannon run in progress (its `drive` resolves with what was measured so far) and refuses any later one. */
export function stopRunningLoad() {
  stopped = true;
  running?.stop();
}

/** The booking rounds a run of `seconds` needs so that no booking is ever refused as taken. */
export function bookingRoundsFor(seconds: number): number {
  return Math.ceil(seconds * BOOKINGS_PER_STUDENT_PER_S);
}

/**
 * The booking bench's seed, before a server owns the database (`env` names it: DATA_DIR, or DATABASE_URL with the
 * instances' SESSION_SECRET): STUDENTS students and a consultant per round with a slot for each student.
 */
export function seedBookings(env: Record<string, string>, rounds: number) {
  const seeded = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/lib/bench-booking-seed.ts"],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        ...env,
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

/** Every seeded student signed in, in order: their session cookies. */
export async function signInStudents(base: string): Promise<string[]> {
  const cookies: string[] = [];
  for (let student = 1; student <= STUDENTS; student++) cookies.push(await signIn(base, studentEmail(student), PASSWORD));
  return cookies;
}

export type SitePaths = { university: string; guide: string };

/** A university's page and a country guide, as linked from the pages (real paths, not guessed ones). */
export async function findPages(base: string): Promise<SitePaths> {
  return {
    university: await firstLink(base, "/find-university", /^\/university\/[a-z0-9-]+$/),
    guide: await firstLink(base, "/", /^\/[a-z]+-details$/),
  };
}

/** Whether a raw header list (name, value, name, value…) carries a header. */
function hasHeader(raw: readonly string[], name: string) {
  return raw.some((value, index) => index % 2 === 0 && value.toLowerCase() === name);
}

/**
 * Runs autocannon against the server with each connection's own requests, counting every answer's status
 * and latency itself (autocannon's histogram has no p95) and watching the server's processes meanwhile.
 */
export async function drive(
  base: string,
  pids: readonly number[],
  options: {
    name: string;
    connections: number;
    seconds: number;
    overallRate?: number;
    requestsFor: LoadCase["requestsFor"];
    expected: readonly number[];
  },
): Promise<Figures> {
  if (stopped) throw new Error("the load was stopped");
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let refusalsWithoutRetryAfter = 0;
  let otherServerErrors = 0;
  let connection = 0;
  const watch = watchProcesses(pids);
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

/** One case: a warm-up of `warmupS` (JIT, caches, connections), then the measured `seconds`. */
export async function measureCase(
  base: string,
  pids: readonly number[],
  loadCase: LoadCase,
  run: { connections: number; warmupS: number; seconds: number },
): Promise<Figures> {
  const common = { name: loadCase.name, connections: run.connections, requestsFor: loadCase.requestsFor, expected: loadCase.expected };
  await drive(base, pids, { ...common, seconds: run.warmupS });
  return drive(base, pids, { ...common, seconds: run.seconds });
}

/**
 * The five cases of issue 28 item 5 (anonymous pages, finder with filters, a student's dashboard, a booking post,
 * a document upload), from the paths found on the pages and the students' sessions.
 */
export function loadCases(base: string, paths: SitePaths, cookies: string[]): LoadCase[] {
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
/** A table row's figures for a case, between its own leading columns and its trailing ones. */
export function figureCells(figures: Figures): string[] {
  const ms = (p: number) => `${percentile(figures.latencies, p).toFixed(1)} ms`.padStart(9);
  return [
    figures.reqPerS.toFixed(0).padStart(7),
    figures.peakReqPerS.toFixed(0).padStart(7),
    ms(50),
    ms(95),
    ms(99),
    String(figures.refused).padStart(8),
    `${figures.errors} (${figures.timeouts})`.padStart(12),
    `${(figures.server.cpuShare * 100).toFixed(0)}%`.padStart(5),
  ];
}

export function byStatus(statuses: Map<number, number>) {
  return (
    [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status} ×${count}`)
      .join(", ") || "none"
  );
}
