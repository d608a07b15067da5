import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM, then resolves with the exit code. */
  stop(): Promise<number | null>;
  exited: Promise<number | null>;
};

/** The lines a running server logged at `error` (pino level 50): a client's mistake must add none. */
export function loggedErrors(server: Pick<ServerProcess, "output">): string[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.includes('"level":50'));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function tempDir(prefix = "onward-test-"): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

/** A copy of a prepared DATA_DIR, so each test starts from a migrated database without creating one. */
export async function copyDataDir(template: string): Promise<string> {
  const dir = await tempDir("onward-data-");
  await cp(template, dir, { recursive: true });
  return dir;
}

/** Spawns `node server.js --no-build` (the production build must exist). */
export function spawnServer(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  if (!existsSync(path.join(projectRoot, "build", "server", "index.js"))) {
    throw new Error("No production build: run `npm run build` before these tests (npm test does).");
  }
  const child = spawn(process.execPath, ["server.js", "--no-build"], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Starts the server and waits until /healthz answers. */
export async function startServer(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerProcess> {
  const port = await freePort();
  const { child, output, exited } = spawnServer({ PORT: String(port), ...env });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`The server exited (${exitCode}) before answering:\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (Date.now() >= deadline) {
    child.kill("SIGKILL");
    throw new Error(`The server did not answer /healthz within ${timeoutMs} ms:\n${output()}`);
  }
  return {
    url,
    port,
    child,
    output,
    exited,
    async stop() {
      if (exitCode === undefined) child.kill("SIGTERM");
      return exited;
    },
  };
}
