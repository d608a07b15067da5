import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { cp, rm, symlink } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { expect, test } from "vitest";
import { freePort, projectRoot, tempDir } from "../support/server-process";
import { createServerEnvironment, databaseKind } from "../support/test-database";

/**
 * What a fresh clone has: the committed sources, no build, no data (node_modules linked, as after `npm install`).
 * With `built`, the project's own build is copied in after the sources (newer than they are, so none is made).
 */
async function freshClone({ built }: { built: boolean }): Promise<string> {
  const dir = await tempDir("onward-clone-");
  const left = new Set(["node_modules", "build", "data", ".git", ".react-router", "test-results", "playwright-report", "coverage", ".tmp"]);
  await cp(projectRoot, dir, {
    recursive: true,
    filter: (source) => !left.has(path.relative(projectRoot, source).split(path.sep)[0] ?? ""),
  });
  await symlink(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"));
  if (built) await cp(path.join(projectRoot, "build"), path.join(dir, "build"), { recursive: true });
  return dir;
}

type Started = { child: ChildProcess; port: number; output: () => string; atFirstConnection: string; atFirstAnswer: string };

/**
 * `npm start` (package.json's command), its output going to a file: whatever the file holds when
 * the port first accepts a connection was written before the server listened.
 */
async function npmStart(cwd: string, env: Record<string, string>, timeoutMs: number): Promise<Started> {
  const port = await freePort();
  const log = path.join(await tempDir("onward-start-log-"), "output.txt");
  const fd = openSync(log, "w");
  const child = spawn(process.execPath, ["--max-old-space-size=256", "server.js"], {
    cwd,
    env: { PATH: process.env.PATH ?? "", PORT: String(port), ...env },
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  const output = () => readFileSync(log, "utf8");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output()}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`npm start did not listen within ${timeoutMs} ms:\n${output()}`);
    }
    if (await accepts(port)) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const atFirstConnection = output();
  expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
  return { child, port, output, atFirstConnection, atFirstAnswer: output() };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function stop(started: Started) {
  started.child.kill("SIGTERM");
  await new Promise((resolve) => started.child.once("exit", resolve));
}

const setupLink = /(http:\/\/localhost:\d+)\/setup\?token=([A-Za-z0-9_-]{43})(?=\s)/;

// On PostgreSQL the clone starts from the project's build: the build is the same whatever the database, and making it
// again costs a minute of the suite; what differs, the banner and a new empty database, is checked on both.
test("npm start on a fresh clone builds quietly, prints the banner with the set-up link before it listens, and the same link next time", async () => {
  const onPostgres = databaseKind() === "postgres";
  const clone = await freshClone({ built: onPostgres });
  // An empty DATA_DIR: the embedded database is created on this first start (or a new, empty PostgreSQL database).
  const dataDir = await tempDir("onward-first-data-");
  const postgres = onPostgres ? await createServerEnvironment() : undefined;
  const env = { ...postgres?.env, DATA_DIR: dataDir };
  try {
    const first = await npmStart(clone, env, 240_000);
    try {
      const lines = first.atFirstAnswer.split("\n").filter((line) => line.trim() !== "");
      expect(lines.length, first.atFirstAnswer).toBeLessThanOrEqual(40);
      expect(first.output()).not.toMatch(/deprecated|Future Flag/i);
      if (postgres) expect(first.atFirstConnection).not.toContain("building");
      else expect(first.atFirstConnection).toContain("No build found; building…");
      // Before the port accepted anything: the banner, with the database, data folder, mail and the link.
      expect(first.atFirstConnection).toContain(`Onward is starting on http://localhost:${first.port}`);
      expect(first.atFirstConnection).toContain(`  data      ${dataDir}`);
      expect(first.atFirstConnection).toMatch(/^ {2}mail {6}no SMTP_URL: kept as \.eml files in .*\/mail$/m);
      expect(first.atFirstConnection).toMatch(
        postgres ? /^ {2}database {2}PostgreSQL at postgres:\/\//m : /^ {2}database {2}embedded PostgreSQL \(PGlite\) in .*\/db$/m,
      );
      const link = first.atFirstConnection.match(setupLink);
      expect(link, first.atFirstConnection).not.toBeNull();
      const [, origin, token] = link as RegExpMatchArray;
      expect(origin).toBe(`http://localhost:${first.port}`);
      expect((await fetch(`http://127.0.0.1:${first.port}/setup?token=${token}`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${first.port}/setup`)).status).toBe(404);

      await stop(first);
      const second = await npmStart(clone, env, 120_000);
      try {
        expect(second.atFirstConnection.match(setupLink)?.[2]).toBe(token);
        expect(second.output()).not.toContain("building");
      } finally {
        await stop(second);
      }
    } finally {
      if (first.child.exitCode === null) await stop(first);
    }
  } finally {
    await postgres?.cleanup();
    await rm(clone, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}, 420_000);
