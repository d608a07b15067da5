// `npm run bench:home`: anonymous GET / on the production server against a minimal static
// node:http server that sends the same bytes (same headers, same compressed body). Each server
// is pinned to core 0 with taskset; the load generator (wrk when installed, otherwise a small
// keep-alive node:http client) runs on core 1. Rounds alternate between the two servers; prints
// the median requests per second of each and the ratio
// (target: the home page reaches at least 25% of the static server).
import { spawn, spawnSync } from "node:child_process";
import http from "node:http";
import { freePort, startProductionServer } from "./lib/production-server.mjs";

const DURATION_S = Number(process.env.BENCH_SECONDS) || 10;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 32;
const ACCEPT_ENCODING = "gzip, deflate, br";
const hasWrk = spawnSync("sh", ["-c", "command -v wrk"]).status === 0;

/** The raw response a browser with no cookies gets for `/`. */
function capture(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": ACCEPT_ENCODING } }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** The static stand-in, as a child process so it can be pinned like the app. */
async function startStaticServer(snapshot) {
  const port = await freePort();
  const headers = Object.fromEntries(
    Object.entries(snapshot.headers).filter(
      ([name]) => !["date", "connection", "keep-alive", "x-request-id", "transfer-encoding"].includes(name),
    ),
  );
  const source = `
    const http = require("node:http");
    const body = Buffer.from(process.env.BODY, "base64");
    const headers = JSON.parse(process.env.HEADERS);
    const server = http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); });
    server.keepAliveTimeout = 5000;
    server.listen(Number(process.env.PORT), "127.0.0.1", () => process.send("ready"));`;
  const child = spawn("taskset", ["-c", "0", process.execPath, "-e", source], {
    env: { PATH: process.env.PATH, PORT: String(port), BODY: snapshot.body.toString("base64"), HEADERS: JSON.stringify(headers) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  await new Promise((resolve) => child.once("message", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

function runWrk(url, seconds) {
  const result = spawnSync(
    "taskset",
    ["-c", "1", "wrk", "-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "-H", `Accept-Encoding: ${ACCEPT_ENCODING}`, url],
    { encoding: "utf8" },
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(result.stdout)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(result.stdout)?.[1] ?? 0);
  if (!rps) throw new Error(`wrk failed:\n${result.stdout}${result.stderr}`);
  if (non2xx > 0) throw new Error(`${non2xx} responses were not 200`);
  return rps;
}

/** Fallback load generator: CONNECTIONS keep-alive loops, counting completed 200s. */
function runNodeLoad(url, seconds) {
  const source = `
    const http = require("node:http");
    const agent = new http.Agent({ keepAlive: true, maxSockets: ${CONNECTIONS} });
    const end = Date.now() + ${seconds * 1000};
    let done = 0, bad = 0;
    function loop() {
      if (Date.now() > end) return Promise.resolve();
      return new Promise((resolve) => {
        http.get(${JSON.stringify(url)}, { agent, headers: { "Accept-Encoding": ${JSON.stringify(ACCEPT_ENCODING)} } }, (res) => {
          res.resume();
          res.on("end", () => { if (res.statusCode === 200) done++; else bad++; resolve(); });
        }).on("error", () => { bad++; resolve(); });
      }).then(loop);
    }
    const started = Date.now();
    Promise.all(Array.from({ length: ${CONNECTIONS} }, loop)).then(() => {
      console.log(JSON.stringify({ rps: done / ((Date.now() - started) / 1000), bad }));
      agent.destroy();
    });`;
  const result = spawnSync("taskset", ["-c", "1", process.execPath, "-e", source], { encoding: "utf8" });
  const { rps, bad } = JSON.parse(result.stdout);
  if (bad > 0) throw new Error(`${bad} responses were not 200`);
  return rps;
}

const load = hasWrk ? runWrk : runNodeLoad;

function measure(url) {
  load(url, 3); // warm-up: JIT, caches, connection set-up
  return load(url, DURATION_S);
}

const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Both servers stay up (idle while the other is measured); rounds alternate between them so
// that noise from other work on the machine falls on both.
const app = await startProductionServer({ cpu: 0, env: process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {} });
let standIn;
const appRuns = [];
const staticRuns = [];
let snapshot;
try {
  // Both servers are addressed the same way (IPv4 loopback), so neither pays for name resolution.
  const appUrl = `http://127.0.0.1:${app.port}`;
  snapshot = await capture(`${appUrl}/`);
  if (snapshot.status !== 200) throw new Error(`GET / answered ${snapshot.status}`);
  standIn = await startStaticServer(snapshot);
  for (let round = 0; round < ROUNDS; round++) {
    appRuns.push(measure(`${appUrl}/`));
    staticRuns.push(measure(`${standIn.url}/`));
  }
} finally {
  await standIn?.stop();
  await app.stop();
}

const appRps = median(appRuns);
const staticRps = median(staticRuns);
const ratio = appRps / staticRps;
const list = (runs) => runs.map((rps) => rps.toFixed(0)).join(", ");
console.log(
  `load generator: ${hasWrk ? "wrk" : "node:http keep-alive client"} on core 1, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s (each after a 3 s warm-up); servers on core 0`,
);
console.log(`response: ${snapshot.body.length} bytes (${snapshot.headers["content-encoding"] ?? "identity"})`);
console.log(`Onward GET /:  median ${appRps.toFixed(0)} req/s (${list(appRuns)})`);
console.log(`static server: median ${staticRps.toFixed(0)} req/s (${list(staticRuns)})`);
console.log(`ratio: ${(ratio * 100).toFixed(1)}% (target >= 25%)`);
process.exitCode = ratio >= 0.25 ? 0 : 1;
