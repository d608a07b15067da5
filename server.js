// `npm start`: builds the app if the build is missing or older than the sources, then
// starts the production server from the build. Start-up failures we expect (a bad
// environment variable, a database that is down or already in use, a busy port) print one line and exit 1.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Production unless told otherwise: React and React Router pick their production builds from this.
process.env.NODE_ENV ??= "production";

const root = path.dirname(fileURLToPath(import.meta.url));
const serverBuild = path.join(root, "build", "server", "index.js");
const sources = [
  "app",
  "server",
  "content",
  "messages",
  "project.inlang/settings.json",
  "public",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
];
/** Made from the sources (the compiled messages, which the tests compile again): not a source. */
const generated = new Set([path.join("app", "paraglide")]);
const expectedFailures = new Set(["ConfigError", "DataDirLockedError", "DatabaseUnavailableError", "PortUnavailableError"]);

function newestChange(entry) {
  const full = path.join(root, entry);
  if (generated.has(entry) || !existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

function buildIfNeeded() {
  const builtAt = existsSync(serverBuild) ? statSync(serverBuild).mtimeMs : 0;
  if (builtAt > 0 && Math.max(...sources.map(newestChange)) <= builtAt) return;
  console.log(builtAt ? "Sources changed since the last build; building…" : "No build found; building…");
  const started = Date.now();
  // What `npm run build` runs, printing only warnings and errors (not the list of files built).
  const result = spawnSync(process.execPath, [path.join(root, "scripts", "build.mjs"), "--quiet"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("onward: the build failed; see the output above.");
    process.exit(1);
  }
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

// Tests start the server many times from one fresh build: `--no-build` skips the check.
if (!process.argv.includes("--no-build")) buildIfNeeded();
try {
  const { main } = await import(serverBuild);
  await main();
} catch (error) {
  if (error && expectedFailures.has(error.name)) {
    console.error(`onward: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
