import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startServer } from "../support/server-process";

/**
 * Starts the built app once on a fresh DATA_DIR (creating and migrating the embedded
 * database), stops it, and leaves that folder as the template each test file copies.
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "onward-e2e-template-"));
  const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }, 60_000);
  const code = await server.stop();
  if (code !== 0) throw new Error(`The template server exited with ${code}:\n${server.output()}`);
  process.env.ONWARD_E2E_TEMPLATE = dataDir;
}
