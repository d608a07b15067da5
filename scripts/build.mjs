// `npm run build`, and `npm start` when the build is missing or older than the sources:
// React Router's build twice, once per language of the browser files (ADR 038), the Bangla
// browser files merged into the main ones, then their compressed forms (scripts/precompress.ts).
// `--quiet` (npm start) prints warnings and errors only, not the list of files built.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const quiet = process.argv.includes("--quiet");

/** Where the server finds the Bangla browser files' manifest (server/start.ts reads it). */
const BANGLA_ASSETS = path.join("build", "server", "browser-assets-bn.json");

const reactRouterBuild = [
  "--import",
  path.join(root, "scripts", "lib", "quiet-vite.mjs"),
  path.join(root, "node_modules", "@react-router", "dev", "bin.js"),
  "build",
  ...(quiet ? ["--logLevel", "warn"] : []),
];

function run(args, { env = {}, silent = false } = {}) {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: ["ignore", silent ? "ignore" : "inherit", "inherit"],
    // Quiet, Paraglide's compiler (through consola) keeps its "compiled"/"skipped" lines to itself too.
    env: { ...process.env, NODE_ENV: "production", ...(quiet ? { CONSOLA_LEVEL: "1" } : {}), ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * The Bangla pass (react-router.config.ts puts it in build/bn): its hashed browser files join the
 * main ones (a name both builds made holds the same bytes), its manifest becomes the one the Bangla
 * handler serves, and the rest of it (its server build, public files) is dropped.
 */
function mergeBanglaBrowserFiles() {
  const from = path.join(root, "build", "bn", "client", "assets");
  const to = path.join(root, "build", "client", "assets");
  let manifest;
  for (const name of fs.readdirSync(from)) {
    if (/^manifest-[\w-]+\.js$/.test(name)) {
      const source = fs.readFileSync(path.join(from, name), "utf8");
      manifest = JSON.parse(source.slice(source.indexOf("=") + 1, source.lastIndexOf(";")));
    }
    if (!fs.existsSync(path.join(to, name))) fs.copyFileSync(path.join(from, name), path.join(to, name));
  }
  if (!manifest) throw new Error(`No React Router manifest in ${from}`);
  fs.writeFileSync(path.join(root, BANGLA_ASSETS), JSON.stringify(manifest));
  fs.rmSync(path.join(root, "build", "bn"), { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run(reactRouterBuild);
  run(reactRouterBuild, { env: { ONWARD_BROWSER_LOCALE: "bn" }, silent: true });
  mergeBanglaBrowserFiles();
  // Quiet, precompress's one line of progress is left out.
  run([path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), path.join(root, "scripts", "precompress.ts")], { silent: quiet });
}
