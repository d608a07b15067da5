import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TestUser } from "../support/accounts";
import { freePort, projectRoot } from "../support/server-process";
import { seedUsers, signInOverHttp } from "../support/server-users";
import { createServerEnvironment, databaseKind } from "../support/test-database";

/** `npm run dev` as a newcomer runs it: PORT and DATA_DIR, the embedded database, nothing built. */
describe.runIf(databaseKind() === "pglite")("npm run dev", () => {
  let child: ChildProcess;
  let url: string;
  let output = "";
  let student: TestUser;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const environment = await createServerEnvironment();
    cleanup = environment.cleanup;
    [student] = (await seedUsers(environment.env, ["student"])) as [TestUser];

    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ["scripts/dev.mjs"], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? "", PORT: String(port), DATA_DIR: environment.env.DATA_DIR ?? "", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    // Generous: Vite's first start shares two cores with the rest of the suite (60 s was once too little on CI).
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm run dev exited (${child.exitCode}):\n${output}`);
      try {
        if ((await fetch(`${url}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`npm run dev did not answer within 150 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    await cleanup?.();
  });

  test("serves the home page and, signed in, the dashboard, with hot reload on the same port", async () => {
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("Onward");
    expect(html).toContain("virtual:react-router/inject-hmr-runtime");

    const cookie = await signInOverHttp({ url }, student);
    const dashboard = await fetch(`${url}/dashboard`, { headers: { Cookie: cookie } });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain(student.name);

    // The design system's example page exists in development only (guards.test.ts: 404 elsewhere).
    const design = await fetch(`${url}/dev/design`);
    expect(design.status).toBe(200);
    expect(await design.text()).toContain("Design system");

    // Vite's hot-reload socket answers on the same HTTP server.
    const upgraded = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request(`${url}/`, {
        headers: {
          Connection: "Upgrade",
          Upgrade: "websocket",
          "Sec-WebSocket-Version": "13",
          "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
          "Sec-WebSocket-Protocol": "vite-hmr",
        },
      });
      request.on("upgrade", (response, socket) => {
        socket.destroy();
        resolve(response.statusCode);
      });
      request.on("response", (response) => resolve(response.statusCode));
      request.on("error", reject);
      request.end();
    });
    expect(upgraded).toBe(101);
  });
});
