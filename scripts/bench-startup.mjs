// Measures how long `npm start` takes on an already-built checkout to answer /healthz:
// on a fresh DATA_DIR (the embedded database is created and migrated) and on an existing one.
// Usage: npm run build && npm run bench:startup [-- --runs 3]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startFlags } from "./lib/production-server.mjs";

const runs = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 3;

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function timeToHealthy(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...startFlags, "server.js"], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), NODE_ENV: "production", LOG_LEVEL: "warn" },
    stdio: "inherit",
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const elapsed = performance.now() - started;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.on("exit", resolve));
  return elapsed;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fresh = [];
const existing = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "onward-bench-"));
  fresh.push(await timeToHealthy(dataDir));
  existing.push(await timeToHealthy(dataDir));
  rmSync(dataDir, { recursive: true, force: true });
}
const format = (values) => `median ${(median(values) / 1000).toFixed(2)} s (runs: ${values.map((v) => (v / 1000).toFixed(2)).join(", ")})`;
console.log(`fresh DATA_DIR:    ${format(fresh)}`);
console.log(`existing DATA_DIR: ${format(existing)}`);
