import { test } from "@playwright/test";
import { copyDataDir, type ServerProcess, startServer } from "../support/server-process";

/**
 * Starts the built app for the test file that calls it, on a free port with its own
 * copy of the template DATA_DIR, and stops it when the file's tests are done.
 */
export function setUpApp() {
  let server: ServerProcess | undefined;
  test.beforeAll(async () => {
    const template = process.env.ONWARD_E2E_TEMPLATE;
    if (!template) throw new Error("The e2e global setup did not run");
    server = await startServer({ DATA_DIR: await copyDataDir(template), LOG_LEVEL: "warn" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return {
    url(path = "/") {
      if (!server) throw new Error("The app is not running");
      return `${server.url}${path}`;
    },
  };
}
