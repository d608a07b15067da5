// `npm run build`, and `npm start` when the build is missing or older than the sources:
// React Router's build, then the compressed forms of the browser files (scripts/precompress.ts).
// `--quiet` (npm start) prints warnings and errors only, not the list of files built.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const quiet = process.argv.includes("--quiet");

const steps = [
  [
    "--import",
    path.join(root, "scripts", "lib", "quiet-vite.mjs"),
    path.join(root, "node_modules", "@react-router", "dev", "bin.js"),
    "build",
    ...(quiet ? ["--logLevel", "warn"] : []),
  ],
  [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), path.join(root, "scripts", "precompress.ts")],
];
for (const [index, args] of steps.entries()) {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    // Quiet, Vite logs warnings and errors only; precompress's one line of progress is left out.
    stdio: ["ignore", quiet && index === 1 ? "ignore" : "inherit", "inherit"],
    // Quiet, Paraglide's compiler (through consola) keeps its "compiled"/"skipped" lines to itself too.
    env: { ...process.env, NODE_ENV: "production", ...(quiet ? { CONSOLA_LEVEL: "1" } : {}) },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
