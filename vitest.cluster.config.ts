import path from "node:path";
import { defineConfig } from "vitest/config";

/** `npm run test:cluster`: the cluster test alone (it starts PostgreSQL's database, Redis's use, s3rver, instances and nginx itself). */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    env: { LOG_LEVEL: "silent" },
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    maxWorkers: 1,
  },
});
