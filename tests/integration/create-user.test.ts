import { spawn } from "node:child_process";
import path from "node:path";
import { expect, test, vi } from "vitest";

// Each run starts tsx and may create a PGlite cluster: slow on two cores.
vi.setConfig({ testTimeout: 120_000 });

import { projectRoot, startServer, tempDir } from "../support/server-process";
import { createServerEnvironment, databaseKind } from "../support/test-database";

function createUser(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(projectRoot, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/create-user.ts", ...args],
      {
        cwd: projectRoot,
        env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
      },
    );
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}

const manager = ["--email", "Manager@Onward.test", "--password", "first staff account", "--name", "First Manager", "--role", "manager"];

test("creates a verified manager who can then sign in, and updates the role when run again", async () => {
  const { env, cleanup } = await createServerEnvironment();
  try {
    const created = await createUser(manager, env);
    expect(created.output).toContain("Created manager manager@onward.test");
    expect(created.code).toBe(0);
    const again = await createUser([...manager.slice(0, 6), "--role", "admin"], env);
    expect(again.output).toContain("role manager → admin");

    const server = await startServer(env);
    try {
      const response = await fetch(`${server.url}/login`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ email: "manager@onward.test", password: "first staff account" }),
      });
      expect(response.status).toBe(302);
      const cookie = response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const page = await (await fetch(`${server.url}/dashboard/user-management`, { headers: { Cookie: cookie } })).text();
      expect(page).toContain("User Management");
      expect(page).toContain("manager@onward.test");

      if (databaseKind() === "pglite") {
        const refused = await createUser(
          ["--email", "x@onward.test", "--password", "another staff pass", "--name", "X", "--role", "consultant"],
          env,
        );
        expect(refused.code).toBe(1);
        expect(refused.output).toMatch(/in use by process \d+/);
      }
    } finally {
      await server.stop();
    }
  } finally {
    await cleanup();
  }
});

test("creates and migrates a new DATA_DIR", async () => {
  const dataDir = await tempDir("onward-create-user-");
  const result = await createUser(
    ["--email", "new@onward.test", "--password", "brand new database", "--name", "New", "--role", "consultant"],
    { DATA_DIR: dataDir },
  );
  expect(result.code).toBe(0);
  expect(result.output).toContain("Created consultant new@onward.test");
});

// The password policy's whole table is tested on the domain function (provision-account.test.ts,
// password-policy.test.ts); one refusal here shows the command applies it.
test.concurrent.each([
  [["--email", "not-an-email", "--password", "long enough pass", "--name", "N", "--role", "manager"], "--email"],
  [["--email", "a@onward.test", "--password", "short", "--name", "N", "--role", "manager"], "--password"],
  [["--email", "a@onward.test", "--password", "long enough pass", "--name", "N", "--role", "king"], "--role"],
  [
    ["--email", "a@onward.test", "--password", "Onward2026!", "--name", "N", "--role", "manager"],
    "--password: Your password cannot contain the word “Onward”",
  ],
  [["--email", "a@onward.test", "--bogus"], "usage"],
])("refuses %o with a clear message and a non-zero exit", async (args, expected) => {
  const result = await createUser(args, { DATA_DIR: await tempDir() });
  expect(result.code).toBe(1);
  expect(result.output).toContain(expected);
});
