// Starts the production server (building first when the build is missing or stale) on a
// free port with a temporary DATA_DIR, for the measuring scripts.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The node flags `npm start` runs the server with (the heap cap), so measurements match production. */
export const startFlags = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"))
  .scripts.start.split(" ")
  .filter((word) => word.startsWith("--"));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `node server.js` with `npm start`'s flags (which builds first when the build is missing or older than the sources)
 * with a fresh DATA_DIR (or the given one, removed on stop too). `cpu` pins it to one core with taskset; `build: false`
 * runs the build there is as it is (`--no-build`), refusing when there is none.
 * Resolves once /healthz answers; `stop()` ends it and removes the DATA_DIR; `kill()` ends it with SIGKILL, as a crash
 * would, and keeps the DATA_DIR for the next server.
 */
export async function startProductionServer({
  cpu,
  env = {},
  dataDir = mkdtempSync(path.join(os.tmpdir(), "onward-measure-")),
  build = true,
} = {}) {
  if (!build && !existsSync(path.join(root, "build", "server", "index.js"))) {
    throw new Error("No production build: run `npm run build` first.");
  }
  const port = await freePort();
  const command = cpu === undefined ? process.execPath : "taskset";
  // BENCH_NODE_FLAGS adds Node flags for one measurement, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const flags = [...startFlags, ...(process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? [])];
  const server = build ? ["server.js"] : ["server.js", "--no-build"];
  const args = cpu === undefined ? [...flags, ...server] : ["-c", String(cpu), process.execPath, ...flags, ...server];
  const child = spawn(command, args, {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(port), ...env },
    // stdout (the request log) goes nowhere, as to a log shipper that keeps up; errors still show.
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error("The server did not start within 180 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const end = async (signal) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await new Promise((resolve) => child.once("exit", resolve));
  };
  return {
    url,
    port,
    pid: child.pid,
    async stop() {
      await end("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => end("SIGKILL"),
  };
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Verified accounts (`{ email, password, name, role }`) made in `dataDir` (or the database `env.DATABASE_URL`
 * names) before a server owns it, by scripts/lib/bench-seed.ts with nothing else seeded (no members, no
 * applications). Throws with the seeder's output when it fails.
 */
export function seedAccounts(dataDir, accounts, env = {}) {
  const seeded = spawnSync(process.execPath, [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/lib/bench-seed.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      BENCH_MEMBERS: "0",
      BENCH_SEEDED_APPLICATIONS: "0",
      ONWARD_SEED_ACCOUNTS: JSON.stringify(accounts),
      ...env,
    },
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stdout}${seeded.stderr}`);
}
