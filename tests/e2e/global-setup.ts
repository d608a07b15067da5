import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { bundleScripts } from "../support/bundled-scripts";
import { startServer } from "../support/server-process";

/** The scripts tests/e2e/app.ts seeds an app with: its accounts alone, or a working consultancy around them. */
export const seedScripts = { accounts: "tests/support/seed-accounts.ts", populated: "scripts/lib/bench-seed.ts" };

/**
 * Starts the built app once on a fresh DATA_DIR (creating and migrating the embedded
 * database), stops it, and leaves that folder as the template each test file copies; bundles
 * the seeding scripts each app runs before its server starts (tests/e2e/app.ts).
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "onward-e2e-template-"));
  const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }, 60_000);
  const code = await server.stop();
  if (code !== 0) throw new Error(`The template server exited with ${code}:\n${server.output()}`);
  process.env.ONWARD_E2E_TEMPLATE = dataDir;
  const bundled = await bundleScripts(Object.values(seedScripts));
  process.env.ONWARD_E2E_SCRIPTS = JSON.stringify(bundled.scripts);
  return bundled.remove;
}
