import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const include = ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"];
/** Files that set process.env before the app reads its configuration once per process: each needs a process of its own. */
const ownProcess = [
  "app/.server/auth/sign-in-limit-redis.test.ts",
  "app/.server/invalidated-cache-redis.test.ts",
  "app/.server/security/rate-limit-redis.test.ts",
  "tests/integration/staff-two-factor.test.ts",
];

export default defineConfig({
  resolve: {
    alias: [
      // The compiled messages as one module, made by the global set-up (tests/support/messages-bundle.ts).
      { find: /^(~|\.)\/paraglide\/messages$/, replacement: path.resolve(import.meta.dirname, "app/paraglide/messages.bundle.js") },
      { find: "~", replacement: path.resolve(import.meta.dirname, "app") },
    ],
  },
  test: {
    globalSetup: ["./tests/support/global-setup.ts"],
    env: { NODE_ENV: "test", DATA_DIR: path.join(os.tmpdir(), "onward-vitest-data"), LOG_LEVEL: "silent" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    // A worker runs file after file on the modules it has already loaded (ADR 029): each file opens its own
    // database in beforeAll and lets go of it in afterAll (tests/support), so only the files above need isolation.
    projects: [
      { extends: true, test: { name: "shared", include, exclude: ownProcess, isolate: false } },
      { extends: true, test: { name: "own-process", include: ownProcess, isolate: true } },
    ],
  },
});
