import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/** Debian's Chromium; we never let a tool download a browser of its own. */
function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error("No Chromium found: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.");
  return found;
}

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Generous: on our two-core VMs a page fault costs some 14 µs, and a browser test can take three times as long as on a laptop.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    ...devices["Desktop Chrome"],
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
});
