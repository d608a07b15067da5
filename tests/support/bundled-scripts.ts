import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { projectRoot } from "./server-process";

/**
 * Bundles TypeScript scripts (the browser tests' seeding) into one plain module each, in a fresh folder under
 * node_modules/.cache (inside the project, so that their packages resolve from node_modules, and app/.server's
 * projectPath() finds the repository root). Run by Node alone, a bundle starts in about a second where tsx took
 * some ten on our two-core VMs: tsx's loader takes each of the app's modules, the 3,400 compiled messages
 * included, one by one. Answers each entry's bundle, by the entry's path, and how to remove them.
 */
export async function bundleScripts(entries: string[]): Promise<{ scripts: Record<string, string>; remove: () => Promise<void> }> {
  const cache = path.join(projectRoot, "node_modules", ".cache", "onward");
  await mkdir(cache, { recursive: true });
  const outdir = await mkdtemp(path.join(cache, "scripts-"));
  await build({
    entryPoints: Object.fromEntries(entries.map((entry, index) => [String(index), path.join(projectRoot, entry)])),
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: { "~": path.join(projectRoot, "app") },
    logLevel: "warning",
  });
  return {
    scripts: Object.fromEntries(entries.map((entry, index) => [entry, path.join(outdir, `${index}.mjs`)])),
    remove: () => rm(outdir, { recursive: true, force: true }),
  };
}

export type ScriptResult = { code: number | null; output: string };

/**
 * Runs a script of the repository (`scripts/backup.ts`) with `args`, as an operator would: in the production
 * environment, through tsx as its npm command does, or from its bundle when `bundles` holds one. Resolves with its exit
 * code and everything it printed; a run still going after `timeoutMs` is killed and answers code null.
 */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  { bundles, timeoutMs = 200_000 }: { bundles?: Record<string, string>; timeoutMs?: number } = {},
): Promise<ScriptResult> {
  const bundled = bundles?.[script];
  const command = bundled ? [bundled] : [path.join(projectRoot, "node_modules", "tsx", "dist", "cli.mjs"), script];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...command, ...args], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
